//! An invoice as the team writes it and as it stands. An invoice bills a request's customer for
//! the work done: it starts from the approved quote (the option the customer chose, with the
//! optional lines they ticked) or empty, and the team changes its lines to what was done. It adds
//! up like a quote's option (labour at its hourly rate, shop supplies on the labour, tax per kind
//! of line), and what the customer owes is its total less the quote's deposit paid and the
//! invoice's own payments.

use serde::{Deserialize, Serialize};

use super::document::LineKind;
use super::payment::Payment;
use super::quote::{
    Deposit, DepositKind, LabourRate, MESSAGE_LENGTH, MOST_LINES, OptionFigures, QuoteForm, QuoteLine,
    QuoteOption, QuoteRates, checked_figures,
};
use crate::domain::{Money, Quantity, Rate};
use crate::error::{ApiError, FieldErrors};
use crate::text_enum;

/// The days to pay an invoice unless the team says otherwise.
pub const DUE_DAYS: i64 = 14;
/// The most days an invoice gives to pay.
const MOST_DUE_DAYS: i64 = 90;

text_enum! {
    /// Where an invoice stands: written, issued to the customer (numbered), or voided. Whether it
    /// is paid is its payments' to say.
    pub enum InvoiceState {
        Draft => "draft",
        Issued => "issued",
        Void => "void",
    }
}

/// An invoice as the team saves it: every field, always.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InvoiceForm {
    pub rate: LabourRate,
    /// Up to 40.
    pub lines: Vec<InvoiceLine>,
    /// A note to the customer, shown above the lines.
    #[schema(max_length = 2000)]
    pub message: String,
    /// The days after it is issued that it is due: 0 (on receipt) to 90.
    pub due_days: i64,
}

/// A line of an invoice.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InvoiceLine {
    pub kind: LineKind,
    #[schema(max_length = 120)]
    pub description: String,
    pub quantity: Quantity,
    /// Each; none for labour at the invoice's hourly rate. Negative for a discount.
    pub price: Option<Money>,
}

/// What the customer owes on an invoice.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceStanding {
    /// The invoice's total (0 while it does not add up).
    pub total: Money,
    /// What the shop keeps of the approved quote's deposit.
    pub deposit_paid: Money,
    /// What the shop keeps of the invoice's own payments.
    pub paid: Money,
    /// What is left to pay (never below 0).
    pub balance: Money,
}

impl InvoiceStanding {
    /// `total`, against the quote's deposit `deposit` and the invoice's `payments`.
    pub fn of(total: Money, deposit: &[Payment], payments: &[Payment]) -> Self {
        let kept =
            |list: &[Payment]| list.iter().map(Payment::kept).fold(Money::ZERO, |sum, kept| sum + kept);
        let (deposit_paid, paid) = (kept(deposit), kept(payments));
        Self { total, deposit_paid, paid, balance: (total - deposit_paid - paid).max(Money::ZERO) }
    }
}

impl InvoiceForm {
    /// An empty invoice at the standard rate, due in the usual days.
    pub fn blank() -> Self {
        Self { rate: LabourRate::Standard, lines: Vec::new(), message: String::new(), due_days: DUE_DAYS }
    }

    /// The invoice of option `option` of `quote` with its optional lines at places `ticked`: the
    /// lines the customer approved, none of them optional any more.
    pub fn of_quote(quote: &QuoteForm, option: usize, ticked: &[usize]) -> Self {
        let lines = quote.options.get(option).map_or_else(Vec::new, |option| {
            option
                .lines
                .iter()
                .enumerate()
                .filter(|(m, line)| !line.optional || ticked.contains(m))
                .map(|(_, line)| InvoiceLine {
                    kind: line.kind,
                    description: line.description.clone(),
                    quantity: line.quantity,
                    price: line.price,
                })
                .collect()
        });
        Self { rate: quote.rate, lines, ..Self::blank() }
    }

    /// Its figures at `rates`: each line's amount, shop supplies, the subtotal, tax and total.
    pub fn figures(&self, rates: &QuoteRates) -> OptionFigures {
        let lines = self
            .lines
            .iter()
            .map(|line| QuoteLine {
                kind: line.kind,
                description: String::new(),
                quantity: line.quantity,
                price: line.price,
                optional: false,
            })
            .collect();
        let as_quote = QuoteForm {
            rate: self.rate,
            options: vec![QuoteOption { title: String::new(), lines }],
            deposit: Deposit { kind: DepositKind::NoDeposit, amount: Money::ZERO, rate: Rate::default() },
            message: String::new(),
        };
        as_quote.figures(rates).remove(0)
    }

    /// The form, or every field's message. A draft may have lines with no words yet.
    pub fn checked(self) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        if self.lines.len() > MOST_LINES {
            errors.add("lines", format!("An invoice has at most {MOST_LINES} lines"));
        }
        let lines = self
            .lines
            .into_iter()
            .enumerate()
            .map(|(m, line)| {
                let parts = (line.kind, line.description.as_str(), line.quantity, line.price);
                let description = checked_figures(&mut errors, &format!("lines.{m}"), parts);
                InvoiceLine { description, ..line }
            })
            .collect();
        let message = self.message.trim().to_owned();
        if message.chars().count() > MESSAGE_LENGTH {
            errors.add("message", format!("At most {MESSAGE_LENGTH} characters"));
        }
        if !(0..=MOST_DUE_DAYS).contains(&self.due_days) {
            errors.add("dueDays", format!("Give 0 (due on receipt) to {MOST_DUE_DAYS} days"));
        }
        if !errors.is_empty() {
            return Err(ApiError::Invalid(errors));
        }
        Ok(Self { rate: self.rate, lines, message, due_days: self.due_days })
    }

    /// Refuses to issue it while it is not finished: no lines, a line without words, or figures
    /// that do not add up.
    pub fn finished(&self, rates: &QuoteRates) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        if self.lines.is_empty() {
            errors.add("lines", "Give the invoice at least one line");
        }
        for (m, line) in self.lines.iter().enumerate() {
            if line.description.is_empty() {
                errors.add(format!("lines.{m}.description"), "Say what the line is for");
            }
        }
        if let Some(problem) = self.figures(rates).problem {
            errors.add("lines", problem);
        }
        if errors.is_empty() { Ok(()) } else { Err(ApiError::Invalid(errors)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing::payment::PaymentMethod;
    use crate::billing::price_book::PriceSettings;

    fn line(kind: LineKind, hundredths: i64, price: Option<i64>, optional: bool) -> QuoteLine {
        QuoteLine {
            kind,
            description: "x".into(),
            quantity: Quantity::from_hundredths(hundredths),
            price: price.map(Money::from_cents),
            optional,
        }
    }

    fn paid(cents: i64, refunded: i64) -> Payment {
        Payment {
            id: 1,
            amount: Money::from_cents(cents),
            refunded: Money::from_cents(refunded),
            method: PaymentMethod::Cash,
            paid_at: "2026-04-14T15:30:00Z".parse().expect("a time"),
            note: String::new(),
            recorded_by: None,
        }
    }

    #[test]
    fn an_invoice_of_a_quote_takes_the_approved_option_and_its_ticked_lines() {
        let mut quote = QuoteForm::blank();
        quote.rate = LabourRate::Insurance;
        quote.options[0].lines = vec![line(LineKind::Part, 100, Some(500), false)];
        quote.options.push(QuoteOption {
            title: "Better".into(),
            lines: vec![
                line(LineKind::Labour, 150, None, false),
                line(LineKind::Part, 100, Some(2000), true),
                line(LineKind::Part, 100, Some(3000), true),
            ],
        });
        let invoice = InvoiceForm::of_quote(&quote, 1, &[2]);
        assert_eq!(invoice.rate, LabourRate::Insurance);
        let prices: Vec<Option<Money>> = invoice.lines.iter().map(|line| line.price).collect();
        assert_eq!(prices, [None, Some(Money::from_cents(3000))]);

        let mut settings = PriceSettings::unset();
        settings.insurance_rate = Money::from_cents(10_000);
        let figures = invoice.figures(&QuoteRates::from_book(&settings));
        assert_eq!(figures.totals.map(|totals| totals.total), Some(Money::from_cents(18_000)));
    }

    #[test]
    fn the_balance_is_the_total_less_the_deposit_and_payments_kept() {
        let total = Money::from_cents(40_000);
        let standing = InvoiceStanding::of(total, &[paid(10_000, 0)], &[paid(20_000, 5_000)]);
        assert_eq!(
            (standing.deposit_paid, standing.paid, standing.balance),
            (Money::from_cents(10_000), Money::from_cents(15_000), Money::from_cents(15_000))
        );
        let overpaid = InvoiceStanding::of(Money::from_cents(5_000), &[paid(10_000, 0)], &[]);
        assert_eq!(overpaid.balance, Money::ZERO);
    }

    #[test]
    fn the_due_days_and_lines_are_checked() {
        let mut form = InvoiceForm::blank();
        form.due_days = 91;
        form.lines.push(InvoiceLine {
            kind: LineKind::Part,
            description: " A hub ".into(),
            quantity: Quantity::from_hundredths(100),
            price: None,
        });
        let Err(ApiError::Invalid(errors)) = form.clone().checked() else { panic!("refused") };
        assert_eq!(errors.first("dueDays").as_deref(), Some("Give 0 (due on receipt) to 90 days"));
        assert_eq!(errors.first("lines.0.price").as_deref(), Some("Give the line a price"));
        form.due_days = 0;
        form.lines[0].price = Some(Money::from_cents(100));
        assert_eq!(form.checked().expect("checked").lines[0].description, "A hub");
    }
}
