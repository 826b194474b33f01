//! What a script must be: words for every question and option, keys unique, and rules that name
//! options the script offers.

use std::collections::HashSet;

use super::{Asks, Chat, keys::is_key};
use crate::site::content::checker::Checker;

impl Chat {
    /// Checks the script, reporting every problem under its field ("chat.steps[1].options[0]").
    pub(in crate::site::content) fn check(&self, c: &mut Checker) {
        c.text("chat.title", &self.title);
        c.text("chat.contact_prompt", &self.contact_prompt);
        if let Some(greeting) = &self.greeting {
            c.text("chat.greeting", greeting);
        }
        if let Some(line) = &self.financing_line {
            c.text("chat.financing_line", line);
        }
        c.text("chat.error_message", &self.error_message);
        c.not_empty("chat.steps", &self.steps);
        self.check_keys(c);
        for (list, answers) in
            [("emergency_answers", &self.emergency_answers), ("urgent_answers", &self.urgent_answers)]
        {
            for (i, answer) in answers.iter().enumerate() {
                if !self.options().any(|option| &option.key == answer) {
                    c.fail(format!("chat.{list}[{i}]"), "must be one of the steps' options");
                }
            }
        }
        for (i, answer) in self.urgent_answers.iter().enumerate() {
            if self.emergency_answers.contains(answer) {
                c.fail(
                    format!("chat.urgent_answers[{i}]"),
                    "is an emergency answer already (an emergency is urgent too)",
                );
            }
        }
        for (i, step) in self.steps.iter().enumerate() {
            c.text(format!("chat.steps[{i}].question"), &step.question);
            for (j, option) in step.options.iter().enumerate() {
                c.text(format!("chat.steps[{i}].options[{j}].text"), &option.text);
            }
            for (j, follow_up) in step.follow_ups.iter().enumerate() {
                let field = format!("chat.steps[{i}].follow_ups[{j}]");
                if step.option(&follow_up.option).is_none() {
                    c.fail(format!("{field}.option"), "must be one of the step's options");
                }
                c.text(format!("{field}.question"), &follow_up.question);
                let before = &step.follow_ups[..j];
                let same_option = |asks: Asks| {
                    before.iter().any(|other| other.option == follow_up.option && other.asks == asks)
                };
                if follow_up.asks == Asks::Address && !same_option(Asks::Place) {
                    c.fail(
                        format!("{field}.asks"),
                        "an address is asked after a place question for the same option",
                    );
                }
                if follow_up.asks != Asks::Words && same_option(follow_up.asks) {
                    c.fail(format!("{field}.asks"), "is asked already for this option");
                }
            }
            let earlier = &self.steps[..i];
            for (list, answers) in [("when", &step.when), ("unless", &step.unless)] {
                for (j, answer) in answers.iter().enumerate() {
                    if !earlier.iter().any(|step| step.option(answer).is_some()) {
                        c.fail(
                            format!("chat.steps[{i}].{list}[{j}]"),
                            "must be one of an earlier step's options",
                        );
                    }
                }
            }
            if let Some(named) = &step.named {
                c.text(format!("chat.steps[{i}].named"), named);
            }
        }
    }

    /// Every key is one (lowercase letters, digits and hyphens), and each names one thing: a
    /// step or follow-up among the questions, an option among the options.
    fn check_keys(&self, c: &mut Checker) {
        const BAD: &str = "must be lowercase letters, digits and hyphens (at most 60)";
        let mut questions = HashSet::new();
        let mut options = HashSet::new();
        for (i, step) in self.steps.iter().enumerate() {
            let keys = std::iter::once((format!("chat.steps[{i}].key"), &step.key)).chain(
                step.follow_ups
                    .iter()
                    .enumerate()
                    .map(|(j, f)| (format!("chat.steps[{i}].follow_ups[{j}].key"), &f.key)),
            );
            for (field, key) in keys {
                if !is_key(key) {
                    c.fail(field, BAD);
                } else if !questions.insert(key) {
                    c.fail(field, "is the key of another question");
                }
            }
            for (j, option) in step.options.iter().enumerate() {
                let field = format!("chat.steps[{i}].options[{j}].key");
                if !is_key(&option.key) {
                    c.fail(field, BAD);
                } else if !options.insert(&option.key) {
                    c.fail(field, "is the key of another option");
                }
            }
        }
    }
}
