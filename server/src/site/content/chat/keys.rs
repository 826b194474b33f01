//! The script's keys: made once from the words (a step's label or question, an option's words
//! without its hint, a follow-up's label or question), unique, and kept when the words change
//! (the site details keep them). Rules written with an option's words read as its key.

use std::collections::HashSet;

use super::{Chat, without_hint};

/// The most characters a key made from words has.
const MAX_KEY: usize = 40;

/// A key made from `words`: lowercase ASCII letters and digits, words joined by single hyphens
/// ("Other (please specify)" is "other"); "answer" when nothing is left.
pub fn key_from(words: &str) -> String {
    let mut key = String::new();
    for word in without_hint(words).split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        if key.len() + word.len() >= MAX_KEY {
            break;
        }
        if !key.is_empty() {
            key.push('-');
        }
        key.push_str(&word.to_ascii_lowercase());
    }
    if key.is_empty() { "answer".to_owned() } else { key }
}

/// Whether `key` is one a script may use: lowercase ASCII letters, digits and hyphens.
pub fn is_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 60
        && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// `key`, or the first of "key-2", "key-3"... not taken; marks it taken.
fn unique(taken: &mut HashSet<String>, key: String) -> String {
    let mut unique = key.clone();
    let mut n = 2;
    while taken.contains(&unique) {
        unique = format!("{key}-{n}");
        n += 1;
    }
    taken.insert(unique.clone());
    unique
}

impl Chat {
    /// Gives every step, option and follow-up without a key one made from its words, and turns
    /// the rules written with an option's words into its key. Keys already given are kept.
    pub fn fill_keys(&mut self) {
        let mut questions: HashSet<String> = HashSet::new();
        let mut options: HashSet<String> = HashSet::new();
        for step in &self.steps {
            questions.insert(step.key.clone());
            questions.extend(step.follow_ups.iter().map(|f| f.key.clone()));
            options.extend(step.options.iter().map(|o| o.key.clone()));
        }
        for step in &mut self.steps {
            if step.key.is_empty() {
                step.key = unique(&mut questions, key_from(step.shown_label()));
            }
            for option in step.options.iter_mut().filter(|option| option.key.is_empty()) {
                option.key = unique(&mut options, key_from(&option.text));
            }
            for follow_up in step.follow_ups.iter_mut().filter(|follow_up| follow_up.key.is_empty()) {
                follow_up.key = unique(&mut questions, key_from(follow_up.shown_label()));
            }
        }
        let mut rules = std::mem::take(&mut self.emergency_answers);
        self.name_options(&mut rules);
        self.emergency_answers = rules;
        let mut rules = std::mem::take(&mut self.urgent_answers);
        self.name_options(&mut rules);
        self.urgent_answers = rules;
        for at in 0..self.steps.len() {
            let (mut when, mut unless) =
                (std::mem::take(&mut self.steps[at].when), std::mem::take(&mut self.steps[at].unless));
            self.name_options(&mut when);
            self.name_options(&mut unless);
            let step = &mut self.steps[at];
            (step.when, step.unless) = (when, unless);
            for follow_up in &mut step.follow_ups {
                if let Some(option) = step.options.iter().find(|option| option.text == follow_up.option) {
                    follow_up.option.clone_from(&option.key);
                }
            }
        }
    }

    /// `answers` with each one written as an option's words turned into that option's key.
    pub fn name_options(&self, answers: &mut [String]) {
        for answer in answers {
            let is_key = self.options().any(|option| &option.key == answer);
            if let Some(option) = self.options().find(|option| &option.text == answer).filter(|_| !is_key) {
                answer.clone_from(&option.key);
            }
        }
    }
}
