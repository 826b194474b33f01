//! When visitors may ask for a time: drop-off slots at the shop and arrival windows for mobile
//! work, each with its weekly hours (the business hours unless given), length and how many jobs
//! at once; how far ahead; closed days; and what follows a job (the reminder's time, the review
//! page). Part of the site details, so the owner edits it in the admin like the rest.

use serde::{Deserialize, Serialize};

use super::{
    Chat,
    checker::Checker,
    holidays::{HOLIDAYS, Holiday},
    hours::{Hours, parse_clock},
};

/// A saved site-details version from before scheduling existed reads as these settings.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, default, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Scheduling {
    /// The option (its key) of the assistant's shop-or-mobile question that means a drop-off at
    /// the shop.
    pub shop_answer: String,
    /// The option (its key) that means the mobile crew comes to the trailer.
    pub mobile_answer: String,
    /// What the assistant says before the shop's drop-off times.
    pub shop_question: String,
    /// What it says before the mobile crew's arrival windows.
    pub mobile_question: String,
    /// The quick answer that opens the calendar of open days.
    pub later_label: String,
    /// The quick answer for a visitor who would rather be called.
    pub call_label: String,
    /// The first day with open times: this many business days after today (0: today).
    pub earliest_days: u8,
    /// The last day with open times: this many days after today.
    pub latest_days: u8,
    /// Days with no times at all, as YYYY-MM-DD.
    pub closed_dates: Vec<String>,
    /// The public holidays the shop is closed on, by key ("thanksgiving"), every year.
    pub holidays: Vec<String>,
    /// When the day-before reminder goes out, HH:MM on the shop's clock.
    pub reminder_time: String,
    /// Where a finished job's thank-you sends the customer to leave a review; empty: no review
    /// request is offered.
    pub review_url: String,
    pub shop: Times,
    pub mobile: Times,
}

/// The times of one kind of work.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Times {
    /// The length of a drop-off slot or an arrival window, in minutes (a multiple of 30).
    pub slot_minutes: u16,
    /// How many jobs may share a time.
    pub jobs_at_once: u8,
    /// The weekly hours times are offered in; empty: the business hours.
    #[serde(default)]
    #[schema(required = true)]
    pub hours: Vec<Hours>,
}

impl Default for Scheduling {
    fn default() -> Self {
        Self {
            shop_answer: "can-bring-to-shop".to_owned(),
            mobile_answer: "need-mobile-service".to_owned(),
            shop_question: "When would you like to drop the trailer off? Here are our next open times."
                .to_owned(),
            mobile_question: "When should our mobile crew come? Pick an arrival window.".to_owned(),
            later_label: "Later dates".to_owned(),
            call_label: "Call me to schedule".to_owned(),
            earliest_days: 1,
            latest_days: 28,
            closed_dates: Vec::new(),
            holidays: Holiday::default_keys(),
            reminder_time: "09:00".to_owned(),
            review_url: String::new(),
            shop: Times { slot_minutes: 60, jobs_at_once: 2, hours: Vec::new() },
            mobile: Times { slot_minutes: 120, jobs_at_once: 1, hours: Vec::new() },
        }
    }
}

impl Scheduling {
    /// The weekly hours of `kind`'s times: its own, or else the business hours.
    pub fn hours<'a>(&'a self, times: &'a Times, business: &'a [Hours]) -> &'a [Hours] {
        if times.hours.is_empty() { business } else { &times.hours }
    }

    pub(super) fn check(&self, c: &mut Checker, chat: &Chat) {
        let step = |key: &str| chat.steps.iter().position(|step| step.option(key).is_some());
        match (step(&self.shop_answer), step(&self.mobile_answer)) {
            (Some(shop), Some(mobile)) if shop == mobile && self.shop_answer != self.mobile_answer => {}
            _ => c.fail(
                "scheduling",
                "the drop-off and mobile answers must be two answers of the same question of the booking assistant",
            ),
        }
        for (field, value) in [
            ("scheduling.shop_question", &self.shop_question),
            ("scheduling.mobile_question", &self.mobile_question),
            ("scheduling.later_label", &self.later_label),
            ("scheduling.call_label", &self.call_label),
        ] {
            c.text(field, value);
        }
        if !(1..=90).contains(&self.latest_days) {
            c.fail("scheduling.latest_days", "must be between 1 and 90 days");
        } else if self.earliest_days >= self.latest_days {
            c.fail("scheduling.earliest_days", "must be fewer days than the last day offered");
        }
        for (i, date) in self.closed_dates.iter().enumerate() {
            if date.parse::<jiff::civil::Date>().is_err() || date.len() != 10 {
                c.fail(format!("scheduling.closed_dates[{i}]"), "must be a date such as 2026-12-25");
            }
        }
        for (i, key) in self.holidays.iter().enumerate() {
            if Holiday::parse(key).is_none() {
                let keys: Vec<&str> = HOLIDAYS.iter().map(|holiday| holiday.key()).collect();
                c.fail(format!("scheduling.holidays[{i}]"), &format!("must be one of {}", keys.join(", ")));
            }
        }
        if parse_clock(&self.reminder_time).is_none() {
            c.fail("scheduling.reminder_time", "must be a time such as 09:00");
        }
        if !self.review_url.is_empty() {
            c.url("scheduling.review_url", &self.review_url);
        }
        for (kind, times) in [("shop", &self.shop), ("mobile", &self.mobile)] {
            let field = format!("scheduling.{kind}");
            if times.slot_minutes % 30 != 0 || !(30..=480).contains(&times.slot_minutes) {
                c.fail(format!("{field}.slot_minutes"), "must be 30 to 480 minutes, in steps of 30");
            }
            if !(1..=20).contains(&times.jobs_at_once) {
                c.fail(format!("{field}.jobs_at_once"), "must be between 1 and 20");
            }
            c.hours(&format!("{field}.hours"), &times.hours);
            for (i, hours) in times.hours.iter().enumerate() {
                let on_the_half_hour = [&hours.opens, &hours.closes]
                    .into_iter()
                    .flatten()
                    .all(|clock| parse_clock(clock).is_some_and(|(_, m)| m % 30 == 0));
                if !on_the_half_hour {
                    c.fail(format!("{field}.hours[{i}]"), "times must be on the hour or the half hour");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content::Content;

    #[test]
    fn a_saved_version_from_before_scheduling_reads_as_the_built_in_settings() {
        let built_in = Content::load(None).expect("loads").scheduling;
        let default = Scheduling::default();
        assert_eq!(toml::to_string(&built_in).unwrap(), toml::to_string(&default).unwrap());
    }

    #[test]
    fn bad_settings_are_named_in_the_forms_words() {
        let content = Content::load(None).expect("loads");
        let mut fields = serde_json::to_value(&content).expect("fields");
        fields["scheduling"]["shop"]["slotMinutes"] = 45.into();
        fields["scheduling"]["mobile"]["jobsAtOnce"] = 0.into();
        fields["scheduling"]["closedDates"] = serde_json::json!(["2026-02-30"]);
        fields["scheduling"]["mobileAnswer"] = "Repairs needed".into();
        let problems = Content::from_api(fields).expect_err("refused");
        let named: Vec<&str> = problems.problems().iter().map(|(field, _)| field.as_str()).collect();
        assert_eq!(
            named,
            [
                "scheduling",
                "scheduling.closedDates[0]",
                "scheduling.shop.slotMinutes",
                "scheduling.mobile.jobsAtOnce"
            ]
        );
    }
}
