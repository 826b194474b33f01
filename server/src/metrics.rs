//! What the server counts for whoever runs it, in the Prometheus text format (`/metrics` on
//! `--metrics-listen`). Counting is off until `enable` (when no metrics listener is set nothing
//! is counted, so the cached path pays nothing); what is counted lives for the process, as the
//! server is one per process. Figures that are a state rather than a count (the outbox's depth,
//! the database pool) are read when scraped, by whoever serves `/metrics`, and set with `Gauges`.

use std::{
    sync::{
        LazyLock,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::Duration,
};

use prometheus_client::{
    encoding::{EncodeLabelSet, text::encode},
    metrics::{
        counter::Counter,
        family::Family,
        gauge::Gauge,
        histogram::{Histogram, exponential_buckets},
    },
    registry::Registry,
};

/// The content type of `encode`'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

static ENABLED: AtomicBool = AtomicBool::new(false);
static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// Starts counting (for the rest of the process).
pub fn enable() {
    LazyLock::force(&METRICS);
    ENABLED.store(true, Ordering::Relaxed);
}

/// Counts with `record` while counting is on.
fn count(record: impl FnOnce(&Metrics)) {
    if ENABLED.load(Ordering::Relaxed) {
        record(&METRICS);
    }
}

/// Which requests share a latency histogram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RouteGroup {
    Pages,
    Api,
    Media,
}

impl RouteGroup {
    /// The group of a request for `path`.
    pub fn of(path: &str) -> Self {
        if path.starts_with("/api/") {
            Self::Api
        } else if ["/media/", "/site/", "/assets/"].iter().any(|prefix| path.starts_with(prefix)) {
            Self::Media
        } else {
            Self::Pages
        }
    }

    fn label(self) -> &'static str {
        match self {
            Self::Pages => "pages",
            Self::Api => "api",
            Self::Media => "media",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: &'static str,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GroupLabels {
    group: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DeliveryLabels {
    channel: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WhereLabels {
    at: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabels {
    reason: &'static str,
}

type FloatGauge = Gauge<f64, AtomicU64>;

struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<GroupLabels, Histogram, fn() -> Histogram>,
    cache_hits: Counter,
    cache_misses: Counter,
    cache_evictions: Counter,
    renders: Counter,
    render_time: Histogram,
    deliveries: Family<DeliveryLabels, Counter>,
    bookings: Counter,
    sign_in_failures: Counter,
    connections_open: Gauge,
    connections_refused: Family<ReasonLabels, Counter>,
    panics: Family<WhereLabels, Counter>,
    gauges: Gauges,
}

/// The figures read when scraped, set by whoever serves `/metrics` just before `encode`.
pub struct Gauges {
    pub cache_bytes: Gauge,
    pub cache_entries: Gauge,
    outbox: Family<StateLabels, Gauge>,
    pub outbox_oldest_pending_seconds: FloatGauge,
    pub pool_size: Gauge,
    pub pool_idle: Gauge,
    pub pool_wait_seconds: FloatGauge,
    pub backup_last_success: Gauge,
    pub backup_last_failure: Gauge,
}

impl Gauges {
    /// How many deliveries are in `state` (pending, sent, dead, cancelled).
    pub fn outbox_state(&self, state: &'static str, count: i64) {
        self.outbox.get_or_create(&StateLabels { state }).set(count);
    }
}

fn latency_histogram() -> Histogram {
    // 100 µs to about 6.5 s.
    Histogram::new(exponential_buckets(0.0001, 3.0, 11))
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::with_prefix("trailerworks");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "Requests answered, by route template and status class",
            requests.clone(),
        );
        let latency =
            Family::<GroupLabels, Histogram, fn() -> Histogram>::new_with_constructor(latency_histogram);
        registry.register(
            "http_request_duration_seconds",
            "Time to answer a request (to its headers), by route group: pages, api, media",
            latency.clone(),
        );
        let cache_hits = Counter::default();
        registry.register("page_cache_hits", "Answers the page cache held", cache_hits.clone());
        let cache_misses = Counter::default();
        registry.register("page_cache_misses", "Answers the page cache had to make", cache_misses.clone());
        let cache_evictions = Counter::default();
        registry.register(
            "page_cache_evictions",
            "Answers evicted from a full page cache",
            cache_evictions.clone(),
        );
        let renders = Counter::default();
        registry.register("renders", "Pages rendered by QuickJS", renders.clone());
        let render_time = latency_histogram();
        registry.register(
            "render_duration_seconds",
            "Time to render a page and make its document",
            render_time.clone(),
        );
        let deliveries = Family::<DeliveryLabels, Counter>::default();
        registry.register(
            "deliveries",
            "Outbox delivery attempts by channel and outcome (sent, failed, dead)",
            deliveries.clone(),
        );
        let bookings = Counter::default();
        registry.register("bookings_stored", "Booking requests stored", bookings.clone());
        let sign_in_failures = Counter::default();
        registry.register(
            "sign_in_failures",
            "Admin sign-ins refused (wrong password or code, throttled)",
            sign_in_failures.clone(),
        );
        let connections_open = Gauge::default();
        registry.register("connections_open", "Client connections open now", connections_open.clone());
        let connections_refused = Family::<ReasonLabels, Counter>::default();
        registry.register(
            "connections_refused",
            "Connections turned away at the caps (full, address_full)",
            connections_refused.clone(),
        );
        let panics = Family::<WhereLabels, Counter>::default();
        registry.register(
            "panics",
            "Panics caught, by where (request, or the background task's name, which is restarted)",
            panics.clone(),
        );
        let gauges = Gauges {
            cache_bytes: Gauge::default(),
            cache_entries: Gauge::default(),
            outbox: Family::default(),
            outbox_oldest_pending_seconds: FloatGauge::default(),
            pool_size: Gauge::default(),
            pool_idle: Gauge::default(),
            pool_wait_seconds: FloatGauge::default(),
            backup_last_success: Gauge::default(),
            backup_last_failure: Gauge::default(),
        };
        registry.register(
            "page_cache_bytes",
            "Bytes of answers in the page cache",
            gauges.cache_bytes.clone(),
        );
        registry.register("page_cache_entries", "Answers in the page cache", gauges.cache_entries.clone());
        registry.register("outbox_deliveries", "Outbox deliveries by state", gauges.outbox.clone());
        registry.register(
            "outbox_oldest_pending_age_seconds",
            "Age of the oldest pending delivery (0 when none waits)",
            gauges.outbox_oldest_pending_seconds.clone(),
        );
        registry.register(
            "db_pool_connections",
            "Database connections open in the pool",
            gauges.pool_size.clone(),
        );
        registry.register(
            "db_pool_idle_connections",
            "Idle database connections in the pool",
            gauges.pool_idle.clone(),
        );
        registry.register(
            "db_pool_wait_seconds",
            "Time the scrape waited for a database connection",
            gauges.pool_wait_seconds.clone(),
        );
        registry.register(
            "backup_last_success_timestamp_seconds",
            "When the last scheduled backup succeeded (Unix time; 0 when none has)",
            gauges.backup_last_success.clone(),
        );
        registry.register(
            "backup_last_failure_timestamp_seconds",
            "When the last scheduled backup failed (Unix time; 0 when none has)",
            gauges.backup_last_failure.clone(),
        );
        Self {
            registry,
            requests,
            latency,
            cache_hits,
            cache_misses,
            cache_evictions,
            renders,
            render_time,
            deliveries,
            bookings,
            sign_in_failures,
            connections_open,
            connections_refused,
            panics,
            gauges,
        }
    }
}

/// The status class of `status`: 1xx to 5xx.
fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// A request answered with `status` after `elapsed`, by the route `route` (a template).
pub fn request(route: &'static str, group: RouteGroup, status: u16, elapsed: Duration) {
    count(|metrics| {
        metrics.requests.get_or_create(&RequestLabels { route, status: status_class(status) }).inc();
        metrics.latency.get_or_create(&GroupLabels { group: group.label() }).observe(elapsed.as_secs_f64());
    });
}

pub fn cache_hit() {
    count(|metrics| {
        metrics.cache_hits.inc();
    });
}

pub fn cache_miss() {
    count(|metrics| {
        metrics.cache_misses.inc();
    });
}

pub fn cache_evicted() {
    count(|metrics| {
        metrics.cache_evictions.inc();
    });
}

pub fn rendered(elapsed: Duration) {
    count(|metrics| {
        metrics.renders.inc();
        metrics.render_time.observe(elapsed.as_secs_f64());
    });
}

/// A delivery attempt on `channel` that ended `outcome` (sent, failed, dead).
pub fn delivery(channel: &'static str, outcome: &'static str) {
    count(|metrics| {
        metrics.deliveries.get_or_create(&DeliveryLabels { channel, outcome }).inc();
    });
}

pub fn booking_stored() {
    count(|metrics| {
        metrics.bookings.inc();
    });
}

pub fn sign_in_failed() {
    count(|metrics| {
        metrics.sign_in_failures.inc();
    });
}

pub fn connection_opened() {
    count(|metrics| {
        metrics.connections_open.inc();
    });
}

pub fn connection_closed() {
    count(|metrics| {
        metrics.connections_open.dec();
    });
}

/// A connection turned away (`full`, `address_full`).
pub fn connection_refused(reason: &'static str) {
    count(|metrics| {
        metrics.connections_refused.get_or_create(&ReasonLabels { reason }).inc();
    });
}

/// A panic caught `at` (a request, or a background task's name).
pub fn panicked(at: &'static str) {
    count(|metrics| {
        metrics.panics.get_or_create(&WhereLabels { at }).inc();
    });
}

/// Sets the scraped figures with `set`, then writes every series as text.
pub fn encode_with(set: impl FnOnce(&Gauges)) -> String {
    let metrics = &*METRICS;
    set(&metrics.gauges);
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = encode(&mut text, &metrics.registry);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_grouped_by_what_they_ask_for() {
        assert_eq!(RouteGroup::of("/api/bookings"), RouteGroup::Api);
        assert_eq!(RouteGroup::of("/media/blog-images/a.png"), RouteGroup::Media);
        assert_eq!(RouteGroup::of("/assets/app.js"), RouteGroup::Media);
        assert_eq!(RouteGroup::of("/service-areas/aurora"), RouteGroup::Pages);
        assert_eq!(status_class(204), "2xx");
        assert_eq!(status_class(503), "5xx");
    }
}
