use super::*;

#[test]
fn the_backoff_doubles_and_is_capped() {
    let base = Duration::from_secs(30);
    assert_eq!(backoff(base, 1), Duration::from_secs(30));
    assert_eq!(backoff(base, 2), Duration::from_secs(60));
    assert_eq!(backoff(base, 4), Duration::from_secs(240));
    assert_eq!(backoff(base, 40), MAX_BACKOFF);
}
