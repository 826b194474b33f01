//! The booking funnel's steps: what a visitor reached in the booking dialog, in the order they
//! meet them, as counted, stored and shown.

use serde::{Serialize, Serializer};

/// A step of the booking funnel. Stored (and named in the API) by its key: `opened`,
/// `answered:N` (the assistant's question N, from 0), `time`, `contact` or `submitted`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reached {
    /// The dialog opened.
    Opened,
    /// One of the assistant's questions was answered.
    Answered(u8),
    /// A time was chosen.
    Time,
    /// The contact form was shown.
    Contact,
    /// The request was sent.
    Submitted,
}

impl Reached {
    pub fn key(self) -> String {
        match self {
            Self::Opened => "opened".to_owned(),
            Self::Answered(question) => format!("answered:{question}"),
            Self::Time => "time".to_owned(),
            Self::Contact => "contact".to_owned(),
            Self::Submitted => "submitted".to_owned(),
        }
    }

    /// The step stored as `key`; None for a key no step has.
    pub fn parse(key: &str) -> Option<Self> {
        match key {
            "opened" => Some(Self::Opened),
            "time" => Some(Self::Time),
            "contact" => Some(Self::Contact),
            "submitted" => Some(Self::Submitted),
            other => other.strip_prefix("answered:")?.parse().ok().map(Self::Answered),
        }
    }

    /// Every step of a dialog whose assistant asks `questions` questions, in the order a visitor
    /// meets them.
    pub fn all(questions: u8) -> impl Iterator<Item = Self> {
        std::iter::once(Self::Opened).chain((0..questions).map(Self::Answered)).chain([
            Self::Time,
            Self::Contact,
            Self::Submitted,
        ])
    }
}

impl Serialize for Reached {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::Reached;

    #[test]
    fn every_step_reads_back_from_its_key() {
        let all: Vec<Reached> = Reached::all(3).collect();
        assert_eq!(all.len(), 7);
        for step in all {
            assert_eq!(Reached::parse(&step.key()), Some(step));
        }
        assert_eq!(Reached::Answered(2).key(), "answered:2");
        assert_eq!(Reached::parse("answered:x"), None);
        assert_eq!(Reached::parse("left"), None);
    }
}
