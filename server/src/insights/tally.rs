//! The day's figures as they are counted, in memory: who visited which pages, how far each got
//! in the booking dialog, and how many requests came from bots. Taken out once a minute (a
//! `Batch`) and written; a visitor whose client never loaded anything besides pages by then
//! (no asset, no beacon) was a bot after all.

use std::collections::HashMap;

use jiff::civil::Date;

use super::{
    funnel::Reached,
    visitor::{Arrival, Device},
};

/// The most visitors kept in memory in one day; more are left uncounted (and said so in the log).
const MOST_VISITORS: usize = 100_000;
/// The most different pages counted for one visitor in one day.
const MOST_PAGES: usize = 200;
/// The most different funnel counts (visitor, step, page, button) kept between two writes.
const MOST_STEPS: usize = 100_000;
/// After this many writes without loading an asset or sending a beacon, a client was a bot.
pub const BOT_AFTER_WRITES: u32 = 5;

/// A funnel step of one visitor: the step and the page and button that opened the dialog.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StepKey {
    pub visitor: i64,
    pub step: Reached,
    pub page: String,
    pub button: String,
}

/// A visitor as first seen today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewVisitor {
    pub visitor: i64,
    pub arrival: Arrival,
    pub landing: Box<str>,
    pub device: Device,
}

/// What to write: increments to add to what is stored for `day`.
#[derive(Debug, Default)]
pub struct Batch {
    pub day: Option<Date>,
    pub visitors: Vec<NewVisitor>,
    pub views: Vec<(i64, Box<str>, u32)>,
    pub steps: Vec<(StepKey, u32)>,
    pub bots: u64,
}

impl Batch {
    pub fn is_empty(&self) -> bool {
        self.visitors.is_empty() && self.views.is_empty() && self.steps.is_empty() && self.bots == 0
    }
}

struct Visitor {
    first: NewVisitor,
    /// Loaded an asset or sent a beacon: a browser, not a bot.
    browser: bool,
    /// Its row is written.
    written: bool,
    /// Writes since it was first seen, while it is not known to be a browser.
    waited: u32,
    /// Views not yet written, by page.
    views: Vec<(Box<str>, u32)>,
    /// Different pages counted today.
    pages: usize,
}

/// One day's counts.
pub struct Tally {
    pub day: Date,
    visitors: HashMap<i64, Visitor>,
    steps: HashMap<StepKey, u32>,
    bots: u64,
    /// Visitors left uncounted because the day's memory was full.
    pub dropped: u64,
}

impl Tally {
    pub fn new(day: Date) -> Self {
        Self { day, visitors: HashMap::new(), steps: HashMap::new(), bots: 0, dropped: 0 }
    }

    /// A page view by `visitor`; `first` says how they arrived when this is their first request
    /// today. `browser`: the request itself shows a browser (a beacon).
    pub fn view(&mut self, visitor: i64, path: &str, browser: bool, first: impl FnOnce() -> NewVisitor) {
        let Some(entry) = self.visitor(visitor, first) else { return };
        entry.browser |= browser;
        if let Some((_, views)) = entry.views.iter_mut().find(|(page, _)| &**page == path) {
            *views += 1;
        } else if entry.pages < MOST_PAGES {
            entry.pages += 1;
            entry.views.push((path.into(), 1));
        }
    }

    /// `visitor` showed it runs a browser (loaded an asset, or its page sent a beacon).
    pub fn browser(&mut self, visitor: i64, first: impl FnOnce() -> NewVisitor) {
        if let Some(entry) = self.visitor(visitor, first) {
            entry.browser = true;
        }
    }

    /// `visitor`, if seen today, showed it runs a browser (loaded an asset).
    pub fn loaded_asset(&mut self, visitor: i64) {
        if let Some(entry) = self.visitors.get_mut(&visitor) {
            entry.browser = true;
        }
    }

    /// A step of the booking funnel (which also shows a browser).
    pub fn step(&mut self, key: StepKey, first: impl FnOnce() -> NewVisitor) {
        if self.steps.len() >= MOST_STEPS && !self.steps.contains_key(&key) {
            self.dropped += 1;
            return;
        }
        self.browser(key.visitor, first);
        *self.steps.entry(key).or_default() += 1;
    }

    /// A request from a bot.
    pub fn bot(&mut self) {
        self.bots += 1;
    }

    fn visitor(&mut self, visitor: i64, first: impl FnOnce() -> NewVisitor) -> Option<&mut Visitor> {
        if !self.visitors.contains_key(&visitor) && self.visitors.len() >= MOST_VISITORS {
            self.dropped += 1;
            return None;
        }
        Some(self.visitors.entry(visitor).or_insert_with(|| Visitor {
            first: first(),
            browser: false,
            written: false,
            waited: 0,
            views: Vec::new(),
            pages: 0,
        }))
    }

    /// What to write now. A browser's first row and views go out; a client that was not shown
    /// to be a browser for `BOT_AFTER_WRITES` writes (or at all, when `closing` the day) counts
    /// as a bot with all its views. What is taken out is not counted again.
    pub fn take(&mut self, closing: bool) -> Batch {
        let mut batch =
            Batch { day: Some(self.day), bots: std::mem::take(&mut self.bots), ..Batch::default() };
        self.visitors.retain(|_, visitor| {
            if visitor.browser {
                if !visitor.written {
                    visitor.written = true;
                    batch.visitors.push(visitor.first.clone());
                }
                let key = visitor.first.visitor;
                batch.views.extend(visitor.views.drain(..).map(|(path, views)| (key, path, views)));
                return true;
            }
            visitor.waited += 1;
            if closing || visitor.waited >= BOT_AFTER_WRITES {
                batch.bots += visitor.views.iter().map(|(_, views)| u64::from(*views)).sum::<u64>();
                return false;
            }
            true
        });
        batch.steps = self.steps.drain().collect();
        batch
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(visitor: i64, landing: &str) -> impl FnOnce() -> NewVisitor {
        let landing = landing.into();
        move || NewVisitor { visitor, arrival: Arrival::default(), landing, device: Device::Desktop }
    }

    fn day() -> Date {
        jiff::civil::date(2026, 11, 24)
    }

    #[test]
    fn a_browsers_views_are_written_once_with_its_first_page() {
        let mut tally = Tally::new(day());
        tally.view(1, "/", false, first(1, "/"));
        tally.view(1, "/services", false, first(1, "/services"));
        tally.view(1, "/", false, first(1, "/"));
        tally.loaded_asset(1);
        let batch = tally.take(false);
        assert_eq!(batch.visitors.len(), 1);
        assert_eq!(&*batch.visitors[0].landing, "/");
        let mut views = batch.views.clone();
        views.sort();
        assert_eq!(views, vec![(1, "/".into(), 2), (1, "/services".into(), 1)]);
        tally.view(1, "/", false, first(1, "/"));
        let again = tally.take(false);
        assert!(again.visitors.is_empty(), "the visitor's row is written once");
        assert_eq!(again.views, vec![(1, "/".into(), 1)]);
        assert!(tally.take(false).is_empty());
    }

    #[test]
    fn a_client_that_never_shows_a_browser_becomes_a_bot() {
        let mut tally = Tally::new(day());
        tally.view(7, "/", false, first(7, "/"));
        tally.view(7, "/about", false, first(7, "/about"));
        tally.bot();
        let batch = tally.take(false);
        assert!(batch.visitors.is_empty() && batch.views.is_empty());
        assert_eq!(batch.bots, 1);
        for _ in 2..BOT_AFTER_WRITES {
            assert_eq!(tally.take(false).bots, 0);
        }
        assert_eq!(tally.take(false).bots, 2, "both of its views are a bot's");
        tally.loaded_asset(7);
        assert!(tally.take(false).is_empty(), "it is gone");
    }

    #[test]
    fn closing_the_day_settles_every_client() {
        let mut tally = Tally::new(day());
        tally.view(7, "/", false, first(7, "/"));
        tally.step(
            StepKey { visitor: 8, step: Reached::Opened, page: "/".into(), button: "Book".into() },
            first(8, "/"),
        );
        let batch = tally.take(true);
        assert_eq!(batch.bots, 1);
        assert_eq!(batch.visitors.len(), 1, "a funnel step shows a browser");
        assert_eq!(batch.steps.len(), 1);
    }
}
