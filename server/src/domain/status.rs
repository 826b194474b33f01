//! Where a booking request stands, and the rules that follow from it.

crate::text_enum! {
    /// A booking's status in the shop's inbox.
    pub enum BookingStatus {
        /// Nobody has answered yet.
        New => "new",
        Contacted => "contacted",
        Scheduled => "scheduled",
        Done => "done",
        Cancelled => "cancelled",
        Spam => "spam",
    }
}

impl BookingStatus {
    /// Still the shop's to answer or to follow up: what urgency sorts and Today's emergencies show.
    pub const OPEN: &'static [Self] = &[Self::New, Self::Contacted];
    /// Still on the shop's list: open, or with a time set. A customer's cancel ends these.
    pub const ACTIVE: &'static [Self] = &[Self::New, Self::Contacted, Self::Scheduled];
    /// Ended with no work to do: nobody can take these on any more.
    pub const DROPPED: &'static [Self] = &[Self::Cancelled, Self::Spam];

    pub fn is_open(self) -> bool {
        Self::OPEN.contains(&self)
    }

    /// Setting it answers the request (its first response, when it is the first answer).
    pub fn answers_request(self) -> bool {
        self != Self::New
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_is_its_name_in_json_and_text_and_nothing_else_parses() {
        for status in BookingStatus::ALL {
            assert_eq!(status.as_str().parse::<BookingStatus>(), Ok(*status));
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
        }
        assert_eq!(serde_json::from_str::<BookingStatus>("\"contacted\"").unwrap(), BookingStatus::Contacted);
        assert!(serde_json::from_str::<BookingStatus>("\"Contacted\"").is_err());
        assert_eq!(
            "archived".parse::<BookingStatus>().unwrap_err().to_string(),
            "\"archived\" is not a BookingStatus"
        );
    }

    #[test]
    fn only_new_and_contacted_are_open_and_only_new_is_no_answer() {
        let open: Vec<_> = BookingStatus::ALL.iter().filter(|s| s.is_open()).collect();
        assert_eq!(open, [&BookingStatus::New, &BookingStatus::Contacted]);
        let silent: Vec<_> = BookingStatus::ALL.iter().filter(|s| !s.answers_request()).collect();
        assert_eq!(silent, [&BookingStatus::New]);
    }
}
