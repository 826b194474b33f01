//! The long fault runs of `make soak` (ignored by `make test`): the same checks as the fast
//! tests in `faults` and `connections`, at the sizes the promises are made for.

use std::time::Duration;

use crate::{connections::trickling_clients, faults};

#[tokio::test]
#[ignore = "long; make soak runs it"]
async fn soak_ten_rounds_of_kill_9_under_load() {
    faults::kill_9_under_load(10, Duration::from_secs(3)).await;
}

#[tokio::test]
#[ignore = "long; make soak runs it"]
async fn soak_a_thousand_trickling_connections_for_a_minute() {
    trickling_clients(1000, Duration::from_secs(60), 20_000).await;
}

#[tokio::test]
#[ignore = "long; make soak runs it"]
async fn soak_both_providers_down_for_two_minutes_across_a_restart() {
    faults::providers_down(Duration::from_secs(120)).await;
}
