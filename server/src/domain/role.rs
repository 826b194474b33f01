//! What an account may do.

crate::text_enum! {
    /// An account's role. Only admins sign in to the admin area today.
    pub enum Role {
        Admin => "admin",
        Editor => "editor",
    }
}

impl Role {
    /// Whether the account may sign in to the admin area and act in it.
    pub fn may_use_admin(self) -> bool {
        self == Self::Admin
    }
}
