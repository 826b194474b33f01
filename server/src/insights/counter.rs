//! Counting as requests are answered: page views (on the server, cached or not), the assets and
//! beacons that show a browser, the booking funnel's steps and bots. Everything is added up in
//! memory and written once a minute (`Insights::run`), so the page cache's fast path only takes
//! a lock and a hash.

use std::{
    net::IpAddr,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use axum::http::{HeaderMap, header};

use super::{
    funnel::Reached,
    report, store,
    tally::{Batch, NewVisitor, StepKey, Tally},
    visitor::{self, Arrival, Device, Salt},
};
use crate::{db::Db, delivery::Outbox, site::SiteDetails};

/// The most batches kept for another try while the database cannot take them (an hour's worth).
const MOST_UNWRITTEN: usize = 60;

/// Who sent a request: their address (as the trusted proxies tell it) and the request's headers.
#[derive(Clone, Copy)]
pub struct Client<'a> {
    pub address: IpAddr,
    pub headers: &'a HeaderMap,
}

impl Client<'_> {
    fn agent(&self) -> &str {
        self.headers.get(header::USER_AGENT).and_then(|value| value.to_str().ok()).unwrap_or_default()
    }
}

/// A step of the booking funnel, as counted.
pub struct Step<'a> {
    pub reached: Reached,
    /// The page and button that opened the dialog.
    pub page: &'a str,
    pub button: &'a str,
}

pub struct Insights {
    /// False with `--insights off`: nothing is counted or written.
    on: bool,
    /// The site's public origin, part of every visitor's number.
    site: String,
    details: Arc<SiteDetails>,
    db: Db,
    outbox: Arc<Outbox>,
    admin_url: String,
    write_every: Duration,
    today: Mutex<Today>,
}

struct Today {
    tally: Tally,
    salt: Salt,
    /// The second the shop's date was last looked at.
    checked_at: u64,
    /// Days that ended and still have counts to write.
    ended: Vec<Tally>,
}

pub struct Settings {
    pub on: bool,
    pub public_url: String,
    pub write_every: Duration,
}

impl Insights {
    pub fn new(settings: Settings, details: Arc<SiteDetails>, db: Db, outbox: Arc<Outbox>) -> Self {
        let day = db.clock.today(&details.content().business.zone());
        Self {
            on: settings.on,
            admin_url: format!("{}/dbadmin/insights", settings.public_url),
            site: settings.public_url,
            details,
            db,
            outbox,
            write_every: settings.write_every,
            today: Mutex::new(Today {
                tally: Tally::new(day),
                salt: Salt::new(),
                checked_at: 0,
                ended: Vec::new(),
            }),
        }
    }

    /// Whether visits are counted (`--insights on`).
    pub fn on(&self) -> bool {
        self.on
    }

    /// A public page answered to `client` at `path` (`query`: its query string).
    pub fn page_view(&self, client: Client<'_>, path: &str, query: Option<&str>) {
        self.count(client, |tally, key| {
            tally.view(key, path, false, || first(key, client, path, query));
        });
    }

    /// `client` loaded one of the site's assets: a browser.
    pub fn asset(&self, client: Client<'_>) {
        if !visitor::is_bot(client.agent()) {
            self.count(client, |tally, key| tally.loaded_asset(key));
        }
    }

    /// A page shown after an in-app navigation (a beacon, so a browser).
    pub fn navigation(&self, client: Client<'_>, path: &str) {
        self.count(client, |tally, key| tally.view(key, path, true, || first(key, client, path, None)));
    }

    /// The page's script ran at `path`: a browser.
    pub fn seen(&self, client: Client<'_>, path: &str) {
        self.count(client, |tally, key| tally.browser(key, || first(key, client, path, None)));
    }

    /// A step of the booking funnel.
    pub fn step(&self, client: Client<'_>, step: Step<'_>) {
        self.count(client, |tally, key| {
            let first = || first(key, client, step.page, None);
            tally.step(
                StepKey {
                    visitor: key,
                    step: step.reached,
                    page: step.page.to_owned(),
                    button: step.button.to_owned(),
                },
                first,
            );
        });
    }

    /// Counts a request of `client` with `act`, unless counting is off, the browser asks not to
    /// be counted, or it is a bot's (counted as such).
    fn count(&self, client: Client<'_>, act: impl FnOnce(&mut Tally, i64)) {
        if !self.on || visitor::declines(client.headers) {
            return;
        }
        let agent = client.agent();
        let mut today = self.today.lock().unwrap_or_else(PoisonError::into_inner);
        self.turn_day(&mut today);
        if visitor::is_bot(agent) {
            today.tally.bot();
            return;
        }
        let key = today.salt.visitor(&self.site, client.address, agent);
        act(&mut today.tally, key);
    }

    /// At the shop's midnight (looked at once a second): the day's counts are set aside to be
    /// written, and a new salt is made, so nobody is followed into the next day.
    fn turn_day(&self, today: &mut Today) {
        let now = self.db.clock.now();
        let second = u64::try_from(now.as_second()).unwrap_or_default();
        if second == today.checked_at {
            return;
        }
        today.checked_at = second;
        let date = now.to_zoned(self.details.content().business.zone()).date();
        if date != today.tally.day {
            let ended = std::mem::replace(&mut today.tally, Tally::new(date));
            today.ended.push(ended);
            today.salt = Salt::new();
        }
    }

    /// What is counted and not written yet.
    fn take(&self) -> Vec<Batch> {
        let mut today = self.today.lock().unwrap_or_else(PoisonError::into_inner);
        self.turn_day(&mut today);
        let mut batches: Vec<Batch> = today.ended.drain(..).map(|mut ended| ended.take(true)).collect();
        if today.tally.dropped > 0 {
            tracing::warn!(
                "Insights left {} requests uncounted today: too many visitors to keep in memory",
                today.tally.dropped
            );
            today.tally.dropped = 0;
        }
        batches.push(today.tally.take(false));
        batches.retain(|batch| !batch.is_empty());
        batches
    }

    /// Writes what was counted every `write_every` (keeping what the database could not take
    /// for the next time), and queues the weekly report when it is due.
    pub async fn run(self: Arc<Self>) {
        if !self.on {
            return;
        }
        let mut unwritten: Vec<Batch> = Vec::new();
        loop {
            self.db.clock.sleep(self.write_every).await;
            unwritten.extend(self.take());
            match store::write(&self.db, &unwritten).await {
                Ok(()) => unwritten.clear(),
                Err(error) => {
                    tracing::warn!("Failed to write the visit counts (kept for the next try): {error:#}");
                    if unwritten.len() > MOST_UNWRITTEN {
                        let lost = unwritten.len() - MOST_UNWRITTEN;
                        unwritten.drain(..lost);
                        tracing::warn!("Dropped {lost} minutes of visit counts the database could not take");
                    }
                }
            }
            if let Err(error) =
                report::queue_due(&self.db, &self.details, &self.outbox, &self.admin_url).await
            {
                tracing::warn!("Failed to queue the weekly report: {error:#}");
            }
        }
    }

    /// Writes what is counted now (when the server stops).
    pub async fn write_now(&self) {
        if !self.on {
            return;
        }
        if let Err(error) = store::write(&self.db, &self.take()).await {
            tracing::warn!("Failed to write the last visit counts: {error:#}");
        }
    }
}

/// A visitor as first seen, at `path`.
fn first(key: i64, client: Client<'_>, path: &str, query: Option<&str>) -> NewVisitor {
    NewVisitor {
        visitor: key,
        arrival: Arrival::of(client.headers, query),
        landing: path.into(),
        device: Device::of(client.agent()),
    }
}
