//! What the site's pages send after they are shown (`POST /api/insights`, with
//! `navigator.sendBeacon`): a page shown by an in-app navigation, the page's script running, and
//! the booking dialog's steps. Small, same-origin and checked; anything else is refused whole.

use serde::Deserialize;

use super::funnel::Reached;
use crate::schedule::links::keepable_path;

/// The longest path a beacon may name.
const LONGEST_PATH: usize = 300;
/// The longest button text.
const LONGEST_BUTTON: usize = 120;
/// The most questions the assistant asks.
const MOST_QUESTIONS: u8 = 50;

/// One beacon: a page (`view`, `seen`: `path`) or a step of the booking dialog (`step`: `step`,
/// `page`, `button`, and `question` with `answered`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Beacon {
    pub kind: BeaconKind,
    /// The page's path, e.g. `/service-areas/aurora` (`view` and `seen` only).
    #[schema(max_length = 300, pattern = r"^/[^\s\u0000-\u001f\u007f-\u009f]*$")]
    pub path: Option<String>,
    /// Which step (`step` only).
    pub step: Option<StepName>,
    /// The assistant's step the answer belongs to, from 0 (`answered` only).
    #[schema(minimum = 0, maximum = 49)]
    pub question: Option<u8>,
    /// The page whose button opened the dialog (`step` only).
    #[schema(max_length = 300, pattern = r"^/[^\s\u0000-\u001f\u007f-\u009f]*$")]
    pub page: Option<String>,
    /// That button's text (`step` only).
    #[schema(max_length = 120, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub button: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum BeaconKind {
    /// A page shown after an in-app navigation: a page view.
    View,
    /// The page the visitor landed on ran its script (a browser, not a bot): not a page view.
    Seen,
    /// A step of the booking dialog.
    Step,
}

#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StepName {
    /// The dialog opened.
    Opened,
    /// One of the assistant's questions was answered (`question`: its step, from 0).
    Answered,
    /// A time was chosen.
    Time,
    /// The contact form was shown.
    Contact,
}

/// What a well-formed beacon says.
#[derive(Debug, PartialEq, Eq)]
pub enum Said<'a> {
    View(&'a str),
    Seen(&'a str),
    /// The step reached, and the page and button that opened the dialog.
    Step {
        reached: Reached,
        page: &'a str,
        button: &'a str,
    },
}

/// A path a beacon may name: a site path on one line, short enough.
fn is_path(path: &str) -> bool {
    path.starts_with('/')
        && path.len() <= LONGEST_PATH
        && !path.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl Beacon {
    /// What the beacon says, or why it is refused; `questions`: how many steps the assistant has.
    pub fn read(&self, questions: usize) -> Result<Said<'_>, &'static str> {
        let page_only =
            self.step.is_none() && self.question.is_none() && self.page.is_none() && self.button.is_none();
        match (self.kind, self.path.as_deref()) {
            (BeaconKind::View | BeaconKind::Seen, Some(path)) if page_only && is_path(path) => {
                Ok(if self.kind == BeaconKind::View { Said::View(path) } else { Said::Seen(path) })
            }
            (BeaconKind::View | BeaconKind::Seen, _) => {
                Err("A page beacon names one path of this site, and nothing else.")
            }
            (BeaconKind::Step, Some(_)) => {
                Err("A step names the page and button that opened the dialog, not a path.")
            }
            (BeaconKind::Step, None) => self.step_name(questions),
        }
    }

    fn step_name(&self, questions: usize) -> Result<Said<'_>, &'static str> {
        let (Some(step), Some(page), Some(button)) =
            (self.step, self.page.as_deref(), self.button.as_deref())
        else {
            return Err("A step names the step, the page and the button.");
        };
        if !is_path(page) {
            return Err("The page must be a path of this site.");
        }
        if button.chars().count() > LONGEST_BUTTON || button.chars().any(char::is_control) {
            return Err("The button's text must be one short line.");
        }
        let reached = match (step, self.question) {
            (StepName::Answered, Some(question))
                if question < MOST_QUESTIONS && usize::from(question) < questions =>
            {
                Reached::Answered(question)
            }
            (StepName::Answered, _) => return Err("An answer must name one of the assistant's questions."),
            (_, Some(_)) => return Err("Only an answer names a question."),
            (StepName::Opened, None) => Reached::Opened,
            (StepName::Time, None) => Reached::Time,
            (StepName::Contact, None) => Reached::Contact,
        };
        Ok(Said::Step { reached, page: keepable_path(page), button })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(json: &str) -> Result<String, &'static str> {
        match serde_json::from_str::<Beacon>(json).unwrap().read(3)? {
            Said::Step { reached, .. } => Ok(reached.key()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn steps_name_what_they_count() {
        assert_eq!(
            step(r#"{"kind":"step","step":"opened","page":"/","button":"Book"}"#),
            Ok("opened".into())
        );
        assert_eq!(
            step(r#"{"kind":"step","step":"answered","question":2,"page":"/","button":""}"#),
            Ok("answered:2".into())
        );
        assert!(step(r#"{"kind":"step","step":"answered","question":3,"page":"/","button":""}"#).is_err());
        assert!(step(r#"{"kind":"step","step":"answered","page":"/","button":""}"#).is_err());
        assert!(step(r#"{"kind":"step","step":"time","question":1,"page":"/","button":""}"#).is_err());
        assert!(step(r#"{"kind":"step","step":"contact","page":"x","button":""}"#).is_err());
    }

    #[test]
    fn a_step_on_a_customers_own_page_keeps_no_token() {
        let json =
            r#"{"kind":"step","step":"opened","page":"/booking/0123abcd","button":"Request more work"}"#;
        let beacon = serde_json::from_str::<Beacon>(json).unwrap();
        assert!(matches!(beacon.read(3), Ok(Said::Step { page: "/booking", .. })));
    }

    #[test]
    fn beacons_are_refused_whole_when_anything_is_off() {
        for bad in [
            r#"{"kind":"view","path":"/","extra":1}"#,
            r#"{"kind":"fly","path":"/"}"#,
            r#"{"kind":"step","step":"paid","page":"/","button":""}"#,
            r#"[]"#,
        ] {
            assert!(serde_json::from_str::<Beacon>(bad).is_err(), "{bad}");
        }
        for wrong in [
            r#"{"kind":"view"}"#,
            r#"{"kind":"seen","path":"/","button":"Book"}"#,
            r#"{"kind":"step","path":"/","step":"opened","page":"/","button":""}"#,
            r#"{"kind":"step","step":"opened","button":""}"#,
        ] {
            assert!(serde_json::from_str::<Beacon>(wrong).unwrap().read(3).is_err(), "{wrong}");
        }
        let view: Beacon = serde_json::from_str(r#"{"kind":"view","path":"/about"}"#).unwrap();
        assert_eq!(view.read(3), Ok(Said::View("/about")));
        assert!(is_path("/service-areas/aurora"));
        assert!(!is_path("/a b") && !is_path("relative") && !is_path(&format!("/{}", "a".repeat(300))));
    }
}
