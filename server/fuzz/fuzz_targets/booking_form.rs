//! The booking form parser: any body is either refused with field messages or gives a booking
//! whose name, e-mail and phone are single lines of text (nothing can be injected into the
//! e-mail headers or the webhook form that carry them) and whose free text has no stray control
//! characters. Where the trailer is and where the request came from are single lines too.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::{
    arbitrary::{self, Arbitrary, Unstructured},
    fuzz_target,
};
use serde_json::json;
use trailerworks::booking::model::BookingForm;

/// The form's fields made from raw bytes, so that most inputs reach the field checks.
#[derive(Debug, Arbitrary)]
struct Fields {
    submission_id: String,
    name: String,
    email: String,
    phone: String,
    details: String,
    answers: Vec<(String, String)>,
    website: String,
    fill_ms: Option<u64>,
    location: Option<String>,
    source: Option<(String, String, String, String, String)>,
}

impl Fields {
    fn body(&self) -> Vec<u8> {
        let answers: Vec<_> = self
            .answers
            .iter()
            .map(|(question, answer)| json!({ "question": question, "answer": answer }))
            .collect();
        let source = self.source.as_ref().map(|(page, button, referrer, utm_source, utm_campaign)| {
            json!({ "page": page, "button": button, "referrer": referrer, "utmSource": utm_source, "utmCampaign": utm_campaign })
        });
        json!({
            "submissionId": self.submission_id, "name": self.name, "email": self.email, "phone": self.phone,
            "details": self.details, "answers": answers, "website": self.website, "fillMs": self.fill_ms,
            "location": self.location, "source": source,
        })
        .to_string()
        .into_bytes()
    }
}

fuzz_target!(|input: &[u8]| {
    // A body as sent when it starts like JSON (the seeds do); otherwise fields from the bytes.
    let body = if input.first() == Some(&b'{') {
        input.to_vec()
    } else {
        let Ok(fields) = Fields::arbitrary_take_rest(Unstructured::new(input)) else { return };
        fields.body()
    };
    let Ok(form) = serde_json::from_slice::<BookingForm>(&body) else { return };
    let Ok(booking) = form.parse(Some(Duration::from_secs(3))) else { return };
    for (field, value) in [
        ("name", booking.name.as_ref()),
        ("email", booking.email.as_ref()),
        ("phone", booking.phone.as_ref()),
    ] {
        assert!(!value.trim().is_empty(), "{field} is not empty");
        assert!(!value.chars().any(char::is_control), "{field} {value:?} holds no control character");
    }
    let email = booking.email.as_ref();
    assert_eq!(email.matches('@').count(), 1, "{email:?} has one @");
    let texts = std::iter::once(booking.details.as_str())
        .chain(booking.answers.iter().flat_map(|a| [a.question.as_str(), a.answer.as_str()]));
    for text in texts {
        assert!(
            !text.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')),
            "{text:?} holds only line breaks and tabs among control characters"
        );
    }
    let source = &booking.source;
    let lines = [
        &booking.location,
        &source.page,
        &source.button,
        &source.referrer_host,
        &source.utm_source,
        &source.utm_campaign,
    ];
    for line in lines.into_iter().flatten() {
        assert!(
            !line.trim().is_empty() && !line.chars().any(char::is_control),
            "{line:?} is one line of text"
        );
    }
    let message = booking.message();
    assert!(!message.is_empty());
});
