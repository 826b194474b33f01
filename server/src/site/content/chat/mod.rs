//! The booking assistant's script: its questions, their options and follow-ups, and the short
//! names its answers go by in the booking inbox.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct Chat {
    pub title: String,
    /// Said first when a button opens the assistant with something of its own (a service card,
    /// a city page, the financing badge); the first question then goes without it. Missing from
    /// site details saved before it existed: the built-in one.
    #[serde(default)]
    #[schema(required = true)]
    pub greeting: Option<String>,
    /// Said after the greeting when the financing badge opens the assistant; `{provider}` is the
    /// financing provider.
    #[serde(default)]
    #[schema(required = true)]
    pub financing_line: Option<String>,
    pub contact_prompt: String,
    pub error_message: String,
    /// Answers that make a request an emergency (the call button at once, the urgent flag).
    pub emergency_answers: Vec<String>,
    /// Answers that make a request urgent without being an emergency (the urgent flag: first in
    /// the inbox, outlined, 'URGENT' in the shop's e-mail).
    #[serde(default)]
    #[schema(required = true)]
    pub urgent_answers: Vec<String>,
    pub steps: Vec<ChatStep>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ChatStep {
    /// The answer's short name in the booking inbox ("Trailer", "Urgency"); the question when
    /// left out.
    #[serde(default)]
    #[schema(required = true)]
    pub label: String,
    pub question: String,
    pub options: Vec<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub follow_ups: Vec<FollowUp>,
    /// A button that names its own service (a service card's 'Book Service') answers this step
    /// with one of its options; the service's name is kept with the request under this label,
    /// and the customer sees it in place of the option.
    #[serde(default)]
    #[schema(required = true)]
    pub named: Option<String>,
    /// Asked only when one of these answers was given before ("Upgrades/modifications" for a
    /// budget question); empty: always asked.
    #[serde(default)]
    #[schema(required = true)]
    pub when: Vec<String>,
    /// Not asked when one of these answers was given before (a custom build is not asked how
    /// urgent a repair is).
    #[serde(default)]
    #[schema(required = true)]
    pub unless: Vec<String>,
}

impl ChatStep {
    /// Whether the step is asked after `given` (the answers so far).
    pub fn asked_after<'a>(&self, mut given: impl Iterator<Item = &'a str>) -> bool {
        let mut wanted = self.when.is_empty();
        let mut excluded = false;
        for answer in given.by_ref() {
            wanted |= self.when.iter().any(|when| when == answer);
            excluded |= self.unless.iter().any(|unless| unless == answer);
        }
        wanted && !excluded
    }
}

/// A question asked when a step's option is chosen, answered in free text. An option may have
/// several, asked in order.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all(serialize = "camelCase"), from = "FollowUpInFile")]
#[schema(rename_all = "camelCase")]
pub struct FollowUp {
    pub option: String,
    pub label: String,
    pub question: String,
    /// What the answer is.
    pub asks: Asks,
}

/// What a follow-up's free answer is.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Asks {
    /// Words of the visitor's own in place of the option ("horse trailer" for "Other").
    #[default]
    Words,
    /// Where the trailer is, a city or ZIP code: checked against the service area.
    Place,
    /// The street address or cross streets of a mobile job, asked after the place.
    Address,
    /// What is wrong, or what to build, in the customer's words: what the owner reads first.
    Job,
}

/// A follow-up as files write it: `asks`, or (in files written before it) `place = true`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FollowUpInFile {
    option: String,
    #[serde(default)]
    label: String,
    question: String,
    #[serde(default)]
    asks: Asks,
    #[serde(default)]
    place: bool,
}

impl From<FollowUpInFile> for FollowUp {
    fn from(file: FollowUpInFile) -> Self {
        let asks = if file.place { Asks::Place } else { file.asks };
        Self { option: file.option, label: file.label, question: file.question, asks }
    }
}

/// An option without the hint in brackets at its end: "Other (please specify)" is "Other".
fn without_hint(option: &str) -> &str {
    match option.strip_suffix(')').and_then(|rest| rest.rsplit_once(" (")) {
        Some((bare, _)) if !bare.trim().is_empty() => bare.trim_end(),
        _ => option,
    }
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
    /// shows those words instead when `shown` takes them (else "Other"), as does an option a
    /// button named its service for ("Suspension and Brake Repair" for "Repairs needed"). Free answers to other
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
                    .filter(|follow_up| &follow_up.option == picked && follow_up.asks == Asks::Words)
                    .find_map(|follow_up| given(&follow_up.question))
                    .or_else(|| step.named.as_deref().and_then(given))
                    .filter(|words| shown(words));
                // An option asking for words, without words that may be repeated: "Other", not the
                // prompt to specify.
                let asks_words = step.follow_ups.iter().any(|f| &f.option == picked && f.asks == Asks::Words);
                let bare = if asks_words { without_hint(picked) } else { picked.as_str() };
                let shown = own_words.map_or_else(|| bare.to_owned(), Clone::clone);
                Some((label.clone(), shown))
            })
            .collect()
    }

    /// A request's picked answers in a line's words, in the assistant's order: an option that
    /// asked for the visitor's own words shows those ("horse trailer" for "Other (please
    /// specify)"), a service a button named stands in for the option it picked, and the urgency
    /// (the step offering an urgent answer) and an emergency answer are left out (the request
    /// says it is one): "Dump Trailer · Repairs needed · Can bring to shop".
    pub fn summary<'a>(&self, answers: &'a [(String, String)]) -> Vec<&'a str> {
        let given = |question: &str| {
            answers.iter().find(|(asked, _)| asked == question).map(|(_, answer)| answer.as_str())
        };
        self.steps
            .iter()
            .filter(|step| !step.options.iter().any(|option| self.urgent_answers.contains(option)))
            .filter_map(|step| {
                let picked =
                    given(&step.question).filter(|answer| step.options.iter().any(|o| o == answer))?;
                let own_words = step
                    .follow_ups
                    .iter()
                    .filter(|follow_up| follow_up.option == picked && follow_up.asks == Asks::Words)
                    .find_map(|follow_up| given(&follow_up.question))
                    .or_else(|| step.named.as_deref().and_then(given));
                Some(own_words.unwrap_or(picked))
            })
            .filter(|answer| !self.is_emergency(answer))
            .collect()
    }

    /// The answer to the first follow-up that asks `asks`, if the request has one.
    pub fn answer_to<'a>(&self, asks: Asks, answers: &'a [(String, String)]) -> Option<&'a str> {
        self.answered(asks, answers).map(|(_, answer)| answer)
    }

    /// The first follow-up asking `asks` that the request answered, with its label (its question
    /// when it has none) and the answer: ("Problem", "brakes grinding").
    pub fn answered<'a, 'b>(
        &'a self,
        asks: Asks,
        answers: &'b [(String, String)],
    ) -> Option<(&'a str, &'b str)> {
        self.steps
            .iter()
            .flat_map(|step| &step.follow_ups)
            .filter(|follow_up| follow_up.asks == asks)
            .find_map(|follow_up| {
                let (_, answer) = answers.iter().find(|(asked, _)| *asked == follow_up.question)?;
                let label = if follow_up.label.is_empty() { &follow_up.question } else { &follow_up.label };
                Some((label.as_str(), answer.as_str()))
            })
    }

    /// Whether the script asks what the job is (a follow-up that `asks = "job"`).
    pub(super) fn asks_about_the_job(&self) -> bool {
        self.steps.iter().flat_map(|step| &step.follow_ups).any(|follow_up| follow_up.asks == Asks::Job)
    }

    /// Brings the built-in questions about the job into a script saved before they existed:
    /// what is wrong or what to build and a mobile job's street address, for each step asking
    /// the built-in question and offering the option; and the steps asked only after some
    /// answers (a custom build's budget and timeline), with what they replace, when the script
    /// offers those answers.
    pub(super) fn learn_job_questions(&mut self, built_in: Chat) {
        let offered = |steps: &[ChatStep], answers: &[String]| {
            answers.iter().all(|answer| steps.iter().any(|step| step.options.contains(answer)))
        };
        for own in built_in.steps {
            if let Some(at) = self.steps.iter().position(|step| step.question == own.question) {
                let step = &mut self.steps[at];
                for follow_up in own.follow_ups {
                    let new = matches!(follow_up.asks, Asks::Job | Asks::Address)
                        && step.options.contains(&follow_up.option)
                        && !step.follow_ups.iter().any(|asked| asked.question == follow_up.question);
                    if new {
                        step.follow_ups.push(follow_up);
                    }
                }
                if step.when.is_empty() && step.unless.is_empty() && offered(&self.steps[..at], &own.unless) {
                    self.steps[at].unless = own.unless;
                }
            } else if !own.when.is_empty() && offered(&self.steps, &own.when) {
                self.steps.push(own);
            }
        }
    }

    /// Every answer label, in the order the assistant asks, each once (several follow-ups may
    /// share one: "Problem").
    pub fn answer_labels(&self) -> Vec<&str> {
        let mut labels: Vec<&str> = Vec::new();
        for (_, label) in self.labelled() {
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        labels
    }
}

#[cfg(test)]
mod tests;
