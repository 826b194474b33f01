//! A trailer's VIN: 17 letters and digits without I, O or Q, and for a North American VIN
//! (first character 1 to 5) the check digit in 9th place that 49 CFR 565 computes from the rest.

/// Each character's value in the check-digit sum (letters as 49 CFR 565.15 transliterates them).
fn value(c: char) -> Option<u32> {
    match c {
        '0'..='9' => c.to_digit(10),
        'A' | 'J' => Some(1),
        'B' | 'K' | 'S' => Some(2),
        'C' | 'L' | 'T' => Some(3),
        'D' | 'M' | 'U' => Some(4),
        'E' | 'N' | 'V' => Some(5),
        'F' | 'W' => Some(6),
        'G' | 'P' | 'X' => Some(7),
        'H' | 'Y' => Some(8),
        'R' | 'Z' => Some(9),
        _ => None,
    }
}

/// The weight of each of the 17 places.
const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/// The VIN `typed` as stored (uppercase, without spaces or dashes), or what is wrong with it.
pub fn parse(typed: &str) -> Result<String, String> {
    let vin: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).collect::<String>().to_uppercase();
    let length = vin.chars().count();
    if length != 17 {
        return Err(format!("A VIN is 17 letters and digits; this one has {length}"));
    }
    if let Some(wrong) = vin.chars().find(|c| matches!(c, 'I' | 'O' | 'Q')) {
        return Err(format!("A VIN has no {wrong} (I, O and Q look like 1 and 0): check that character"));
    }
    let values: Option<Vec<u32>> = vin.chars().map(value).collect();
    let Some(values) = values else {
        return Err("A VIN holds only letters and digits".to_owned());
    };
    let north_american = vin.starts_with(['1', '2', '3', '4', '5']);
    if north_american {
        let sum: u32 = values.iter().zip(WEIGHTS).map(|(value, weight)| value * weight).sum();
        let check = match sum % 11 {
            10 => 'X',
            digit => char::from_digit(digit, 10).unwrap_or('X'),
        };
        if vin.chars().nth(8) != Some(check) {
            return Err(format!(
                "This VIN's check digit (its 9th character) should be {check}: a character is likely misread"
            ));
        }
    }
    Ok(vin)
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_north_american_vin_is_checked_by_its_ninth_character() {
        // The example of 49 CFR 565, and a trailer's.
        assert_eq!(parse("1M8GDM9AXKP042788"), Ok("1M8GDM9AXKP042788".to_owned()));
        assert_eq!(parse("1m8gdm9a-xkp 042788"), Ok("1M8GDM9AXKP042788".to_owned()));
        assert!(parse("1M8GDM9A1KP042788").is_err_and(|e| e.contains("should be X")));
        assert_eq!(parse("4YMUL0815DG079245"), Ok("4YMUL0815DG079245".to_owned()));
        assert!(parse("4YMUL0811DG079245").is_err_and(|e| e.contains("should be 5")));
    }

    #[test]
    fn a_vin_of_the_wrong_length_or_letters_says_which() {
        assert_eq!(
            parse("1M8GDM9AXKP04278"),
            Err("A VIN is 17 letters and digits; this one has 16".to_owned())
        );
        assert!(parse("1M8GDM9AXKPO42788").is_err_and(|e| e.contains("no O")));
        assert!(parse("1M8GDM9AXKP04278!").is_err_and(|e| e.contains("only letters and digits")));
    }

    #[test]
    fn a_vin_from_outside_north_america_has_no_check_digit_to_match() {
        assert_eq!(parse("WDB1234561A123456"), Ok("WDB1234561A123456".to_owned()));
    }
}
