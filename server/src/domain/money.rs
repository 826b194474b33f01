//! Money and the figures that multiply it, all whole numbers: an amount is US cents (`Money`), a
//! quantity hundredths (`Quantity`: 1.5 hours is 150) and a rate thousandths of a percent
//! (`Rate`: 8.81% is 8,810). They are stored, sent and computed as integers; the one rounding,
//! half away from zero (half up, for the amounts a shop charges), is `round_half_up`, made once
//! where a product has more digits than a cent.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An amount of US dollars in whole cents (negative for a discount or a refund).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, sqlx::Type,
)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct Money(i64);

/// A count of something, in hundredths: hours of labour, parts, feet of wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct Quantity(i64);

/// A percentage in thousandths of a percent: a tax rate, shop supplies, a card fee.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct Rate(i64);

/// The currency of every amount: the shop is paid in US dollars.
pub const CURRENCY: &str = "USD";

/// `numerator / denominator` rounded to the nearest whole number, a half away from zero
/// (`denominator` is positive).
pub fn round_half_up(numerator: i128, denominator: i128) -> i64 {
    debug_assert!(denominator > 0);
    let half = denominator / 2;
    let rounded =
        if numerator >= 0 { (numerator + half) / denominator } else { (numerator - half) / denominator };
    i64::try_from(rounded).expect("an amount a shop charges fits in 64 bits")
}

impl Money {
    pub const ZERO: Self = Self(0);

    pub const fn from_cents(cents: i64) -> Self {
        Self(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// `rate` of this amount, rounded to the cent.
    pub fn times(self, rate: Rate) -> Self {
        Self(round_half_up(i128::from(self.0) * i128::from(rate.0), Rate::WHOLE))
    }

    /// This amount for `quantity` of it, rounded to the cent.
    pub fn each_for(self, quantity: Quantity) -> Self {
        Self(round_half_up(i128::from(self.0) * i128::from(quantity.0), Quantity::ONE))
    }
}

impl std::ops::Add for Money {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        Self(self.0 + other.0)
    }
}

impl std::ops::Sub for Money {
    type Output = Self;

    fn sub(self, other: Self) -> Self {
        Self(self.0 - other.0)
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Self>>(amounts: I) -> Self {
        Self(amounts.map(|amount| amount.0).sum())
    }
}

/// As a customer reads it on a document: "$1,250.00", "-$25.50".
impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        write!(f, "{sign}${}.{:02}", grouped(cents / 100), cents % 100)
    }
}

/// `whole` with a comma between each group of three digits.
fn grouped(whole: u64) -> String {
    let digits = whole.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (n, digit) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

impl Quantity {
    /// Hundredths in one.
    const ONE: i128 = 100;

    pub const fn from_hundredths(hundredths: i64) -> Self {
        Self(hundredths)
    }

    pub const fn hundredths(self) -> i64 {
        self.0
    }
}

/// "1", "1.5", "0.25".
impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        decimal(f, self.0, 2)
    }
}

impl Rate {
    /// Thousandths of a percent in the whole.
    const WHOLE: i128 = 100_000;

    pub const fn from_thousandths(thousandths: i64) -> Self {
        Self(thousandths)
    }

    pub const fn thousandths(self) -> i64 {
        self.0
    }

    /// Whether it is no rate at all.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

/// As a percentage without its sign: "8.81", "0", "2.9".
impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        decimal(f, self.0, 3)
    }
}

/// `value` with `places` decimals, its trailing zeros dropped.
fn decimal(f: &mut fmt::Formatter<'_>, value: i64, places: u32) -> fmt::Result {
    let unit = 10_i64.pow(places);
    let sign = if value < 0 { "-" } else { "" };
    let (whole, rest) =
        (value.unsigned_abs() / unit.unsigned_abs(), value.unsigned_abs() % unit.unsigned_abs());
    if rest == 0 {
        return write!(f, "{sign}{whole}");
    }
    let fraction = format!("{rest:0width$}", width = places as usize);
    write!(f, "{sign}{whole}.{}", fraction.trim_end_matches('0'))
}

/// The API document's schemas: whole numbers, each saying its unit.
macro_rules! integer_schema {
    ($type:ty, $description:literal) => {
        impl utoipa::PartialSchema for $type {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::Integer)
                    .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
                        utoipa::openapi::schema::KnownFormat::Int64,
                    )))
                    .description(Some($description))
                    .into()
            }
        }

        impl utoipa::ToSchema for $type {}
    };
}

integer_schema!(Money, "An amount of US dollars (USD) in whole cents: $1,250.00 is 125000.");
integer_schema!(Quantity, "A quantity in hundredths: 1.5 hours is 150.");
integer_schema!(Rate, "A percentage in thousandths of a percent: 8.81% is 8810.");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_a_half_away_from_zero_and_the_rest_to_the_nearest() {
        assert_eq!(round_half_up(5, 10), 1);
        assert_eq!(round_half_up(4, 10), 0);
        assert_eq!(round_half_up(-5, 10), -1);
        assert_eq!(round_half_up(-4, 10), 0);
        assert_eq!(round_half_up(149_999, 100_000), 1);
        assert_eq!(round_half_up(150_000, 100_000), 2);
    }

    #[test]
    fn multiplies_by_a_rate_and_a_quantity_to_the_cent() {
        // 8.81% of $10.05 is 88.5405 cents; 1.5 hours at $95.33 is 14,299.5 cents.
        assert_eq!(Money::from_cents(1005).times(Rate::from_thousandths(8810)), Money::from_cents(89));
        assert_eq!(
            Money::from_cents(9533).each_for(Quantity::from_hundredths(150)),
            Money::from_cents(14300)
        );
        assert_eq!(
            Money::from_cents(-2500).each_for(Quantity::from_hundredths(100)),
            Money::from_cents(-2500)
        );
    }

    #[test]
    fn shows_amounts_quantities_and_rates_as_a_customer_reads_them() {
        assert_eq!(Money::from_cents(125_000).to_string(), "$1,250.00");
        assert_eq!(Money::from_cents(123_456_789).to_string(), "$1,234,567.89");
        assert_eq!(Money::from_cents(-2550).to_string(), "-$25.50");
        assert_eq!(Money::ZERO.to_string(), "$0.00");
        assert_eq!(Quantity::from_hundredths(150).to_string(), "1.5");
        assert_eq!(Quantity::from_hundredths(25).to_string(), "0.25");
        assert_eq!(Quantity::from_hundredths(300).to_string(), "3");
        assert_eq!(Rate::from_thousandths(8810).to_string(), "8.81");
        assert_eq!(Rate::from_thousandths(2900).to_string(), "2.9");
        assert_eq!(Rate::from_thousandths(0).to_string(), "0");
    }
}
