//! The signature a provider speaking Twilio's API puts on its requests to us
//! (`X-Twilio-Signature`): HMAC-SHA1, keyed by the account's auth token, of the URL it posted to
//! followed by each form field's name and value, sorted by name; in Base64.

use base64ct::{Base64, Encoding as _};
use hmac::{Hmac, KeyInit as _, Mac as _};
use sha1::Sha1;

/// The signature of a POST of `fields` to `url`.
pub fn sign(auth_token: &str, url: &str, fields: &[(String, String)]) -> String {
    Base64::encode_string(&mac(auth_token, url, fields).finalize().into_bytes())
}

/// Whether `signature` is that of a POST of `fields` to `url` (compared in constant time).
pub fn verify(auth_token: &str, url: &str, fields: &[(String, String)], signature: &str) -> bool {
    Base64::decode_vec(signature).is_ok_and(|given| mac(auth_token, url, fields).verify_slice(&given).is_ok())
}

fn mac(auth_token: &str, url: &str, fields: &[(String, String)]) -> Hmac<Sha1> {
    let mut sorted: Vec<&(String, String)> = fields.iter().collect();
    sorted.sort();
    let mut mac =
        Hmac::<Sha1>::new_from_slice(auth_token.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    /// The example of Twilio's request validation documentation (as its SDKs' tests sign it).
    #[test]
    fn twilios_documented_example() {
        let token = "12345";
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        let form = fields(&[
            ("CallSid", "CA1234567890ABCDE"),
            ("Caller", "+14158675310"),
            ("Digits", "1234"),
            ("From", "+14158675310"),
            ("To", "+18005551212"),
        ]);
        assert_eq!(sign(token, url, &form), "GvWf1cFY/Q7PnoempGyD5oXAezc=");
        assert!(verify(token, url, &form, "GvWf1cFY/Q7PnoempGyD5oXAezc="));
    }

    #[test]
    fn a_changed_field_url_or_token_fails() {
        let form = fields(&[("Body", "STOP"), ("From", "+13035550134")]);
        let good = sign("token", "https://shop.example/api/sms/inbound", &form);
        assert!(verify("token", "https://shop.example/api/sms/inbound", &form, &good));
        let changed = fields(&[("Body", "START"), ("From", "+13035550134")]);
        assert!(!verify("token", "https://shop.example/api/sms/inbound", &changed, &good));
        assert!(!verify("token", "https://shop.example/api/sms/status", &form, &good));
        assert!(!verify("other", "https://shop.example/api/sms/inbound", &form, &good));
        assert!(!verify("token", "https://shop.example/api/sms/inbound", &form, "not base64!"));
        assert!(!verify("token", "https://shop.example/api/sms/inbound", &form, ""));
    }
}
