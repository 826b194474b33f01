use super::*;

fn content() -> Content {
    Content::load(None).expect("the built-in content")
}

fn at(text: &str) -> Timestamp {
    text.parse::<jiff::civil::DateTime>()
        .expect("a date and time")
        .to_zoned(jiff::tz::TimeZone::get("America/Denver").expect("the zone"))
        .expect("on the clock")
        .timestamp()
}

#[test]
fn shop_hours_count_only_the_minutes_the_shop_is_open() {
    let mut content = content();
    let calendar = Calendar::new(&content);
    // Friday 5 PM to Monday 9 AM: one hour on Friday, six on Saturday, one on Monday.
    assert_eq!(open_minutes(&calendar, at("2026-11-27T17:00"), at("2026-11-30T09:00")), 8 * 60);
    // Sunday is closed all day.
    assert_eq!(open_minutes(&calendar, at("2026-11-29T07:00"), at("2026-11-29T20:00")), 0);
    // A night: nothing.
    assert_eq!(open_minutes(&calendar, at("2026-11-24T19:00"), at("2026-11-25T07:59")), 0);
    // A closed day of the shop's counts nothing either.
    content.scheduling.closed_dates = vec!["2026-11-28".to_owned()];
    let calendar = Calendar::new(&content);
    assert_eq!(open_minutes(&calendar, at("2026-11-27T17:00"), at("2026-11-30T09:00")), 2 * 60);
}

#[test]
fn emergencies_count_every_minute_and_a_business_day_is_an_average_open_day() {
    let content = content();
    let measure = Measure::new(&content);
    assert_eq!(measure.minutes(Clock::AroundTheClock, at("2026-11-24T23:00"), at("2026-11-25T00:10")), 70);
    assert_eq!(measure.promise_minutes(Clock::AroundTheClock), Some(30));
    // Five days of 10 hours and one of 6: 560 minutes on average.
    assert_eq!(measure.promise_minutes(Clock::ShopHours), Some(560));
    assert!(measure.overdue(true, at("2026-11-24T23:00"), at("2026-11-24T23:31")));
    assert!(!measure.overdue(false, at("2026-11-24T23:00"), at("2026-11-25T09:00")));
}

#[test]
fn answered_and_waiting_requests_are_counted_apart() {
    let content = content();
    let measure = Measure::new(&content);
    let mut waits: Vec<Wait> = (1..=10).map(|n| Wait::Answered(n * 10)).collect();
    waits.extend([Wait::Waiting(20), Wait::Waiting(2), Wait::Withdrawn]);
    let figures = measure.figures(Clock::AroundTheClock, waits);
    assert_eq!(figures.requests, 13);
    assert_eq!(
        (figures.answered.count, figures.answered.median_minutes, figures.answered.p90_minutes),
        (10, Some(50), Some(90))
    );
    assert_eq!(figures.answered.late, 7);
    assert_eq!(
        (figures.waiting.count, figures.waiting.longest_minutes, figures.waiting.late),
        (2, Some(20), 0)
    );
    assert_eq!(figures.waiting.minutes_left, Some(10), "the longest has 10 of its 30 minutes left");
    assert_eq!(figures.cancelled_unanswered, 1);
    // None answered: no answer time is made up from the waits.
    let figures = measure.figures(Clock::AroundTheClock, vec![Wait::Waiting(2), Wait::Waiting(45)]);
    assert_eq!((figures.answered.count, figures.answered.median_minutes), (0, None));
    assert_eq!((figures.waiting.late, figures.waiting.minutes_left), (1, None));
    let none = measure.figures(Clock::ShopHours, Vec::new());
    assert_eq!((none.answered.median_minutes, none.waiting.longest_minutes), (None, None));
}

#[test]
fn the_figures_say_who_waits_past_the_promise_first_and_kept_only_of_answers() {
    let content = content();
    let measure = Measure::new(&content);
    let said = |waits: Vec<Wait>| -> Vec<(String, Tone)> {
        measure.figures(Clock::AroundTheClock, waits).said.into_iter().map(|s| (s.text, s.tone)).collect()
    };
    assert_eq!(
        said(vec![Wait::Answered(3), Wait::Waiting(20), Wait::Waiting(5), Wait::Waiting(2)]),
        [
            ("1 answered in 3 min (promise kept)".to_owned(), Tone::Kept),
            ("3 waiting, the longest 20 min, 10 min left".to_owned(), Tone::Plain)
        ]
    );
    assert_eq!(
        said(vec![Wait::Waiting(2), Wait::Waiting(2), Wait::Waiting(2), Wait::Waiting(2)]),
        [
            ("None answered yet".to_owned(), Tone::Plain),
            ("4 waiting, the longest 2 min, 28 min left".to_owned(), Tone::Plain)
        ],
        "no 'promise kept' while nobody was answered"
    );
    assert_eq!(
        said(vec![Wait::Answered(12), Wait::Answered(40), Wait::Waiting(45), Wait::Waiting(10)]),
        [
            ("1 waiting past the promise, for 45 min".to_owned(), Tone::Warning),
            (
                "2 answered: half within 12 min, 9 in 10 within 40 min (1 past the promise)".to_owned(),
                Tone::Late
            ),
            ("1 waiting within the promise".to_owned(), Tone::Plain)
        ]
    );
    assert_eq!(minutes_text(0), "under a minute");
    assert_eq!(minutes_text(185), "3 h 5 min");
    assert_eq!(minutes_text(24 * 60 * 2 + 4 * 60), "2 days 4 h");
}
