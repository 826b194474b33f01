//! Passwords: at least 12 and at most 256 characters, no composition rules, never truncated,
//! not one of the most common; stored only as argon2id PHC strings (OWASP minimum parameters).

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher as _, PasswordVerifier as _, Version,
    password_hash::{SaltString, rand_core::OsRng},
};

const MIN_CHARS: usize = 12;
const MAX_CHARS: usize = 256;
/// OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane.
const MEMORY_KIB: u32 = 19_456;
const PASSES: u32 = 2;
const LANES: u32 = 1;

/// Common passwords long enough to pass the length rule, compared ignoring case.
const COMMON: &[&str] = &[
    "password1234",
    "password12345",
    "password123456",
    "passwordpassword",
    "123456789012",
    "1234567890123",
    "12345678901234",
    "qwerty123456",
    "qwertyuiop12",
    "qwertyuiopasdf",
    "iloveyou1234",
    "letmein12345",
    "welcome12345",
    "welcome123456",
    "admin1234567",
    "adminadmin12",
    "administrator",
    "administrator1",
    "111111111111",
    "000000000000",
    "aaaaaaaaaaaa",
    "abc123456789",
    "abcdefghijkl",
    "password123!",
    "p@ssw0rd1234",
    "changeme1234",
    "trustno11234",
    "football1234",
    "baseball1234",
    "sunshine1234",
    "princess1234",
    "dragon123456",
    "monkey123456",
    "trailerworks",
    "trailer12345",
    "denver123456",
    "colorado1234",
];

/// A password that meets the rules. Its text is never logged or stored.
pub struct Password(String);

impl Password {
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        let chars = value.chars().count();
        if chars < MIN_CHARS {
            Err("The password must be at least 12 characters")
        } else if chars > MAX_CHARS {
            Err("The password must be at most 256 characters")
        } else if COMMON.iter().any(|common| common.eq_ignore_ascii_case(value)) {
            Err("That password is one of the most common; choose another")
        } else {
            Ok(Self(value.to_owned()))
        }
    }

    /// The argon2id PHC string to store, with a fresh random salt.
    pub fn hash(&self) -> anyhow::Result<String> {
        let salt = SaltString::generate(&mut OsRng);
        let hash = hasher()?
            .hash_password(self.0.as_bytes(), &salt)
            .map_err(|e| anyhow::anyhow!("Failed to hash the password: {e}"))?;
        Ok(hash.to_string())
    }
}

fn hasher() -> anyhow::Result<Argon2<'static>> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None)
        .map_err(|e| anyhow::anyhow!("Invalid argon2 parameters: {e}"))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Whether `password` matches the stored `hash` (in constant time, whatever the hash's parameters).
pub fn verify(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash)
        .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// Whether a stored hash is weaker than today's parameters (re-hash it at the next sign-in).
pub fn needs_rehash(hash: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else { return true };
    let Ok(params) = Params::try_from(&parsed) else { return true };
    parsed.algorithm.as_str() != "argon2id"
        || params.m_cost() < MEMORY_KIB
        || params.t_cost() < PASSES
        || params.p_cost() != LANES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_is_the_only_composition_rule() {
        assert!(Password::parse("correct horse").is_ok());
        assert!(Password::parse("elevenchars").is_err());
        assert!(Password::parse(&"x".repeat(256)).is_ok());
        assert!(Password::parse(&"x".repeat(257)).is_err());
    }

    #[test]
    fn the_most_common_passwords_are_refused() {
        assert!(Password::parse("Password1234").is_err());
        assert!(Password::parse("TRAILERWORKS").is_err());
    }

    #[test]
    fn hashes_are_argon2id_with_the_owasp_minimum_and_verify() {
        let hash = Password::parse("a long enough secret").unwrap().hash().unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify(&hash, "a long enough secret"));
        assert!(!verify(&hash, "a long enough secreT"));
        assert!(!needs_rehash(&hash));
    }

    #[test]
    fn a_weaker_hash_is_marked_for_rehashing() {
        let weak = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(4096, 1, 1, None).unwrap())
            .hash_password(b"a long enough secret", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        assert!(verify(&weak, "a long enough secret"));
        assert!(needs_rehash(&weak));
        assert!(needs_rehash("not a hash"));
    }
}
