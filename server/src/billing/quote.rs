//! A quote as the team writes it and as it adds up. A quote belongs to a request and its
//! customer; it has one to three options (good, better, best: the customer approves one), each
//! with its lines, some of which the customer may tick (optional lines, not in the total until
//! ticked). Labour lines without a price take the quote's hourly rate, standard or insurance.
//! The price book's rates, shop supplies and taxes are copied onto the quote when it is made, so
//! a later change to the price book changes no quote. Shop supplies are a line the quote adds
//! itself: a share of each option's labour, up to the cap.

use serde::{Deserialize, Serialize};

use super::document::{Figures, LineKind, OverDiscounted, TaxRates, totals};
use super::price_book::{KindRate, PriceSettings, SUPPLIES_FROM_RATES};
use crate::domain::{Money, Quantity, Rate};
use crate::error::{ApiError, FieldErrors};
use crate::text_enum;

const MOST_OPTIONS: usize = 3;
pub(super) const MOST_LINES: usize = 40;
const TITLE_LENGTH: usize = 40;
const DESCRIPTION_LENGTH: usize = 120;
pub(super) const MESSAGE_LENGTH: usize = 2000;
const MOST_A_PRICE: Money = Money::from_cents(10_000_000);
const MOST_A_QUANTITY: Quantity = Quantity::from_hundredths(1_000_000);
const WHOLE: Rate = Rate::from_thousandths(100_000);

text_enum! {
    /// Where a quote stands: written, sent, opened by the customer, answered, or past its date.
    pub enum QuoteState {
        Draft => "draft",
        Sent => "sent",
        Viewed => "viewed",
        Approved => "approved",
        ChangesAsked => "changes-asked",
        Declined => "declined",
        Expired => "expired",
        Withdrawn => "withdrawn",
    }
}

impl QuoteState {
    /// The states of a sent quote waiting for the customer's answer.
    pub const WAITING: [Self; 3] = [Self::Sent, Self::Viewed, Self::ChangesAsked];
}

text_enum! {
    /// Which hourly rate a quote's labour is at.
    pub enum LabourRate {
        Standard => "standard",
        /// Insurance or warranty work.
        Insurance => "insurance",
    }
}

text_enum! {
    /// The deposit a quote asks for when the customer approves it.
    pub enum DepositKind {
        NoDeposit => "none",
        /// A set amount (`amount`), at most the total.
        Amount => "amount",
        /// A share of the total (`rate`).
        Percent => "percent",
    }
}

/// A quote as the team saves it: every field, always.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct QuoteForm {
    pub rate: LabourRate,
    /// 1 to 3; with more than one, each has a title and the customer approves one.
    pub options: Vec<QuoteOption>,
    pub deposit: Deposit,
    /// A note to the customer, shown above the lines.
    #[schema(max_length = 2000)]
    pub message: String,
}

/// One of a quote's options.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct QuoteOption {
    /// "Good", "Repair the axle"; may be blank when it is the only one.
    #[schema(max_length = 40)]
    pub title: String,
    /// Up to 40.
    pub lines: Vec<QuoteLine>,
}

/// A line of a quote.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct QuoteLine {
    pub kind: LineKind,
    #[schema(max_length = 120)]
    pub description: String,
    pub quantity: Quantity,
    /// Each; none for labour at the quote's hourly rate. Negative for a discount.
    pub price: Option<Money>,
    /// The customer may tick it; not in the total until they do.
    pub optional: bool,
}

/// The deposit asked for.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Deposit {
    pub kind: DepositKind,
    /// For `amount`; 0 otherwise.
    pub amount: Money,
    /// For `percent`; 0 otherwise.
    pub rate: Rate,
}

/// The price book's figures a quote keeps from the day it was made.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRates {
    pub standard_rate: Money,
    pub insurance_rate: Money,
    pub supplies_rate: Rate,
    pub supplies_cap: Option<Money>,
    pub tax_rates: Vec<KindRate>,
}

/// What one option adds up to, without its optional lines.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OptionTotals {
    /// The shop supplies line the quote adds (0: none).
    pub supplies: Money,
    pub subtotal: Money,
    pub tax: Money,
    pub total: Money,
    /// The deposit asked for.
    pub deposit: Money,
}

/// One option's figures.
#[derive(Serialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OptionFigures {
    /// Each line's amount, in the option's order (the optional ones too).
    pub lines: Vec<Money>,
    /// None while `problem` says why it does not add up.
    pub totals: Option<OptionTotals>,
    pub problem: Option<String>,
}

impl QuoteRates {
    /// The price book's figures as they are now.
    pub fn from_book(settings: &PriceSettings) -> Self {
        Self {
            standard_rate: settings.labour_rate,
            insurance_rate: settings.insurance_rate,
            supplies_rate: settings.supplies_rate,
            supplies_cap: settings.supplies_cap,
            tax_rates: settings.tax_rates.clone(),
        }
    }

    /// An hour of labour at `rate`.
    pub fn hourly(&self, rate: LabourRate) -> Money {
        match rate {
            LabourRate::Standard => self.standard_rate,
            LabourRate::Insurance => self.insurance_rate,
        }
    }

    /// Shop supplies on `labour`: the rate of it, up to the cap; none on no labour.
    fn supplies(&self, labour: Money) -> Money {
        if labour <= Money::ZERO {
            return Money::ZERO;
        }
        let supplies = labour.times(self.supplies_rate);
        self.supplies_cap.map_or(supplies, |cap| supplies.min(cap))
    }
}

impl QuoteForm {
    /// A new quote: one option, no lines, no deposit.
    pub fn blank() -> Self {
        Self {
            rate: LabourRate::Standard,
            options: vec![QuoteOption { title: String::new(), lines: Vec::new() }],
            deposit: Deposit { kind: DepositKind::NoDeposit, amount: Money::ZERO, rate: Rate::default() },
            message: String::new(),
        }
    }

    /// Each option's figures at `rates`, without their optional lines.
    pub fn figures(&self, rates: &QuoteRates) -> Vec<OptionFigures> {
        self.options.iter().map(|option| self.option_figures(rates, option, &[])).collect()
    }

    /// The figures of option `n` with its optional lines at places `ticked` (none when there is
    /// no such option or a ticked line is not optional).
    pub fn chosen_figures(&self, rates: &QuoteRates, n: usize, ticked: &[usize]) -> Option<OptionFigures> {
        let option = self.options.get(n)?;
        let all_optional = ticked.iter().all(|m| option.lines.get(*m).is_some_and(|line| line.optional));
        all_optional.then(|| self.option_figures(rates, option, ticked))
    }

    /// The figures of `option` at `rates`, its optional lines at places `ticked` counted.
    fn option_figures(&self, rates: &QuoteRates, option: &QuoteOption, ticked: &[usize]) -> OptionFigures {
        let hourly = rates.hourly(self.rate);
        let taxes = TaxRates::from(rates.tax_rates.as_slice());
        let figures: Vec<Figures> = option
            .lines
            .iter()
            .map(|line| Figures {
                kind: line.kind,
                quantity: line.quantity,
                price: line.price.unwrap_or(hourly),
            })
            .collect();
        let amounts = figures.iter().map(Figures::amount).collect();
        let mut counted: Vec<Figures> = figures
            .into_iter()
            .zip(&option.lines)
            .enumerate()
            .filter(|(m, (_, line))| !line.optional || ticked.contains(m))
            .map(|(_, (each, _))| each)
            .collect();
        let labour: Money =
            counted.iter().filter(|each| each.kind == LineKind::Labour).map(Figures::amount).sum();
        let supplies = rates.supplies(labour);
        if supplies != Money::ZERO {
            counted.push(Figures {
                kind: LineKind::Supplies,
                quantity: Quantity::from_hundredths(100),
                price: supplies,
            });
        }
        match totals(&counted, &taxes) {
            Ok(sum) => OptionFigures {
                lines: amounts,
                totals: Some(OptionTotals {
                    supplies,
                    subtotal: sum.subtotal,
                    tax: sum.tax,
                    total: sum.total,
                    deposit: self.deposit.of(sum.total),
                }),
                problem: None,
            },
            Err(OverDiscounted(kind)) => {
                let of_kind = counted.iter().filter(|each| each.kind == kind).map(Figures::amount);
                let (charged, discounted): (Vec<Money>, Vec<Money>) =
                    of_kind.partition(|amount| *amount > Money::ZERO);
                let words = kind_words(kind);
                let charged: Money = charged.into_iter().sum();
                let discounted = Money::ZERO - discounted.into_iter().sum();
                OptionFigures {
                    lines: amounts,
                    totals: None,
                    problem: Some(format!(
                        "Discounts on {words} come to {discounted}, more than the {charged} of {words} they discount."
                    )),
                }
            }
        }
    }

    /// The form, or every field's message. A draft may have lines with no words yet.
    pub fn checked(self) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        if self.options.is_empty() || self.options.len() > MOST_OPTIONS {
            errors.add("options", format!("A quote has 1 to {MOST_OPTIONS} options"));
        }
        let several = self.options.len() > 1;
        let options = self
            .options
            .into_iter()
            .enumerate()
            .map(|(n, option)| {
                let title = option.title.trim().to_owned();
                if title.chars().count() > TITLE_LENGTH {
                    errors.add(format!("options.{n}.title"), format!("At most {TITLE_LENGTH} characters"));
                } else if several && title.is_empty() {
                    errors.add(format!("options.{n}.title"), "Name each option, like Good, Better and Best");
                }
                if option.lines.len() > MOST_LINES {
                    errors.add(
                        format!("options.{n}.lines"),
                        format!("An option has at most {MOST_LINES} lines"),
                    );
                }
                let lines = option
                    .lines
                    .into_iter()
                    .enumerate()
                    .map(|(m, line)| checked_line(&mut errors, n, m, line))
                    .collect();
                QuoteOption { title, lines }
            })
            .collect();
        let deposit = self.deposit;
        match deposit.kind {
            DepositKind::Amount if !(Money::from_cents(1)..=MOST_A_PRICE).contains(&deposit.amount) => {
                errors.add("deposit.amount", format!("A deposit is from $0.01 to {MOST_A_PRICE}"));
            }
            DepositKind::Percent if !(Rate::from_thousandths(1)..=WHOLE).contains(&deposit.rate) => {
                errors.add("deposit.rate", "A deposit is more than 0% and at most 100% of the total");
            }
            _ => {}
        }
        let message = self.message.trim().to_owned();
        if message.chars().count() > MESSAGE_LENGTH {
            errors.add("message", format!("At most {MESSAGE_LENGTH} characters"));
        }
        if !errors.is_empty() {
            return Err(ApiError::Invalid(errors));
        }
        let deposit = match deposit.kind {
            DepositKind::NoDeposit => Deposit { amount: Money::ZERO, rate: Rate::default(), ..deposit },
            DepositKind::Amount => Deposit { rate: Rate::default(), ..deposit },
            DepositKind::Percent => Deposit { amount: Money::ZERO, ..deposit },
        };
        Ok(Self { rate: self.rate, options, deposit, message })
    }
}

/// Line `m` of option `n`, its words trimmed, its figures' messages in `errors`.
fn checked_line(errors: &mut FieldErrors, n: usize, m: usize, line: QuoteLine) -> QuoteLine {
    let description = checked_figures(
        errors,
        &format!("options.{n}.lines.{m}"),
        (line.kind, &line.description, line.quantity, line.price),
    );
    QuoteLine { description, ..line }
}

/// A line's kind, words, quantity and price (none: labour at the document's hourly rate).
pub(super) type LineParts<'a> = (LineKind, &'a str, Quantity, Option<Money>);

/// The messages of a quote's or an invoice's line at `field` ("options.0.lines.2") in `errors`;
/// its words trimmed.
pub(super) fn checked_figures(errors: &mut FieldErrors, field: &str, line: LineParts<'_>) -> String {
    let (kind, description, quantity, price) = line;
    let field = |name: &str| format!("{field}.{name}");
    let description = description.trim().to_owned();
    if description.chars().count() > DESCRIPTION_LENGTH {
        errors.add(field("description"), format!("At most {DESCRIPTION_LENGTH} characters"));
    }
    if !(Quantity::from_hundredths(1)..=MOST_A_QUANTITY).contains(&quantity) {
        errors.add(field("quantity"), format!("A quantity is from 0.01 to {MOST_A_QUANTITY}"));
    }
    if kind == LineKind::Supplies {
        errors.add(field("kind"), SUPPLIES_FROM_RATES);
    }
    match price {
        None if kind != LineKind::Labour => errors.add(field("price"), "Give the line a price"),
        Some(price) if price.cents().abs() > MOST_A_PRICE.cents() => {
            errors.add(
                field("price"),
                format!("A price is at most {MOST_A_PRICE}, or as much below $0 for a discount"),
            );
        }
        _ => {}
    }
    description
}

impl Deposit {
    /// The deposit on `total`.
    fn of(self, total: Money) -> Money {
        match self.kind {
            DepositKind::NoDeposit => Money::ZERO,
            DepositKind::Amount => self.amount.min(total),
            DepositKind::Percent => total.times(self.rate),
        }
    }
}

/// A kind of line as a sentence names its lines: "parts", "labour".
fn kind_words(kind: LineKind) -> &'static str {
    match kind {
        LineKind::Labour => "labour",
        LineKind::Part => "parts",
        LineKind::Trip => "trip fees",
        LineKind::Supplies => "shop supplies",
        LineKind::Fee => "fees",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rates() -> QuoteRates {
        let mut settings = PriceSettings::unset();
        settings.labour_rate = Money::from_cents(12_500);
        settings.insurance_rate = Money::from_cents(14_500);
        settings.supplies_rate = Rate::from_thousandths(5_000);
        settings.supplies_cap = Some(Money::from_cents(3_500));
        for each in &mut settings.tax_rates {
            if matches!(each.kind, LineKind::Part | LineKind::Supplies) {
                each.rate = Rate::from_thousandths(8_810);
            }
        }
        QuoteRates::from_book(&settings)
    }

    fn line(kind: LineKind, hundredths: i64, price: Option<i64>, optional: bool) -> QuoteLine {
        QuoteLine {
            kind,
            description: "x".into(),
            quantity: Quantity::from_hundredths(hundredths),
            price: price.map(Money::from_cents),
            optional,
        }
    }

    #[test]
    fn labour_takes_the_quotes_rate_supplies_follow_the_labour_and_optional_lines_wait() {
        let mut form = QuoteForm::blank();
        form.options[0].lines = vec![
            line(LineKind::Labour, 150, None, false),
            line(LineKind::Part, 200, Some(4599), false),
            line(LineKind::Part, 100, Some(2000), true),
        ];
        form.deposit =
            Deposit { kind: DepositKind::Percent, amount: Money::ZERO, rate: Rate::from_thousandths(25_000) };
        let figures = &form.figures(&rates())[0];
        assert_eq!(
            figures.lines,
            [Money::from_cents(18_750), Money::from_cents(9198), Money::from_cents(2000)]
        );
        // Supplies: 5% of $187.50 is $9.38 (9.375 up). Tax: 8.81% of $91.98 + $9.38 = 892.9816 cents.
        let totals = figures.totals.expect("adds up");
        assert_eq!(totals.supplies, Money::from_cents(938));
        assert_eq!(totals.subtotal, Money::from_cents(18_750 + 9198 + 938));
        assert_eq!(totals.tax, Money::from_cents(893));
        assert_eq!(totals.total, Money::from_cents(29_779));
        assert_eq!(totals.deposit, Money::from_cents(7445), "25% of $297.79 is $74.4475");

        form.rate = LabourRate::Insurance;
        form.options[0].lines[0].quantity = Quantity::from_hundredths(1000);
        let totals = form.figures(&rates())[0].totals.expect("adds up");
        assert_eq!(totals.supplies, Money::from_cents(3500), "capped");
    }

    #[test]
    fn a_discount_larger_than_its_kind_is_said_not_added() {
        let mut form = QuoteForm::blank();
        form.options[0].lines =
            vec![line(LineKind::Part, 100, Some(1000), false), line(LineKind::Part, 100, Some(-2000), false)];
        let figures = &form.figures(&rates())[0];
        assert_eq!(figures.totals, None);
        assert_eq!(
            figures.problem.as_deref(),
            Some("Discounts on parts come to $20.00, more than the $10.00 of parts they discount.")
        );
    }

    #[test]
    fn several_options_are_named_and_a_deposit_is_in_range() {
        let mut form = QuoteForm::blank();
        form.options
            .push(QuoteOption { title: "Better".into(), lines: vec![line(LineKind::Fee, 100, None, false)] });
        form.deposit =
            Deposit { kind: DepositKind::Percent, amount: Money::ZERO, rate: Rate::from_thousandths(0) };
        let Err(ApiError::Invalid(errors)) = form.checked() else { panic!("refused") };
        assert_eq!(
            errors.first("options.0.title").as_deref(),
            Some("Name each option, like Good, Better and Best")
        );
        assert_eq!(errors.first("options.1.lines.0.price").as_deref(), Some("Give the line a price"));
        assert_eq!(
            errors.first("deposit.rate").as_deref(),
            Some("A deposit is more than 0% and at most 100% of the total")
        );
    }
}
