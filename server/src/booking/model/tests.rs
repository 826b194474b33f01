use super::*;

fn form() -> BookingForm {
    BookingForm {
        submission_id: "3f2a9c1e-0000-4000-8000-000000000001".into(),
        name: "Jamie Ortiz".into(),
        email: "jamie@example.com".into(),
        phone: "303-555-0100".into(),
        details: String::new(),
        answers: vec![AnswerForm {
            key: String::new(),
            option: None,
            question: "What type of trailer do you have?".into(),
            answer: "Dump Trailer".into(),
        }],
        website: String::new(),
        fill_ms: Some(20_000),
        location: None,
        street_address: None,
        source: None,
        photos: Vec::new(),
        appointment: None,
        text_consent: false,
    }
}

const MIN: Option<Duration> = Some(Duration::from_secs(3));

#[test]
fn a_complete_form_parses() {
    let booking = form().parse(MIN).unwrap();
    assert_eq!(booking.name.as_ref(), "Jamie Ortiz");
    assert_eq!(booking.spam_reason, None);
}

#[test]
fn every_missing_field_is_reported_at_once() {
    let mut f = form();
    f.name = " ".into();
    f.email = String::new();
    f.phone = String::new();
    let errors = format!("{:?}", f.parse(MIN).unwrap_err());
    for message in ["Name is required", "Email is required", "Phone number is required"] {
        assert!(errors.contains(message), "{errors}");
    }
}

#[test]
fn a_malformed_email_is_reported() {
    let mut f = form();
    f.email = "jamie.example.com".into();
    assert!(format!("{:?}", f.parse(MIN).unwrap_err()).contains("Invalid email format"));
}

#[test]
fn the_message_is_the_details_then_the_conversation() {
    let answers = vec![
        Given {
            key: String::new(),
            option: None,
            question: "What type of trailer do you have?".into(),
            answer: "Dump Trailer".into(),
        },
        Given {
            key: String::new(),
            option: None,
            question: "How urgent is this?".into(),
            answer: "Soon (within a week)".into(),
        },
    ];
    assert_eq!(
        compose_message("Lift is slow", &answers),
        "Lift is slow\n\nConversation Summary:\nWhat type of trailer do you have?: Dump Trailer\n\
         How urgent is this?: Soon (within a week)"
    );
    assert!(compose_message("  ", &answers).starts_with("No additional details provided.\n\n"));
}

#[test]
fn a_filled_honeypot_or_a_hurried_submit_is_flagged_as_spam() {
    let mut f = form();
    f.website = "http://spam.example".into();
    assert_eq!(f.parse(MIN).unwrap().spam_reason, Some("hidden field filled in"));
    let mut f = form();
    f.fill_ms = Some(500);
    assert_eq!(f.parse(MIN).unwrap().spam_reason, Some("submitted faster than a person can"));
    // A form that could not be timed (sent without JavaScript) is judged by its hidden field only.
    let mut f = form();
    f.fill_ms = None;
    assert_eq!(f.parse(None).unwrap().spam_reason, None);
    let mut f = form();
    f.fill_ms = None;
    assert!(f.parse(MIN).unwrap().spam_reason.is_some());
}

fn chat() -> Chat {
    crate::site::content::Content::load(None).unwrap().chat
}

fn area() -> ServiceArea {
    let content = crate::site::content::Content::load(None).unwrap();
    ServiceArea::new(&content.cities, &content.business.address)
}

#[test]
fn an_emergency_or_urgent_answer_makes_the_booking_urgent() {
    let content = crate::site::content::Content::load(None).unwrap();
    let booking = form().parse(MIN).unwrap().classify(&content.chat, &area());
    assert!(!booking.urgent);
    for (question, answer) in [
        ("How urgent is this?", "Emergency (need immediate help)"),
        ("How urgent is this?", "Urgent (24-48 hours)"),
        ("What service do you need?", "Emergency service"),
    ] {
        let mut f = form();
        f.answers.push(AnswerForm {
            key: String::new(),
            option: None,
            question: question.into(),
            answer: answer.into(),
        });
        assert!(f.parse(MIN).unwrap().classify(&content.chat, &area()).urgent, "{answer}");
    }
    let mut f = form();
    f.answers.push(AnswerForm {
        key: String::new(),
        option: None,
        question: "How urgent is this?".into(),
        answer: "Soon (within a week)".into(),
    });
    assert!(!f.parse(MIN).unwrap().classify(&content.chat, &area()).urgent);
}

#[test]
fn the_location_is_checked_against_the_service_area_and_told_to_the_shop() {
    let mut f = form();
    f.location = Some(" 80011 ".into());
    let booking = f.parse(MIN).unwrap().classify(&chat(), &area());
    assert_eq!(booking.location.as_deref(), Some("80011"));
    assert_eq!(booking.location_city.as_deref(), Some("Aurora"));
    assert!(booking.message().ends_with("Trailer location: 80011, in the service area (Aurora)"));
    let mut f = form();
    f.location = Some("Boulder".into());
    let booking = f.parse(MIN).unwrap().classify(&chat(), &area());
    assert_eq!(booking.location_city, None);
    assert!(booking.message().ends_with("Trailer location: Boulder, outside the usual service area"));
    let mut f = form();
    f.location = Some("I-70 mile marker 262".into());
    let booking = f.parse(MIN).unwrap().classify(&chat(), &area());
    assert_eq!((booking.location_city.as_deref(), booking.roadside), (None, true), "no city is claimed");
    assert!(
        booking.message().ends_with("Trailer location: I-70 mile marker 262, by the road, no city named")
    );
    let mut f = form();
    f.location = Some("  ".into());
    assert_eq!(f.parse(MIN).unwrap().location, None);
    for bad in ["x".repeat(121), "Aurora\nBcc: x@example.com".to_owned()] {
        let mut f = form();
        f.location = Some(bad);
        assert!(format!("{:?}", f.parse(MIN).unwrap_err()).contains("location"));
    }
}

#[test]
fn the_source_is_cleaned_never_refused() {
    let mut f = form();
    f.source = Some(SourceForm {
        page: Some("/service-areas/aurora".into()),
        button: Some("  Schedule Service\n in Aurora ".into()),
        referrer: Some("www.google.com".into()),
        utm_source: Some("flyer".into()),
        utm_campaign: Some("x".repeat(300)),
    });
    let source = f.parse(MIN).unwrap().source;
    assert_eq!(source.page.as_deref(), Some("/service-areas/aurora"));
    assert_eq!(source.button.as_deref(), Some("Schedule Service in Aurora"));
    assert_eq!(source.referrer_host.as_deref(), Some("www.google.com"));
    assert_eq!(source.utm_source.as_deref(), Some("flyer"));
    assert_eq!(source.utm_campaign.map(|c| c.len()), Some(100));
    let mut f = form();
    f.source = Some(SourceForm {
        page: Some("https://evil.example/".into()),
        button: Some("\u{1b}[31m".into()),
        referrer: Some("a b/c".into()),
        utm_source: Some("  ".into()),
        utm_campaign: None,
    });
    assert_eq!(f.parse(MIN).unwrap().source, Source { button: Some("[31m".into()), ..Source::default() });
    assert_eq!(form().parse(MIN).unwrap().source, Source::default());
}

#[test]
fn up_to_three_uploaded_photos_are_taken_and_the_message_links_them() {
    let mut f = form();
    f.photos = vec!["1741946400000-3f9a2c1b.jpg".into(), "1741946400001-00000000.png".into()];
    let mut booking = f.parse(MIN).unwrap();
    booking.photos_link = Some("https://trailers.example.com/dbadmin/bookings".into());
    assert!(booking.message().ends_with(
        "Photos: 2 sent with the request; see them at https://trailers.example.com/dbadmin/bookings"
    ));
    let mut f = form();
    f.photos = vec!["1741946400000-3f9a2c1b.jpg".into(); 4];
    assert!(format!("{:?}", f.parse(MIN).unwrap_err()).contains("Up to 3 photos"));
    let mut f = form();
    f.photos = vec!["../trailerworks.db".into()];
    assert!(format!("{:?}", f.parse(MIN).unwrap_err()).contains("photos"));
}

#[test]
fn a_bad_submission_id_is_refused() {
    let mut f = form();
    f.submission_id = "x".into();
    assert!(format!("{:?}", f.parse(MIN).unwrap_err()).contains("submissionId"));
}

#[test]
fn control_characters_are_refused_but_line_breaks_in_details_are_kept() {
    let mut f = form();
    f.details = "First line\r\nSecond line\twith a tab".into();
    assert_eq!(f.parse(MIN).unwrap().details, "First line\r\nSecond line\twith a tab");
    let mut f = form();
    f.details = "bell\u{7}".into();
    f.answers[0].answer = "Dump\u{0}".into();
    let errors = format!("{:?}", f.parse(MIN).unwrap_err());
    assert!(errors.contains("details") && errors.contains("answers"), "{errors}");
}
