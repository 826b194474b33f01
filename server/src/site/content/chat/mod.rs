//! The booking assistant's script: its questions, their options and follow-ups, and the short
//! names its answers go by in the booking inbox. Every step, option and follow-up has a key made
//! once from its first words and kept when the words change: answers and rules name keys.

mod check;
mod keys;

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
    /// The keys of the options that make a request an emergency (the call button at once, the
    /// urgent flag).
    pub emergency_answers: Vec<String>,
    /// The keys of the options that make a request urgent without being an emergency (the urgent
    /// flag: first in the inbox, outlined, 'URGENT' in the shop's e-mail).
    #[serde(default)]
    #[schema(required = true)]
    pub urgent_answers: Vec<String>,
    pub steps: Vec<ChatStep>,
}

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
#[schema(rename_all = "camelCase")]
pub struct ChatStep {
    /// What stored answers and rules call the step ("trailer"): made once, kept when the words
    /// change. Left out: made from the label (or the question) when the script is read.
    #[serde(default)]
    #[schema(required = true)]
    pub key: String,
    /// The answer's short name in the booking inbox ("Trailer", "Urgency"); the question when
    /// left out.
    #[serde(default)]
    #[schema(required = true)]
    pub label: String,
    pub question: String,
    pub options: Vec<ChatOption>,
    #[serde(default)]
    #[schema(required = true)]
    pub follow_ups: Vec<FollowUp>,
    /// A button that names its own service (a service card's 'Book Service') answers this step
    /// with one of its options; the service's name is kept with the request under this label,
    /// and the customer sees it in place of the option.
    #[serde(default)]
    #[schema(required = true)]
    pub named: Option<String>,
    /// Asked only when one of these options (keys) was picked before ("Upgrades/modifications"
    /// for a budget question); empty: always asked.
    #[serde(default)]
    #[schema(required = true)]
    pub when: Vec<String>,
    /// Not asked when one of these options (keys) was picked before (a custom build is not asked
    /// how urgent a repair is).
    #[serde(default)]
    #[schema(required = true)]
    pub unless: Vec<String>,
}

/// A quick option of a step: its words and its key. Files may write the words alone (the key is
/// then made from them).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(from = "OptionInFile")]
pub struct ChatOption {
    pub key: String,
    pub text: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OptionInFile {
    Words(String),
    Keyed(KeyedOption),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyedOption {
    #[serde(default)]
    key: String,
    text: String,
}

impl From<OptionInFile> for ChatOption {
    fn from(file: OptionInFile) -> Self {
        match file {
            OptionInFile::Words(text) => Self { key: String::new(), text },
            OptionInFile::Keyed(KeyedOption { key, text }) => Self { key, text },
        }
    }
}

impl ChatStep {
    /// Whether the step is asked after `picked` (the keys of the options picked so far).
    pub fn asked_after<'a>(&self, picked: impl Iterator<Item = &'a str>) -> bool {
        let mut wanted = self.when.is_empty();
        let mut excluded = false;
        for option in picked {
            wanted |= self.when.iter().any(|when| when == option);
            excluded |= self.unless.iter().any(|unless| unless == option);
        }
        wanted && !excluded
    }

    /// The short name of the step's answer: its label, or its question when it has none.
    fn shown_label(&self) -> &str {
        if self.label.is_empty() { &self.question } else { &self.label }
    }

    /// The option `key`, if the step offers it.
    pub fn option(&self, key: &str) -> Option<&ChatOption> {
        self.options.iter().find(|option| option.key == key)
    }

    /// The key the service a button named is kept under ("service.named").
    pub fn named_key(&self) -> String {
        format!("{}.named", self.key)
    }
}

/// A question asked when a step's option is chosen, answered in free text. An option may have
/// several, asked in order.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all(serialize = "camelCase"), from = "FollowUpInFile")]
#[schema(rename_all = "camelCase")]
pub struct FollowUp {
    /// What the stored answer calls the question ("trailer-type"), like a step's key.
    pub key: String,
    /// The key of the option that brings it.
    pub option: String,
    pub label: String,
    pub question: String,
    /// What the answer is.
    pub asks: Asks,
}

impl FollowUp {
    fn shown_label(&self) -> &str {
        if self.label.is_empty() { &self.question } else { &self.label }
    }
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
    #[serde(default)]
    key: String,
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
        Self { key: file.key, option: file.option, label: file.label, question: file.question, asks }
    }
}

/// An answer as a request keeps it: the key of the step or follow-up it answers (empty: a
/// question the script no longer asks), the key of the option picked (None: the visitor's own
/// words), and the question and answer in the words the visitor saw and gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Given {
    pub key: String,
    pub option: Option<String>,
    pub question: String,
    pub answer: String,
}

/// An option without the hint in brackets at its end: "Other (please specify)" is "Other".
fn without_hint(option: &str) -> &str {
    match option.strip_suffix(')').and_then(|rest| rest.rsplit_once(" (")) {
        Some((bare, _)) if !bare.trim().is_empty() => bare.trim_end(),
        _ => option,
    }
}

impl Chat {
    /// Whether picking option `key` makes a request an emergency.
    pub fn is_emergency(&self, key: &str) -> bool {
        self.emergency_answers.iter().any(|emergency| emergency == key)
    }

    /// Whether picking option `key` makes a request urgent (an emergency is urgent too).
    pub fn is_urgent(&self, key: &str) -> bool {
        self.emergency_answers.iter().chain(&self.urgent_answers).any(|urgent| urgent == key)
    }

    /// Every option of every step.
    pub fn options(&self) -> impl Iterator<Item = &ChatOption> {
        self.steps.iter().flat_map(|step| &step.options)
    }

    /// Every question the assistant asks, in order (follow-ups after their step, then the
    /// service a button named), as (key, question, label).
    fn labelled(&self) -> impl Iterator<Item = (String, &str, &str)> {
        self.steps.iter().flat_map(|step| {
            std::iter::once((step.key.clone(), step.question.as_str(), step.shown_label()))
                .chain(step.follow_ups.iter().map(|f| (f.key.clone(), f.question.as_str(), f.shown_label())))
                .chain(step.named.iter().map(|named| (step.named_key(), named.as_str(), named.as_str())))
        })
    }

    /// The short name of the answer kept under `key` in the booking inbox, if the assistant still
    /// asks it (an answer to a question no longer asked goes by the question it was asked).
    pub fn answer_label(&self, key: &str) -> Option<&str> {
        self.labelled().find(|(asked, _, _)| asked == key).map(|(_, _, label)| label)
    }

    /// The key of `question` as the script words it now, and of the option `answer` names:
    /// how an answer stored (or sent) before keys finds them. Empty: a question not asked.
    pub fn key_of(&self, question: &str, answer: &str) -> (String, Option<String>) {
        let Some((key, _, _)) = self.labelled().find(|(_, asked, _)| *asked == question) else {
            return (String::new(), None);
        };
        let option = self
            .steps
            .iter()
            .find(|step| step.key == key)
            .and_then(|step| step.options.iter().find(|option| option.text == answer))
            .map(|option| option.key.clone());
        (key, option)
    }

    /// Makes `given`'s keys the script's: an unknown key (or none: a page from before keys) is
    /// found from the question's words, and an option the step does not offer is dropped.
    pub fn key_answer(&self, given: &mut Given) {
        if self.answer_label(&given.key).is_none() {
            (given.key, given.option) = self.key_of(&given.question, &given.answer);
            return;
        }
        let offered = |option: &String| {
            self.steps.iter().any(|step| step.key == given.key && step.option(option).is_some())
        };
        if !given.option.as_ref().is_some_and(offered) {
            given.option = None;
        }
    }

    /// A request's answers as its customer sees them: each option picked, under its label, in the
    /// order asked; an option that asked for the visitor's own words ("Other (please specify)")
    /// shows those words instead when `shown` takes them (else "Other"), as does an option a
    /// button named its service for ("Suspension and Brake Repair" for "Repairs needed"). Free
    /// answers to other questions (where the trailer is) are left out.
    pub fn customers_answers(
        &self,
        answers: &[Given],
        shown: impl Fn(&str) -> bool,
    ) -> Vec<(String, String)> {
        self.steps
            .iter()
            .filter_map(|step| {
                let (picked, option) = picked(step, answers)?;
                let own_words = self.own_words(step, option, answers).filter(|words| shown(words));
                // An option asking for words, without words that may be repeated: "Other", not the
                // prompt to specify.
                let asks_words = step.follow_ups.iter().any(|f| f.option == option && f.asks == Asks::Words);
                let bare = if asks_words { without_hint(picked) } else { picked };
                Some((step.shown_label().to_owned(), own_words.unwrap_or(bare).to_owned()))
            })
            .collect()
    }

    /// The visitor's own words in place of option `option` of `step`: what they typed for an
    /// option asking for them, or the service a button named.
    fn own_words<'b>(&self, step: &ChatStep, option: &str, answers: &'b [Given]) -> Option<&'b str> {
        step.follow_ups
            .iter()
            .filter(|follow_up| follow_up.option == option && follow_up.asks == Asks::Words)
            .find_map(|follow_up| given(answers, &follow_up.key))
            .or_else(|| step.named.as_ref().and_then(|_| given(answers, &step.named_key())))
    }

    /// A request's picked answers in a line's words, in the assistant's order: an option that
    /// asked for the visitor's own words shows those ("horse trailer" for "Other (please
    /// specify)"), a service a button named stands in for the option it picked, and the urgency
    /// (the step offering an urgent answer) and an emergency answer are left out (the request
    /// says it is one): "Dump Trailer · Repairs needed · Can bring to shop".
    pub fn summary<'b>(&self, answers: &'b [Given]) -> Vec<&'b str> {
        self.steps
            .iter()
            .filter(|step| !step.options.iter().any(|option| self.urgent_answers.contains(&option.key)))
            .filter_map(|step| {
                let (picked, option) = picked(step, answers)?;
                (!self.is_emergency(option)).then(|| self.own_words(step, option, answers).unwrap_or(picked))
            })
            .collect()
    }

    /// The answer to the first follow-up that asks `asks`, if the request has one.
    pub fn answer_to<'b>(&self, asks: Asks, answers: &'b [Given]) -> Option<&'b str> {
        self.answered(asks, answers).map(|(_, answer)| answer)
    }

    /// The first follow-up asking `asks` that the request answered, with its label (its question
    /// when it has none) and the answer: ("Problem", "brakes grinding").
    pub fn answered<'a, 'b>(&'a self, asks: Asks, answers: &'b [Given]) -> Option<(&'a str, &'b str)> {
        self.steps
            .iter()
            .flat_map(|step| &step.follow_ups)
            .filter(|follow_up| follow_up.asks == asks)
            .find_map(|follow_up| Some((follow_up.shown_label(), given(answers, &follow_up.key)?)))
    }

    /// Whether the script asks what the job is (a follow-up that `asks = "job"`).
    pub(super) fn asks_about_the_job(&self) -> bool {
        self.steps.iter().flat_map(|step| &step.follow_ups).any(|follow_up| follow_up.asks == Asks::Job)
    }

    /// Brings the built-in questions about the job into a script saved before they existed:
    /// what is wrong or what to build and a mobile job's street address, for each step asking
    /// the built-in question and offering the option; and the steps asked only after some
    /// answers (a custom build's budget and timeline), with what they replace, when the script
    /// offers those answers. Both scripts have their keys.
    pub(super) fn learn_job_questions(&mut self, built_in: Chat) {
        let offered = |steps: &[ChatStep], keys: &[String]| {
            keys.iter().all(|key| steps.iter().any(|step| step.option(key).is_some()))
        };
        for own in built_in.steps {
            if let Some(at) = self.steps.iter().position(|step| step.question == own.question) {
                let step = &mut self.steps[at];
                for follow_up in own.follow_ups {
                    let new = matches!(follow_up.asks, Asks::Job | Asks::Address)
                        && step.option(&follow_up.option).is_some()
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
        for (_, _, label) in self.labelled() {
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        labels
    }
}

#[cfg(test)]
impl Chat {
    /// Answers given to the questions in these words, keyed as a request keeps them.
    pub fn given(&self, pairs: &[(&str, &str)]) -> Vec<Given> {
        pairs
            .iter()
            .map(|(question, answer)| {
                let (key, option) = self.key_of(question, answer);
                Given { key, option, question: (*question).to_owned(), answer: (*answer).to_owned() }
            })
            .collect()
    }
}

/// The answer kept under `key`, if the request has one.
fn given<'b>(answers: &'b [Given], key: &str) -> Option<&'b str> {
    answers.iter().find(|given| given.key == key).map(|given| given.answer.as_str())
}

/// The option of `step` the request picked: its words as picked, and its key.
fn picked<'b>(step: &ChatStep, answers: &'b [Given]) -> Option<(&'b str, &'b str)> {
    answers
        .iter()
        .filter(|given| given.key == step.key)
        .find_map(|given| Some((given.answer.as_str(), given.option.as_deref()?)))
}

#[cfg(test)]
mod tests;
