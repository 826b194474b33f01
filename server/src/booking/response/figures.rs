//! The response figures of one kind of request, and how they read in the owner's words (as
//! Today, Insights and the weekly report say them).

use serde::Serialize;

/// The response times of one kind of request over a period: the requests answered apart from
/// those still waiting, so a wait still running is never counted as an answer.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseFigures {
    /// Requests received (spam left out).
    pub requests: i64,
    /// The site's promise in its own words ("30 minutes"), and in minutes on this clock; the
    /// minutes are None when the words say no length of time.
    pub promise: String,
    pub promise_minutes: Option<i64>,
    pub answered: Answered,
    pub waiting: Waiting,
    /// Cancelled by the customer before anyone answered.
    pub cancelled_unanswered: i64,
    /// The figures in the owner's words, a waiting past the promise first: what Today,
    /// Insights and the weekly report say.
    pub said: Vec<Said>,
}

/// One line of the figures in words, and how it reads.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Said {
    pub text: String,
    pub tone: Tone,
}

/// How a line of the figures reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Tone {
    /// Customers wait past the promise now.
    Warning,
    /// Every answer came within the promise.
    Kept,
    /// Some answers came later than the promise.
    Late,
    Plain,
}

/// The requests that got a first response.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answered {
    pub count: i64,
    /// Minutes to the first response: the middle request, and the time 9 in 10 were answered
    /// within (nearest rank). None when none was answered.
    pub median_minutes: Option<i64>,
    pub p90_minutes: Option<i64>,
    /// Answered later than the promise.
    pub late: i64,
}

/// The requests nobody has answered yet.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waiting {
    pub count: i64,
    /// The longest wait so far, in minutes on this clock; None when nothing waits.
    pub longest_minutes: Option<i64>,
    /// Waiting longer than the promise already.
    pub late: i64,
    /// Minutes before the longest wait passes the promise; None when nothing waits, the promise
    /// names no length of time, or it has passed.
    pub minutes_left: Option<i64>,
}

pub(super) fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// How many of `minutes` are past the promise's `limit` (none when it names no length of time).
pub(super) fn past(minutes: &[i64], limit: Option<i64>) -> i64 {
    limit.map_or(0, |limit| count(minutes.iter().filter(|m| **m > limit).count()))
}

impl Answered {
    /// The figures of requests answered after `minutes` each, against the promise's `limit`.
    pub(super) fn of(mut minutes: Vec<i64>, limit: Option<i64>) -> Self {
        minutes.sort_unstable();
        Self {
            count: count(minutes.len()),
            median_minutes: nearest_rank(&minutes, 0.5),
            p90_minutes: nearest_rank(&minutes, 0.9),
            late: past(&minutes, limit),
        }
    }
}

/// The nearest-rank percentile of `sorted`: the smallest value with at least `share` of them at
/// or below it.
fn nearest_rank(sorted: &[i64], share: f64) -> Option<i64> {
    let rank = ((share * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied()
}

/// Minutes in short words: "under a minute", "12 min", "3 h 5 min", "2 days 4 h".
pub fn minutes_text(minutes: i64) -> String {
    let whole = minutes.max(0);
    let (hours, days) = (whole / 60, whole / (24 * 60));
    match whole {
        0 => "under a minute".to_owned(),
        1..60 => format!("{whole} min"),
        _ if hours < 24 && whole % 60 == 0 => format!("{hours} h"),
        _ if hours < 24 => format!("{hours} h {} min", whole % 60),
        _ => {
            let rest = hours % 24;
            let unit = if days == 1 { "day" } else { "days" };
            if rest == 0 { format!("{days} {unit}") } else { format!("{days} {unit} {rest} h") }
        }
    }
}

impl ResponseFigures {
    /// The figures in words: who waits past the promise first (the warning), then the answered
    /// requests ('kept' is said of them only), then those still waiting within the promise.
    pub(super) fn in_words(&mut self) {
        if self.requests == 0 {
            self.said = vec![Said { text: "No requests".to_owned(), tone: Tone::Plain }];
            return;
        }
        let mut said = Vec::new();
        let mut say = |text: String, tone: Tone| said.push(Said { text, tone });
        let (answered, waiting) = (&self.answered, &self.waiting);
        if waiting.late > 0 {
            let longest = minutes_text(waiting.longest_minutes.unwrap_or(0));
            let text = match waiting.late {
                1 => format!("1 waiting past the promise, for {longest}"),
                late => format!("{late} waiting past the promise, the longest for {longest}"),
            };
            say(text, Tone::Warning);
        }
        let kept = self.promise_minutes.map(|_| answered.late == 0);
        let verdict = match (kept, answered.late) {
            (Some(true), _) => " (promise kept)".to_owned(),
            (Some(false), late) => format!(" ({late} past the promise)"),
            (None, _) => String::new(),
        };
        let tone = match kept {
            Some(true) => Tone::Kept,
            Some(false) => Tone::Late,
            None => Tone::Plain,
        };
        match (answered.count, answered.median_minutes, answered.p90_minutes) {
            (0, ..) => say("None answered yet".to_owned(), Tone::Plain),
            (1, Some(median), _) => say(format!("1 answered in {}{verdict}", minutes_text(median)), tone),
            (count, Some(median), Some(p90)) => say(
                format!(
                    "{count} answered: half within {}, 9 in 10 within {}{verdict}",
                    minutes_text(median),
                    minutes_text(p90)
                ),
                tone,
            ),
            _ => {}
        }
        let within = waiting.count - waiting.late;
        if within > 0 {
            let mut text = match within {
                1 => "1 waiting".to_owned(),
                count => format!("{count} waiting"),
            };
            if waiting.late == 0 {
                if let Some(longest) = waiting.longest_minutes {
                    let longest = minutes_text(longest);
                    text.push_str(&if within == 1 {
                        format!(", for {longest}")
                    } else {
                        format!(", the longest {longest}")
                    });
                }
                if let Some(left) = waiting.minutes_left {
                    text.push_str(&format!(", {} left", minutes_text(left)));
                }
            } else {
                text.push_str(" within the promise");
            }
            say(text, Tone::Plain);
        }
        if self.cancelled_unanswered > 0 {
            say(format!("{} cancelled before an answer", self.cancelled_unanswered), Tone::Plain);
        }
        self.said = said;
    }
}
