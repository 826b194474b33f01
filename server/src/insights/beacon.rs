//! What the site's pages send after they are shown (`POST /api/insights`, with
//! `navigator.sendBeacon`): a page shown by an in-app navigation, the page's script running, and
//! the booking dialog's steps. Small, same-origin and checked; anything else is refused whole.

use serde::Deserialize;

/// The longest path a beacon may name.
pub const LONGEST_PATH: usize = 300;
/// The longest button text.
const LONGEST_BUTTON: usize = 120;
/// The most questions the assistant asks.
const MOST_QUESTIONS: u8 = 50;

/// One beacon.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Beacon {
    /// A page shown after an in-app navigation: a page view.
    View(PageBeacon),
    /// The page the visitor landed on ran its script (a browser, not a bot): not a page view.
    Seen(PageBeacon),
    /// A step of the booking dialog.
    Step(StepBeacon),
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PageBeacon {
    /// The page's path, e.g. `/service-areas/aurora`.
    #[schema(max_length = 300, pattern = r"^/[^\s\u0000-\u001f\u007f-\u009f]*$")]
    pub path: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
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

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StepBeacon {
    pub step: StepName,
    /// The assistant's step the answer belongs to (only with `answered`).
    #[schema(minimum = 0, maximum = 49)]
    pub question: Option<u8>,
    /// The page whose button opened the dialog.
    #[schema(max_length = 300, pattern = r"^/[^\s\u0000-\u001f\u007f-\u009f]*$")]
    pub page: String,
    /// That button's text.
    #[schema(max_length = 120, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    pub button: String,
}

/// A path a beacon may name: a site path on one line, short enough.
pub fn is_path(path: &str) -> bool {
    path.starts_with('/')
        && path.len() <= LONGEST_PATH
        && !path.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl StepBeacon {
    /// The step as counted ('opened', 'answered:2', ...), or why the beacon is refused;
    /// `questions`: how many steps the assistant has.
    pub fn name(&self, questions: usize) -> Result<String, &'static str> {
        if !is_path(&self.page) {
            return Err("The page must be a path of this site.");
        }
        if self.button.chars().count() > LONGEST_BUTTON || self.button.chars().any(char::is_control) {
            return Err("The button's text must be one short line.");
        }
        match (&self.step, self.question) {
            (StepName::Answered, Some(question))
                if question < MOST_QUESTIONS && usize::from(question) < questions =>
            {
                Ok(format!("answered:{question}"))
            }
            (StepName::Answered, _) => Err("An answer must name one of the assistant's questions."),
            (_, Some(_)) => Err("Only an answer names a question."),
            (StepName::Opened, None) => Ok("opened".to_owned()),
            (StepName::Time, None) => Ok("time".to_owned()),
            (StepName::Contact, None) => Ok("contact".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(json: &str) -> Result<String, &'static str> {
        match serde_json::from_str::<Beacon>(json).unwrap() {
            Beacon::Step(step) => step.name(3),
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
    fn beacons_are_refused_whole_when_anything_is_off() {
        for bad in [
            r#"{"kind":"view"}"#,
            r#"{"kind":"view","path":"/","extra":1}"#,
            r#"{"kind":"fly","path":"/"}"#,
            r#"{"kind":"step","step":"paid","page":"/","button":""}"#,
            r#"[]"#,
        ] {
            assert!(serde_json::from_str::<Beacon>(bad).is_err(), "{bad}");
        }
        assert!(is_path("/service-areas/aurora"));
        assert!(!is_path("/a b") && !is_path("relative") && !is_path(&format!("/{}", "a".repeat(300))));
    }
}
