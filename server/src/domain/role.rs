//! What a member of the shop's team may do.

crate::text_enum! {
    /// A team member's role: an owner may do everything; staff do the daily work (Today, the
    /// requests, the schedule, notes, calls and texts, their own account and devices).
    pub enum Role {
        Owner => "owner",
        Staff => "staff",
    }
}
