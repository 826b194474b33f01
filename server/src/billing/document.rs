//! The figures of a quote or an invoice: each line's amount (its quantity times its price, to the
//! cent), the subtotal, the sales tax and the total. Tax is a rate per kind of line, taken of the
//! kind's lines together and rounded once for the whole document, half up; so the lines shown
//! always add up to the subtotal, and the subtotal and the tax to the total.

use crate::domain::{Money, Quantity, Rate, round_half_up};
use crate::text_enum;

text_enum! {
    /// What a line charges for; each kind has its own sales tax rate.
    pub enum LineKind {
        /// Hours of work at an hourly rate.
        Labour => "labour",
        Part => "part",
        /// The trip to a mobile job.
        Trip => "trip",
        /// Shop supplies: rags, grease, fasteners.
        Supplies => "supplies",
        /// Anything else: a disposal fee, a card fee.
        Fee => "fee",
    }
}

/// A line's figures: a discount is a line with a negative price.
#[derive(Debug, Clone, Copy)]
pub struct Figures {
    pub kind: LineKind,
    pub quantity: Quantity,
    pub price: Money,
}

impl Figures {
    /// The line's amount: its quantity times its price, to the cent.
    pub fn amount(&self) -> Money {
        self.price.each_for(self.quantity)
    }
}

/// The sales tax rate of each kind of line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaxRates([Rate; LineKind::ALL.len()]);

impl TaxRates {
    pub fn of(&self, kind: LineKind) -> Rate {
        self.0[Self::index(kind)]
    }

    pub fn set(&mut self, kind: LineKind, rate: Rate) {
        self.0[Self::index(kind)] = rate;
    }

    fn index(kind: LineKind) -> usize {
        LineKind::ALL.iter().position(|each| *each == kind).expect("every kind is in ALL")
    }
}

/// What a document adds up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    /// The lines' amounts added up.
    pub subtotal: Money,
    pub tax: Money,
    pub total: Money,
}

/// A document whose discounts on one kind of line come to more than its lines of that kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverDiscounted(pub LineKind);

/// The totals of a document of `lines`, taxed at `rates`.
pub fn totals(lines: &[Figures], rates: &TaxRates) -> Result<Totals, OverDiscounted> {
    let mut exact_tax: i128 = 0;
    let mut subtotal = Money::ZERO;
    for kind in LineKind::ALL.iter().copied() {
        let base: Money = lines.iter().filter(|line| line.kind == kind).map(Figures::amount).sum();
        if base < Money::ZERO {
            return Err(OverDiscounted(kind));
        }
        subtotal = subtotal + base;
        exact_tax += i128::from(base.cents()) * i128::from(rates.of(kind).thousandths());
    }
    let tax = Money::from_cents(round_half_up(exact_tax, 100_000));
    Ok(Totals { subtotal, tax, total: subtotal + tax })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: LineKind, hundredths: i64, cents: i64) -> Figures {
        Figures { kind, quantity: Quantity::from_hundredths(hundredths), price: Money::from_cents(cents) }
    }

    fn rates(part: i64, labour: i64) -> TaxRates {
        let mut rates = TaxRates::default();
        rates.set(LineKind::Part, Rate::from_thousandths(part));
        rates.set(LineKind::Labour, Rate::from_thousandths(labour));
        rates
    }

    #[test]
    fn taxes_each_kind_at_its_rate_and_rounds_once() {
        // Three parts at $0.05 taxed at 8.81% are 1.3215 cents of tax together: rounded once, 1
        // cent; rounded per line (0.4405 each) they would be none.
        let lines =
            [line(LineKind::Part, 100, 5), line(LineKind::Part, 100, 5), line(LineKind::Part, 100, 5)];
        let three = totals(&lines, &rates(8810, 0)).expect("adds up");
        assert_eq!((three.subtotal.cents(), three.tax.cents(), three.total.cents()), (15, 1, 16));
        // 1.5 hours at $120 untaxed and a $45.99 part taxed at 8.81% (405.1719 cents).
        let lines = [line(LineKind::Labour, 150, 12_000), line(LineKind::Part, 100, 4599)];
        let totals = totals(&lines, &rates(8810, 0)).expect("adds up");
        assert_eq!(
            (totals.subtotal.cents(), totals.tax.cents(), totals.total.cents()),
            (22_599, 405, 23_004)
        );
    }

    #[test]
    fn a_discount_lowers_its_kinds_tax_but_not_below_none() {
        let lines = [line(LineKind::Part, 200, 5000), line(LineKind::Part, 100, -2000)];
        let discounted = totals(&lines, &rates(10_000, 0)).expect("adds up");
        assert_eq!((discounted.subtotal.cents(), discounted.tax.cents()), (8000, 800));
        let lines = [line(LineKind::Labour, 100, 5000), line(LineKind::Part, 100, -2000)];
        assert_eq!(totals(&lines, &rates(10_000, 0)), Err(OverDiscounted(LineKind::Part)));
    }

    /// A line of any kind: up to 1,000 of it at up to $10,000, or one in five a discount of up to
    /// $500.
    fn any_line(random: &mut fastrand::Rng) -> Figures {
        let kind = LineKind::ALL[random.usize(..LineKind::ALL.len())];
        if random.u8(..5) == 0 {
            line(kind, 100, -random.i64(1..=50_000))
        } else {
            line(kind, random.i64(1..=100_000), random.i64(1..=1_000_000))
        }
    }

    /// Each kind at 0% to 20%.
    fn any_rates(random: &mut fastrand::Rng) -> TaxRates {
        let mut rates = TaxRates::default();
        for kind in LineKind::ALL {
            rates.set(*kind, Rate::from_thousandths(random.i64(0..=20_000)));
        }
        rates
    }

    /// On 5,000 random documents of 1 to 30 lines: the amounts shown add up to the subtotal
    /// shown, that and the tax shown to the total shown, and the tax is within half a cent of its
    /// exact figure. Each document comes from its own seed, which a failure names.
    #[test]
    fn the_lines_tax_and_total_shown_always_agree() {
        let shown = |amount: Money| parse_shown(&amount.to_string());
        for seed in 0..5_000 {
            let mut random = fastrand::Rng::with_seed(seed);
            let lines: Vec<Figures> = (0..random.usize(1..=30)).map(|_| any_line(&mut random)).collect();
            let rates = any_rates(&mut random);
            let Ok(totals) = totals(&lines, &rates) else {
                continue;
            };
            let lines_shown: i64 = lines.iter().map(|line| shown(line.amount())).sum();
            assert_eq!(lines_shown, shown(totals.subtotal), "seed {seed}: {lines:?}");
            assert_eq!(
                shown(totals.subtotal) + shown(totals.tax),
                shown(totals.total),
                "seed {seed}: {lines:?}"
            );
            let exact: i128 = lines
                .iter()
                .map(|line| i128::from(line.amount().cents()) * i128::from(rates.of(line.kind).thousandths()))
                .sum();
            assert!(
                (i128::from(totals.tax.cents()) * 100_000 - exact).abs() <= 50_000,
                "seed {seed}: {lines:?}"
            );
            assert!(totals.tax >= Money::ZERO, "seed {seed}");
        }
    }

    /// Cents from an amount as a document shows it ("-$1,250.05").
    fn parse_shown(text: &str) -> i64 {
        let (sign, rest) = text.strip_prefix('-').map_or((1, text), |rest| (-1, rest));
        let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
        sign * digits.parse::<i64>().expect("digits")
    }
}
