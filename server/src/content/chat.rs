//! The booking assistant's script: its questions, their options and follow-ups, and the short
//! names its answers go by in the booking inbox.

use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct Chat {
    pub title: String,
    /// Said first when a button opens the assistant with something of its own (a service card,
    /// a city page, the financing badge); the first question then goes without it. Missing from
    /// site details saved before it existed: the built-in one.
    #[serde(default)]
    pub greeting: Option<String>,
    /// Said after the greeting when the financing badge opens the assistant; `{provider}` is the
    /// financing provider.
    #[serde(default)]
    pub financing_line: Option<String>,
    pub contact_prompt: String,
    pub error_message: String,
    /// Answers that make a request an emergency (the call button at once, the urgent flag).
    pub emergency_answers: Vec<String>,
    /// Answers that make a request urgent without being an emergency (the urgent flag: first in
    /// the inbox, outlined, 'URGENT' in the shop's e-mail).
    #[serde(default)]
    pub urgent_answers: Vec<String>,
    pub steps: Vec<ChatStep>,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct ChatStep {
    /// The answer's short name in the booking inbox ("Trailer", "Urgency"); the question when
    /// left out.
    #[serde(default)]
    pub label: String,
    pub question: String,
    pub options: Vec<String>,
    #[serde(default)]
    pub follow_ups: Vec<FollowUp>,
    /// A button that names its own service (a service card's 'Book Service') answers this step
    /// with one of its options; the service's name is kept with the request under this label,
    /// and the customer sees it in place of the option.
    #[serde(default)]
    pub named: Option<String>,
}

/// A question asked when a step's option is chosen, answered in free text.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct FollowUp {
    pub option: String,
    #[serde(default)]
    pub label: String,
    pub question: String,
    /// The answer is where the trailer is: checked against the service area.
    #[serde(default)]
    pub place: bool,
}

impl Chat {
    /// Whether `answer` makes a request an emergency.
    pub fn is_emergency(&self, answer: &str) -> bool {
        self.emergency_answers.iter().any(|emergency| emergency == answer)
    }

    /// Whether `answer` makes a request urgent (an emergency is urgent too).
    pub fn is_urgent(&self, answer: &str) -> bool {
        self.emergency_answers.iter().chain(&self.urgent_answers).any(|urgent| urgent == answer)
    }

    /// Every question the assistant asks, in order (follow-ups after their step), with its label
    /// (the question itself when it has none).
    fn labelled(&self) -> impl Iterator<Item = (&str, &str)> {
        self.steps
            .iter()
            .flat_map(|step| {
                std::iter::once((&step.question, &step.label))
                    .chain(step.follow_ups.iter().map(|f| (&f.question, &f.label)))
                    .chain(step.named.iter().map(|named| (named, named)))
            })
            .map(|(question, label)| {
                (question.as_str(), if label.is_empty() { question.as_str() } else { label.as_str() })
            })
    }

    /// The short name of `question` in the booking inbox, if the assistant asks it (a booking made
    /// before the question changed keeps the question itself).
    pub fn answer_label(&self, question: &str) -> Option<&str> {
        self.labelled().find(|(asked, _)| *asked == question).map(|(_, label)| label)
    }

    /// The label of an answer picked from a step's quick options; None for an answer in the
    /// visitor's own words (a follow-up, or a question no longer asked).
    pub fn picked_label(&self, question: &str, answer: &str) -> Option<&str> {
        self.steps
            .iter()
            .find(|step| step.question == question && step.options.iter().any(|option| option == answer))
            .map(|step| if step.label.is_empty() { step.question.as_str() } else { step.label.as_str() })
    }

    /// A request's answers as its customer sees them: each option picked, under its label, in the
    /// order asked; an option that asked for the visitor's own words ("Other (please specify)")
    /// shows those words instead when `shown` takes them, as does an option a button named its
    /// service for ("Suspension and Brake Repair" for "Repairs needed"). Free answers to other
    /// questions (where the trailer is) are left out.
    pub fn customers_answers(
        &self,
        answers: &[(String, String)],
        shown: impl Fn(&str) -> bool,
    ) -> Vec<(String, String)> {
        let given =
            |question: &str| answers.iter().find(|(asked, _)| asked == question).map(|(_, answer)| answer);
        self.steps
            .iter()
            .filter_map(|step| {
                let picked = given(&step.question).filter(|answer| step.options.contains(answer))?;
                let label = if step.label.is_empty() { &step.question } else { &step.label };
                let own_words = step
                    .follow_ups
                    .iter()
                    .filter(|follow_up| &follow_up.option == picked && !follow_up.place)
                    .find_map(|follow_up| given(&follow_up.question))
                    .or_else(|| step.named.as_deref().and_then(given))
                    .filter(|words| shown(words));
                Some((label.clone(), own_words.unwrap_or(picked).clone()))
            })
            .collect()
    }

    /// Every answer label, in the order the assistant asks.
    pub fn answer_labels(&self) -> Vec<&str> {
        self.labelled().map(|(_, label)| label).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Content;

    #[test]
    fn the_customer_sees_the_trailer_they_typed_for_other() {
        let chat = Content::load(None).expect("built-in content loads").chat;
        let trailer = chat.steps[0].question.clone();
        let typed = chat.steps[0].follow_ups[0].question.clone();
        let answers = [
            (trailer.clone(), "Other (please specify)".to_owned()),
            (typed, "Horse trailer".to_owned()),
            ("What service do you need?".to_owned(), "Repairs needed".to_owned()),
        ];
        assert_eq!(
            chat.customers_answers(&answers, |_| true),
            [
                ("Trailer".to_owned(), "Horse trailer".to_owned()),
                ("Service".to_owned(), "Repairs needed".to_owned())
            ]
        );
        assert_eq!(chat.customers_answers(&answers, |_| false)[0].1, "Other (please specify)");
        assert_eq!(chat.customers_answers(&answers[..1], |_| true)[0].1, "Other (please specify)");
    }

    #[test]
    fn answers_go_by_their_labels_or_else_by_their_questions() {
        let content = Content::load(None).expect("built-in content loads");
        assert_eq!(content.chat.answer_label("How urgent is this?"), Some("Urgency"));
        assert_eq!(content.chat.answer_label("Favourite colour?"), None);
        let text = include_str!("../../../content/site.toml").replace("label = \"Urgency\"\n", "");
        let unlabelled = Content::parse(&text).expect("a label may be left out");
        assert_eq!(unlabelled.chat.answer_label("How urgent is this?"), Some("How urgent is this?"));
        assert_eq!(unlabelled.chat.answer_labels().last(), Some(&"How urgent is this?"));
    }

    #[test]
    fn only_answers_picked_from_the_options_have_a_picked_label() {
        let chat = Content::load(None).expect("built-in content loads").chat;
        assert_eq!(chat.picked_label("How urgent is this?", "Urgent (24-48 hours)"), Some("Urgency"));
        assert_eq!(chat.picked_label("How urgent is this?", "whenever, call my cousin"), None);
        let other = "No problem! What kind of trailer is it? A few words are enough, like \"horse trailer\" or \"car hauler\".";
        assert_eq!(chat.picked_label(other, "horse trailer"), None, "a follow-up is typed, not picked");
    }

    #[test]
    fn a_service_a_card_named_stands_in_for_the_option_it_picked() {
        let chat = Content::load(None).expect("built-in content loads").chat;
        let answers = [
            ("What service do you need?".to_owned(), "Repairs needed".to_owned()),
            ("Service asked about".to_owned(), "Suspension and Brake Repair".to_owned()),
        ];
        assert_eq!(
            chat.customers_answers(&answers, |_| true),
            [("Service".to_owned(), "Suspension and Brake Repair".to_owned())]
        );
        assert_eq!(chat.customers_answers(&answers, |_| false)[0].1, "Repairs needed");
        assert_eq!(chat.answer_label("Service asked about"), Some("Service asked about"));
        assert!(chat.answer_labels().contains(&"Service asked about"), "a column of the export");
    }

    #[test]
    fn details_saved_before_the_greeting_read_with_the_built_in_one() {
        let mut saved: toml::Table = toml::from_str(include_str!("../../../content/site.toml")).unwrap();
        let chat = saved["chat"].as_table_mut().unwrap();
        chat.remove("greeting");
        chat.remove("financing_line");
        chat["steps"].as_array_mut().unwrap()[1].as_table_mut().unwrap().remove("named");
        let content = Content::parse(&toml::to_string(&saved).unwrap()).unwrap();
        assert_eq!(content.chat.greeting.as_deref(), Some("Hi! I'm your trailer assistant."));
        assert!(content.chat.financing_line.is_some_and(|line| line.contains("{provider}")));
        assert_eq!(content.chat.steps[1].named.as_deref(), Some("Service asked about"));
    }
}
