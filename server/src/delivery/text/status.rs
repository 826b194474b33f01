//! Where a text stands, in the provider's words: it only moves forward.

crate::text_enum! {
    /// Where a text stands: the provider's word for it, or `received` for a customer's.
    pub enum TextStatus {
        /// Written, not yet taken by the provider.
        Waiting => "waiting",
        Queued => "queued",
        Sent => "sent",
        Delivered => "delivered",
        Undelivered => "undelivered",
        Failed => "failed",
        Received => "received",
    }
}

impl TextStatus {
    /// The provider's status callbacks name more steps than we keep: `accepted`, `scheduled` and
    /// `sending` are still queued; `read` (RCS) is delivered. None for a word not known.
    pub fn from_provider(word: &str) -> Option<Self> {
        match word {
            "accepted" | "scheduled" | "queued" | "sending" => Some(Self::Queued),
            "sent" => Some(Self::Sent),
            "delivered" | "read" => Some(Self::Delivered),
            "undelivered" => Some(Self::Undelivered),
            "failed" | "canceled" => Some(Self::Failed),
            _ => None,
        }
    }

    /// How far along it is: a late callback never moves a text back.
    pub(super) fn rank(self) -> u8 {
        match self {
            Self::Waiting | Self::Queued => 0,
            Self::Sent => 1,
            Self::Delivered | Self::Undelivered | Self::Failed | Self::Received => 2,
        }
    }
}
