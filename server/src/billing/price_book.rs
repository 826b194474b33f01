//! The shop's price book as the owner keeps it, and the checks of what they save: the hourly
//! rates, shop supplies, the card fee, the sales tax of each kind of line, the trip fee by
//! distance, and the parts and common jobs a quote takes its lines from.

use serde::{Deserialize, Serialize};

use super::document::{LineKind, TaxRates};
use crate::domain::{Money, Quantity, Rate};
use crate::error::{ApiError, FieldErrors};

/// The most an hourly rate, a trip fee or a supplies cap may be: $1,000.
const MOST_A_RATE: Money = Money::from_cents(100_000);
/// The most a part or a job's line may cost: $100,000.
const MOST_A_PRICE: Money = Money::from_cents(10_000_000);
/// The most a quantity may be: 10,000.
const MOST_A_QUANTITY: Quantity = Quantity::from_hundredths(1_000_000);
/// The highest sales tax and supplies rate: 20%.
const MOST_A_RATE_PERCENT: Rate = Rate::from_thousandths(20_000);
/// The highest card fee Colorado allows a shop to add: 2%.
const MOST_A_CARD_FEE: Rate = Rate::from_thousandths(2_000);
/// The most trip fee bands, and the farthest one.
const MOST_BANDS: usize = 8;
const FARTHEST_MILES: i64 = 500;
/// The most lines a common job has.
const MOST_JOB_LINES: usize = 20;
const MOST_TERMS: usize = 2000;
const MOST_QUOTE_DAYS: i64 = 365;
const NAME_LENGTH: usize = 80;
/// Why a line may not be shop supplies.
pub const SUPPLIES_FROM_RATES: &str =
    "Shop supplies are added to each quote from the rates: choose another kind";
const DESCRIPTION_LENGTH: usize = 120;

/// The price book: everything a quote's lines come from. Amounts in US cents.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBook {
    /// The currency of every amount: "USD".
    pub currency: &'static str,
    pub settings: PriceSettings,
    /// Whether the owner has saved the settings once (until then the tax rates are all 0%).
    pub settings_saved: bool,
    /// By name.
    pub parts: Vec<Part>,
    /// By name.
    pub jobs: Vec<CommonJob>,
}

/// The rates and fees, saved together.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PriceSettings {
    /// An hour of labour.
    pub labour_rate: Money,
    /// An hour of insurance or warranty work.
    pub insurance_rate: Money,
    /// Shop supplies, as a share of a document's labour (0: none).
    pub supplies_rate: Rate,
    /// The most shop supplies come to on one document (none: no cap).
    pub supplies_cap: Option<Money>,
    /// Added to a payment by card (0: none; at most 2%).
    pub card_fee_rate: Rate,
    /// The sales tax of each kind of line, one each.
    pub tax_rates: Vec<KindRate>,
    /// The trip fee of a mobile job by distance, nearest first.
    pub trip_bands: Vec<TripBand>,
    /// The terms every quote is sent with, which the customer reads before they sign.
    #[schema(max_length = 2000)]
    pub quote_terms: String,
    /// How many days a sent quote is good for (1 to 365).
    #[schema(minimum = 1, maximum = 365)]
    pub quote_days: i64,
}

/// The sales tax rate of a kind of line.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct KindRate {
    pub kind: LineKind,
    pub rate: Rate,
}

/// The trip fee up to a distance (from the band before it).
#[derive(Serialize, Deserialize, utoipa::ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TripBand {
    pub up_to_miles: i64,
    pub fee: Money,
}

/// A part the shop sells often.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Part {
    pub id: i64,
    pub name: String,
    /// Each.
    pub price: Money,
    /// Paid for before it is special-ordered.
    pub prepaid: bool,
}

/// A part as the owner saves it.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Clone)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PartForm {
    #[schema(max_length = 80)]
    pub name: String,
    /// Each.
    pub price: Money,
    /// Paid for before it is special-ordered.
    pub prepaid: bool,
}

/// A common job with its usual lines.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommonJob {
    pub id: i64,
    pub name: String,
    pub lines: Vec<JobLine>,
}

/// A common job as the owner saves it.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Clone)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CommonJobForm {
    #[schema(max_length = 80)]
    pub name: String,
    /// 1 to 20.
    pub lines: Vec<JobLine>,
}

/// A usual line of a common job.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct JobLine {
    pub kind: LineKind,
    #[schema(max_length = 120)]
    pub description: String,
    pub quantity: Quantity,
    /// Each; none for labour at the quote's hourly rate. Negative for a discount.
    pub price: Option<Money>,
}

/// The rate of each kind named in `list`.
impl From<&[KindRate]> for TaxRates {
    fn from(list: &[KindRate]) -> Self {
        let mut rates = Self::default();
        for each in list {
            rates.set(each.kind, each.rate);
        }
        rates
    }
}

impl PriceSettings {
    /// Nothing charged: what a new shop starts from.
    pub fn unset() -> Self {
        Self {
            labour_rate: Money::ZERO,
            insurance_rate: Money::ZERO,
            supplies_rate: Rate::default(),
            supplies_cap: None,
            card_fee_rate: Rate::default(),
            tax_rates: LineKind::ALL
                .iter()
                .map(|kind| KindRate { kind: *kind, rate: Rate::default() })
                .collect(),
            trip_bands: Vec::new(),
            quote_terms: "Work starts once you approve this quote.".to_owned(),
            quote_days: 30,
        }
    }

    /// These settings, or every field's message.
    pub fn checked(mut self) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        for (field, label, rate) in [
            ("labourRate", "The labour rate", self.labour_rate),
            ("insuranceRate", "The insurance rate", self.insurance_rate),
        ] {
            if !(Money::ZERO..=MOST_A_RATE).contains(&rate) {
                errors.add(field, format!("{label} is an hourly rate from $0 to {MOST_A_RATE}"));
            }
        }
        if !(Rate::default()..=MOST_A_RATE_PERCENT).contains(&self.supplies_rate) {
            errors
                .add("suppliesRate", format!("Shop supplies are 0% to {MOST_A_RATE_PERCENT}% of the labour"));
        }
        if self.supplies_cap.is_some_and(|cap| !(Money::from_cents(1)..=MOST_A_RATE).contains(&cap)) {
            errors.add("suppliesCap", format!("The cap is from $0.01 to {MOST_A_RATE}, or none"));
        }
        if !(Rate::default()..=MOST_A_CARD_FEE).contains(&self.card_fee_rate) {
            errors.add("cardFeeRate", format!("Colorado allows a card fee of at most {MOST_A_CARD_FEE}%"));
        }
        for kind in LineKind::ALL {
            let given: Vec<&KindRate> = self.tax_rates.iter().filter(|each| each.kind == *kind).collect();
            let field = format!("taxRates.{kind}");
            match given.as_slice() {
                [one] if (Rate::default()..=MOST_A_RATE_PERCENT).contains(&one.rate) => {}
                [_] => errors.add(field, format!("A sales tax rate is 0% to {MOST_A_RATE_PERCENT}%")),
                _ => errors.add(field, "Give each kind of line one tax rate"),
            }
        }
        self.tax_rates.sort_by_key(|each| each.kind);
        if self.trip_bands.len() > MOST_BANDS {
            errors.add("tripBands", format!("Keep to {MOST_BANDS} distances"));
        }
        for (n, band) in self.trip_bands.iter().enumerate() {
            let field = format!("tripBands.{n}.upToMiles");
            if !(1..=FARTHEST_MILES).contains(&band.up_to_miles) {
                errors.add(field, format!("A distance is 1 to {FARTHEST_MILES} miles"));
            } else if self.trip_bands[..n].iter().any(|before| before.up_to_miles == band.up_to_miles) {
                errors.add(field, format!("{} miles is given twice", band.up_to_miles));
            }
            if !(Money::ZERO..=MOST_A_RATE).contains(&band.fee) {
                errors.add(format!("tripBands.{n}.fee"), format!("A trip fee is $0 to {MOST_A_RATE}"));
            }
        }
        self.trip_bands.sort_by_key(|band| band.up_to_miles);
        self.quote_terms = self.quote_terms.trim().to_owned();
        if self.quote_terms.is_empty() {
            errors.add("quoteTerms", "Write the terms the customer agrees to when they approve a quote");
        } else if self.quote_terms.chars().count() > MOST_TERMS {
            errors.add("quoteTerms", format!("Keep the terms to {MOST_TERMS} characters"));
        } else if self.quote_terms.chars().any(|c| c.is_control() && c != '\n') {
            errors.add("quoteTerms", "Write the terms as plain text");
        }
        if !(1..=MOST_QUOTE_DAYS).contains(&self.quote_days) {
            errors.add("quoteDays", format!("A quote is good for 1 to {MOST_QUOTE_DAYS} days"));
        }
        if errors.is_empty() { Ok(self) } else { Err(ApiError::Invalid(errors)) }
    }
}

/// `name` trimmed, or its message against `field`.
fn name(errors: &mut FieldErrors, field: &'static str, what: &str, name: &str) -> String {
    let name = name.trim().to_owned();
    if name.is_empty() {
        errors.add(field, format!("Give the {what} a name"));
    } else if name.chars().count() > NAME_LENGTH {
        errors.add(field, format!("A name is at most {NAME_LENGTH} characters"));
    }
    name
}

impl PartForm {
    /// The part, or every field's message.
    pub fn checked(self) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = name(&mut errors, "name", "part", &self.name);
        if !(Money::from_cents(1)..=MOST_A_PRICE).contains(&self.price) {
            errors.add("price", format!("A price is from $0.01 to {MOST_A_PRICE}"));
        }
        if errors.is_empty() { Ok(Self { name, ..self }) } else { Err(ApiError::Invalid(errors)) }
    }
}

impl CommonJobForm {
    /// The job, or every field's message.
    pub fn checked(self) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = name(&mut errors, "name", "job", &self.name);
        if self.lines.is_empty() || self.lines.len() > MOST_JOB_LINES {
            errors.add("lines", format!("A job has 1 to {MOST_JOB_LINES} lines"));
        }
        let lines = self
            .lines
            .into_iter()
            .enumerate()
            .map(|(n, line)| {
                let description = line.description.trim().to_owned();
                if description.is_empty() {
                    errors.add(format!("lines.{n}.description"), "Say what the line is for");
                } else if description.chars().count() > DESCRIPTION_LENGTH {
                    errors.add(
                        format!("lines.{n}.description"),
                        format!("At most {DESCRIPTION_LENGTH} characters"),
                    );
                }
                if !(Quantity::from_hundredths(1)..=MOST_A_QUANTITY).contains(&line.quantity) {
                    errors.add(
                        format!("lines.{n}.quantity"),
                        format!("A quantity is from 0.01 to {MOST_A_QUANTITY}"),
                    );
                }
                if line.kind == LineKind::Supplies {
                    errors.add(format!("lines.{n}.kind"), SUPPLIES_FROM_RATES);
                }
                match line.price {
                    None if line.kind != LineKind::Labour => {
                        errors.add(format!("lines.{n}.price"), "Give the line a price");
                    }
                    Some(price) if price == Money::ZERO || price.cents().abs() > MOST_A_PRICE.cents() => {
                        errors.add(
                            format!("lines.{n}.price"),
                            format!(
                                "A price is from $0.01 to {MOST_A_PRICE}, or less than $0 for a discount"
                            ),
                        );
                    }
                    _ => {}
                }
                JobLine { description, ..line }
            })
            .collect();
        if errors.is_empty() { Ok(Self { name, lines }) } else { Err(ApiError::Invalid(errors)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first message against each of `fields`.
    fn messages<T>(result: Result<T, ApiError>, fields: &[&str]) -> Vec<Option<String>> {
        match result {
            Err(ApiError::Invalid(errors)) => fields.iter().map(|field| errors.first(field)).collect(),
            Err(other) => panic!("not a field error: {other}"),
            Ok(_) => panic!("no error"),
        }
    }

    #[test]
    fn settings_keep_to_their_ranges_and_give_each_kind_one_rate() {
        let mut settings = PriceSettings::unset();
        settings.labour_rate = Money::from_cents(12_500);
        settings.card_fee_rate = Rate::from_thousandths(3_000);
        settings.tax_rates.pop();
        settings.trip_bands = vec![
            TripBand { up_to_miles: 25, fee: Money::from_cents(7500) },
            TripBand { up_to_miles: 10, fee: Money::from_cents(4000) },
            TripBand { up_to_miles: 25, fee: Money::ZERO },
        ];
        assert_eq!(
            messages(
                settings.checked(),
                &["cardFeeRate", "taxRates.fee", "tripBands.2.upToMiles", "labourRate"]
            ),
            [
                Some("Colorado allows a card fee of at most 2%".to_owned()),
                Some("Give each kind of line one tax rate".to_owned()),
                Some("25 miles is given twice".to_owned()),
                None,
            ]
        );
        let mut settings = PriceSettings::unset();
        settings.trip_bands = vec![
            TripBand { up_to_miles: 25, fee: Money::from_cents(7500) },
            TripBand { up_to_miles: 10, fee: Money::from_cents(4000) },
        ];
        let checked = settings.checked().expect("fine");
        assert_eq!(checked.trip_bands.iter().map(|band| band.up_to_miles).collect::<Vec<_>>(), [10, 25]);
    }

    #[test]
    fn a_jobs_lines_have_prices_but_labour_may_take_the_quotes_rate() {
        let line = |kind, price: Option<i64>| JobLine {
            kind,
            description: " Brake shoes ".into(),
            quantity: Quantity::from_hundredths(100),
            price: price.map(Money::from_cents),
        };
        let job = CommonJobForm {
            name: "Brake job".into(),
            lines: vec![
                line(LineKind::Labour, None),
                line(LineKind::Part, None),
                line(LineKind::Part, Some(0)),
            ],
        };
        assert_eq!(
            messages(job.checked(), &["lines.0.price", "lines.1.price", "lines.2.price"]),
            [
                None,
                Some("Give the line a price".to_owned()),
                Some("A price is from $0.01 to $100,000.00, or less than $0 for a discount".to_owned()),
            ]
        );
        let job = CommonJobForm {
            name: "Brake job".into(),
            lines: vec![line(LineKind::Labour, None), line(LineKind::Part, Some(-500))],
        };
        assert_eq!(job.checked().expect("fine").lines[0].description, "Brake shoes");
    }
}
