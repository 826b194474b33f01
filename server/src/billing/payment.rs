//! Money received: a quote's deposit or an invoice, paid by the customer online (a Stripe Checkout page of the
//! shop's own account) or recorded by the team when it came by cash, check or the shop's card
//! machine. A payment is never changed but by a refund, which is kept beside it.

use serde::{Deserialize, Serialize};

use crate::clock::At;
use crate::domain::Money;
use crate::error::{ApiError, FieldErrors};
use crate::text_enum;

const NOTE_LENGTH: usize = 200;
/// More than any deposit a trailer shop asks ($1,000,000): a typo, not a payment.
const LARGEST: Money = Money::from_cents(100_000_000);

text_enum! {
    /// How a payment came.
    pub enum PaymentMethod {
        /// On the shop's Stripe Checkout page.
        Online => "online",
        Cash => "cash",
        Check => "check",
        /// A card taken by the shop itself (its own machine or phone).
        Card => "card",
    }
}

impl PaymentMethod {
    /// "online", "by check", as a sentence says it.
    pub fn words(self) -> &'static str {
        match self {
            Self::Online => "online",
            Self::Cash => "in cash",
            Self::Check => "by check",
            Self::Card => "by card",
        }
    }
}

/// What a payment pays: a quote's deposit, or an invoice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaidFor {
    Quote(i64),
    Invoice(i64),
}

impl PaidFor {
    /// "quote" or "invoice": its name in Stripe's metadata, and its column (with `_id`).
    pub fn kind(self) -> &'static str {
        match self {
            Self::Quote(_) => "quote",
            Self::Invoice(_) => "invoice",
        }
    }

    /// What a payment's `quote_id` and `invoice_id` say it pays.
    pub fn of_columns(quote: Option<i64>, invoice: Option<i64>) -> Option<Self> {
        quote.map(Self::Quote).or_else(|| invoice.map(Self::Invoice))
    }

    pub fn id(self) -> i64 {
        match self {
            Self::Quote(id) | Self::Invoice(id) => id,
        }
    }

    /// What it pays, as a sentence names it before the document's number: "the deposit for
    /// quote", "invoice".
    pub fn words(self) -> &'static str {
        match self {
            Self::Quote(_) => "the deposit for quote",
            Self::Invoice(_) => "invoice",
        }
    }
}

/// A payment as the team reads it.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub id: i64,
    pub amount: Money,
    /// What was refunded of it (0: nothing).
    pub refunded: Money,
    pub method: PaymentMethod,
    pub paid_at: At,
    /// The team's note (a check's number); empty for one paid online.
    pub note: String,
    /// Who recorded it; none for one paid online.
    pub recorded_by: Option<String>,
}

impl Payment {
    /// What the shop keeps of it.
    pub fn kept(&self) -> Money {
        self.amount - self.refunded
    }
}

/// Where a quote's deposit stands.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DepositStanding {
    /// The deposit of the option the customer approved (0: none asked, or not approved yet).
    pub asked: Money,
    /// Paid and not refunded.
    pub paid: Money,
    /// What is left to pay (never below 0).
    pub due: Money,
}

impl DepositStanding {
    /// `asked`, against `payments`.
    pub fn of(asked: Money, payments: &[Payment]) -> Self {
        let paid = payments.iter().map(Payment::kept).fold(Money::ZERO, |sum, kept| sum + kept);
        Self { asked, paid, due: (asked - paid).max(Money::ZERO) }
    }
}

/// A payment the team records by hand.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PaymentForm {
    /// In cents, more than 0.
    pub amount: Money,
    /// Cash, check or card (online payments come from Stripe).
    pub method: PaymentMethod,
    /// A check's number, who handed it over (up to 200 characters).
    #[serde(default)]
    pub note: String,
}

impl PaymentForm {
    /// Refuses an amount of nothing or of more than a trailer shop is paid, an online payment
    /// typed by hand, or a long note; the note trimmed.
    pub fn checked(mut self) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        if self.amount <= Money::ZERO {
            errors.add("amount", "Give the amount received, more than $0.00");
        } else if self.amount > LARGEST {
            errors.add("amount", format!("That is more than {LARGEST}: check the amount"));
        }
        if self.method == PaymentMethod::Online {
            errors.add(
                "method",
                "Online payments are recorded when Stripe tells us of them: pick cash, check or card",
            );
        }
        self.note = self.note.trim().to_owned();
        if self.note.chars().count() > NOTE_LENGTH {
            errors.add("note", format!("Keep the note to {NOTE_LENGTH} characters"));
        }
        if errors.is_empty() { Ok(self) } else { Err(ApiError::Invalid(errors)) }
    }
}

/// Money the owner gives back of a payment.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefundForm {
    /// In cents, more than 0 and at most what the shop still keeps of the payment.
    pub amount: Money,
    /// Why (up to 200 characters): the customer's page and the history show it.
    pub reason: String,
}

impl RefundForm {
    /// Refuses an amount of nothing or more than `kept`, or no reason; the reason trimmed.
    pub fn checked(mut self, kept: Money) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        if self.amount <= Money::ZERO {
            errors.add("amount", "Give the amount to refund, more than $0.00");
        } else if self.amount > kept {
            errors.add("amount", format!("At most {kept} of this payment is left to refund"));
        }
        self.reason = self.reason.trim().to_owned();
        if self.reason.is_empty() {
            errors.add("reason", "Say why, for the customer and the history");
        } else if self.reason.chars().count() > NOTE_LENGTH {
            errors.add("reason", format!("Keep the reason to {NOTE_LENGTH} characters"));
        }
        if errors.is_empty() { Ok(self) } else { Err(ApiError::Invalid(errors)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paid(amount: i64, refunded: i64) -> Payment {
        Payment {
            id: 1,
            amount: Money::from_cents(amount),
            refunded: Money::from_cents(refunded),
            method: PaymentMethod::Online,
            paid_at: At::from(jiff::Timestamp::UNIX_EPOCH),
            note: String::new(),
            recorded_by: None,
        }
    }

    #[test]
    fn a_deposit_is_due_until_paid_and_again_when_refunded() {
        let asked = Money::from_cents(31_250);
        assert_eq!(DepositStanding::of(asked, &[]).due, asked);
        let standing = DepositStanding::of(asked, &[paid(31_250, 0)]);
        assert_eq!((standing.paid, standing.due), (asked, Money::ZERO));
        let standing = DepositStanding::of(asked, &[paid(31_250, 10_000)]);
        assert_eq!(standing.due, Money::from_cents(10_000));
        let over = DepositStanding::of(asked, &[paid(20_000, 0), paid(20_000, 0)]);
        assert_eq!(over.due, Money::ZERO);
    }

    #[test]
    fn a_payment_by_hand_is_checked() {
        let form = |amount, method| PaymentForm {
            amount: Money::from_cents(amount),
            method,
            note: " #1042 ".into(),
        };
        assert_eq!(
            form(5_000, PaymentMethod::Check).checked().map(|form| form.note).ok(),
            Some("#1042".into())
        );
        assert!(form(0, PaymentMethod::Cash).checked().is_err());
        assert!(form(200_000_000, PaymentMethod::Cash).checked().is_err());
        assert!(form(5_000, PaymentMethod::Online).checked().is_err());
    }

    #[test]
    fn a_refund_gives_back_at_most_what_is_kept_and_says_why() {
        let kept = Money::from_cents(5_000);
        let refund =
            |amount, reason: &str| RefundForm { amount: Money::from_cents(amount), reason: reason.into() };
        assert!(
            refund(5_000, " Job cancelled ").checked(kept).is_ok_and(|form| form.reason == "Job cancelled")
        );
        assert!(refund(5_001, "Job cancelled").checked(kept).is_err());
        assert!(refund(0, "Job cancelled").checked(kept).is_err());
        assert!(refund(100, "  ").checked(kept).is_err());
    }
}
