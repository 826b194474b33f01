//! The audit log: who signed in (or tried), signed out, and changed posts or bookings.

use std::future::Future;

use serde::Serialize;

use crate::{clock::At, db::Db, for_both_connections, with_db};

crate::text_enum! {
    /// What happened: a stable key, stored and sent; the audit page shows its sentence.
    pub enum Action {
        SignIn => "sign-in",
        SignInFailed => "sign-in-failed",
        SignInThrottled => "sign-in-throttled",
        SignOut => "sign-out",
        SignInCodeFailed => "sign-in-code-failed",
        SignedOutElsewhere => "signed-out-elsewhere",
        PasswordChanged => "password-changed",
        PasswordChangeFailed => "password-change-failed",
        TwoFactorEnabled => "two-factor-enabled",
        TwoFactorDisabled => "two-factor-disabled",
        TwoFactorReset => "two-factor-reset",
        RecoveryCodesReplaced => "recovery-codes-replaced",
        PostCreated => "post-created",
        PostUpdated => "post-updated",
        PostPublished => "post-published",
        PostPublishedOnSchedule => "post-published-on-schedule",
        PostScheduled => "post-scheduled",
        PostUnpublished => "post-unpublished",
        PostDeleted => "post-deleted",
        PostRestored => "post-restored",
        PostPurged => "post-purged",
        ImageUploaded => "image-uploaded",
        BookingStatusChanged => "booking-status-changed",
        BookingScheduled => "booking-scheduled",
        BookingTimeDropped => "booking-time-dropped",
        ReviewRequested => "review-requested",
        CalendarFeedChanged => "calendar-feed-changed",
        SiteChanged => "site-changed",
        SiteRestored => "site-restored",
        SiteImported => "site-imported",
        RecipientsChanged => "recipients-changed",
        TestNotificationSent => "test-notification-sent",
        BookingNoteAdded => "booking-note-added",
        BookingNoteChanged => "booking-note-changed",
        BookingNoteDeleted => "booking-note-deleted",
        WeeklyReportSwitched => "weekly-report-switched",
        SessionEnded => "session-ended",
        PasswordResetAsked => "password-reset-asked",
        PasswordReset => "password-reset",
        PasswordResetRefused => "password-reset-refused",
        PushDeviceAdded => "push-device-added",
        PushDeviceChanged => "push-device-changed",
        PushDeviceRemoved => "push-device-removed",
        PushTestSent => "push-test-sent",
        CustomerChangeSeen => "customer-change-seen",
        MemberInvited => "member-invited",
        InvitationWithdrawn => "invitation-withdrawn",
        MemberJoined => "member-joined",
        MemberRemoved => "member-removed",
        RotaChanged => "rota-changed",
        EscalationStepsChanged => "escalation-steps-changed",
        OnCallCover => "on-call-cover",
        OnCallCoverEnded => "on-call-cover-ended",
        PhoneChanged => "phone-changed",
        TwoStepRequired => "two-step-required",
        CustomerChanged => "customer-changed",
        CustomersMerged => "customers-merged",
        RequestSplitOff => "request-split-off",
        TrailerAdded => "trailer-added",
        TrailerChanged => "trailer-changed",
        RequestTrailerNamed => "request-trailer-named",
        NumberFiled => "number-filed",
        CustomerExported => "customer-exported",
        CustomerErased => "customer-erased",
        PhotoShared => "photo-shared",
        PhotoDeleted => "photo-deleted",
        PriceRatesChanged => "price-rates-changed",
        PriceItemSaved => "price-item-saved",
        PriceItemDeleted => "price-item-deleted",
        QuoteStarted => "quote-started",
        QuoteDeleted => "quote-deleted",
        QuoteSent => "quote-sent",
        QuoteWithdrawn => "quote-withdrawn",
        QuoteRevised => "quote-revised",
        PaymentRecorded => "payment-recorded",
        PaymentRefunded => "payment-refunded",
        InvoiceStarted => "invoice-started",
        InvoiceDeleted => "invoice-deleted",
        InvoiceSent => "invoice-sent",
        InvoiceVoided => "invoice-voided",
        /// A line written before actions had keys, whose words matched none: they are kept in its
        /// detail.
        Earlier => "earlier",
    }
}

impl Action {
    /// What happened, as the audit page says it.
    pub fn sentence(self) -> &'static str {
        match self {
            Self::SignIn => "sign-in",
            Self::SignInFailed => "sign-in failed",
            Self::SignInThrottled => "sign-in refused (too many failures)",
            Self::SignOut => "sign-out",
            Self::SignInCodeFailed => "sign-in code refused",
            Self::SignedOutElsewhere => "signed out everywhere else",
            Self::PasswordChanged => "password changed",
            Self::PasswordChangeFailed => "password change refused (wrong current password)",
            Self::TwoFactorEnabled => "two-factor sign-in turned on",
            Self::TwoFactorDisabled => "two-factor sign-in turned off",
            Self::TwoFactorReset => "two-factor sign-in reset from the command line",
            Self::RecoveryCodesReplaced => "new recovery codes made",
            Self::PostCreated => "post created",
            Self::PostUpdated => "post updated",
            Self::PostPublished => "post published",
            Self::PostPublishedOnSchedule => "post published (as scheduled)",
            Self::PostScheduled => "post scheduled",
            Self::PostUnpublished => "post unpublished",
            Self::PostDeleted => "post deleted (kept 30 days under Deleted)",
            Self::PostRestored => "post restored (as a draft)",
            Self::PostPurged => "deleted post removed for good (after 30 days)",
            Self::ImageUploaded => "image uploaded",
            Self::BookingStatusChanged => "booking status changed",
            Self::BookingScheduled => "booking time confirmed",
            Self::BookingTimeDropped => "booking time dropped",
            Self::ReviewRequested => "review request sent",
            Self::CalendarFeedChanged => "calendar feed address changed",
            Self::SiteChanged => "site details changed",
            Self::SiteRestored => "site details restored",
            Self::SiteImported => "site details imported from the command line",
            Self::RecipientsChanged => "booking e-mail addresses changed",
            Self::TestNotificationSent => "test notification sent",
            Self::BookingNoteAdded => "booking note added",
            Self::BookingNoteChanged => "booking note changed",
            Self::BookingNoteDeleted => "booking note deleted",
            Self::WeeklyReportSwitched => "weekly report turned on or off",
            Self::SessionEnded => "signed out a device",
            Self::PasswordResetAsked => "password reset link sent",
            Self::PasswordReset => "password reset with an e-mailed link",
            Self::PasswordResetRefused => "password reset link refused (used or expired)",
            Self::PushDeviceAdded => "device added for notifications",
            Self::PushDeviceChanged => "device notification settings changed",
            Self::PushDeviceRemoved => "device removed from notifications",
            Self::PushTestSent => "test notification sent to a device",
            Self::CustomerChangeSeen => "customer's change marked as seen",
            Self::MemberInvited => "invited to the team",
            Self::InvitationWithdrawn => "invitation to the team withdrawn",
            Self::MemberJoined => "joined the team (with an invitation)",
            Self::MemberRemoved => "removed from the team",
            Self::RotaChanged => "on-call rota changed",
            Self::EscalationStepsChanged => "escalation steps changed",
            Self::OnCallCover => "on call until a time",
            Self::OnCallCoverEnded => "on-call cover ended",
            Self::PhoneChanged => "mobile number changed",
            Self::TwoStepRequired => "two-step sign-in for everyone changed",
            Self::CustomerChanged => "customer's record changed",
            Self::CustomersMerged => "two customers' records merged",
            Self::RequestSplitOff => "request split off to a new customer",
            Self::TrailerAdded => "trailer added to a customer",
            Self::TrailerChanged => "customer's trailer changed",
            Self::RequestTrailerNamed => "request's trailer named",
            Self::NumberFiled => "texts from a new number filed under a customer",
            Self::CustomerExported => "a customer's data exported",
            Self::CustomerErased => "a customer's personal data erased at their request",
            Self::PhotoShared => "a job photo shown on the customer's page",
            Self::PhotoDeleted => "a job photo deleted",
            Self::PriceRatesChanged => "price book rates, taxes or trip fees changed",
            Self::PriceItemSaved => "part or job in the price book added or changed",
            Self::PriceItemDeleted => "part or job taken out of the price book",
            Self::QuoteStarted => "quote started for a request",
            Self::QuoteDeleted => "draft quote deleted",
            Self::QuoteSent => "quote sent to the customer",
            Self::QuoteWithdrawn => "sent quote withdrawn",
            Self::QuoteRevised => "sent quote revised into a new draft",
            Self::PaymentRecorded => "payment recorded by hand",
            Self::PaymentRefunded => "payment refunded",
            Self::InvoiceStarted => "invoice started for a request",
            Self::InvoiceDeleted => "draft invoice deleted",
            Self::InvoiceSent => "invoice issued to the customer",
            Self::InvoiceVoided => "invoice voided",
            Self::Earlier => "recorded before actions had keys",
        }
    }
}

/// Who acted: the signed-in user, or the e-mail someone tried to sign in with.
pub struct Actor<'a> {
    pub user_id: Option<i64>,
    pub email: &'a str,
    pub client_ip: &'a str,
}

/// A line of the audit log, written in the transaction of the change it records
/// (`AuditWrites::audit`), so the change and its line commit together or not at all.
pub struct Line<'a> {
    pub actor: &'a Actor<'a>,
    pub action: Action,
    pub detail: String,
}

/// The audit log's write inside the caller's transaction.
pub trait AuditWrites {
    fn audit(&mut self, line: &Line<'_>, now: &At) -> impl Future<Output = sqlx::Result<()>> + Send;
}

for_both_connections!(impl AuditWrites {
    async fn audit(&mut self, line: &Line<'_>, now: &At) -> sqlx::Result<()> {
        if matches!(line.action, Action::SignInFailed | Action::SignInThrottled | Action::SignInCodeFailed) {
            crate::metrics::sign_in_failed();
        }
        sqlx::query(
            "INSERT INTO audit_log (at, user_id, email, action, detail, client_ip) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(now)
        .bind(line.actor.user_id)
        .bind(line.actor.email)
        .bind(line.action)
        .bind(&line.detail)
        .bind(line.actor.client_ip)
        .execute(&mut *self)
        .await?;
        Ok(())
    }
});

/// Writes a line on its own: only for what changes no stored data (a refused sign-in, code or
/// password). A change hands its `Line` to the store that writes it.
pub async fn record(db: &Db, actor: &Actor<'_>, action: Action, detail: &str) -> anyhow::Result<()> {
    let now = db.clock.stamp();
    with_db!(db, |pool| {
        let mut connection = pool.acquire().await?;
        connection.audit(&Line { actor, action, detail: detail.to_owned() }, &now).await?;
    });
    Ok(())
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntry)]
pub struct Entry {
    pub id: i64,
    pub at: At,
    pub email: Option<String>,
    pub action: Action,
    /// The action as the audit page says it.
    #[sqlx(skip)]
    pub what: &'static str,
    pub detail: String,
    pub client_ip: String,
}

/// Which lines to show: all, or one action's, or one member's.
#[derive(Debug, Default, Clone, Copy)]
pub struct Filter {
    pub action: Option<Action>,
    pub member: Option<i64>,
}

/// The newest `limit` entries that `filter` lets through, older than entry `before` (all when
/// None), newest first.
pub async fn recent(db: &Db, filter: Filter, before: Option<i64>, limit: i64) -> anyhow::Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = with_db!(db, |pool| {
        sqlx::query_as(
            "SELECT id, at, email, action, detail, client_ip FROM audit_log
             WHERE ($1 IS NULL OR id < $1) AND ($2 IS NULL OR action = $2) AND ($3 IS NULL OR user_id = $3)
             ORDER BY id DESC LIMIT $4",
        )
        .bind(before)
        .bind(filter.action)
        .bind(filter.member)
        .bind(limit)
        .fetch_all(pool)
        .await?
    });
    for entry in &mut entries {
        entry.what = entry.action.sentence();
    }
    Ok(entries)
}
