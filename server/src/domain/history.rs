//! The kinds of entry in a request's history.

crate::text_enum! {
    /// What an entry of a request's history records.
    pub enum EventKind {
        /// The status was set (the detail: to which).
        Status => "status",
        /// A tap on Call, Text or E-mail on the request's page.
        Call => "call",
        Text => "text",
        Email => "email",
        /// A time was confirmed or set (the detail: its label).
        Time => "time",
        TimeDropped => "time-dropped",
        /// The review request went to the customer.
        Review => "review",
        /// The customer's change was marked as seen on Today.
        Seen => "seen",
        /// A member said 'I've got it'.
        Taken => "taken",
        /// Nobody had answered: a step of the escalation told more people (the detail: whom).
        Escalated => "escalated",
        /// The last alert before the promise runs out (the detail: whom).
        LastAlert => "last-alert",
        /// Past the promise, everyone was reminded (the detail: whom).
        PastPromise => "past-promise",
    }
}
