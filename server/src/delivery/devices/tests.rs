use super::*;

fn device(notify: &str, quiet: Option<(&str, &str)>) -> Choice {
    Choice {
        id: 1,
        notify: notify.to_owned(),
        customer_changes: false,
        quiet_from: quiet.map(|(from, _)| from.to_owned()),
        quiet_to: quiet.map(|(_, to)| to.to_owned()),
    }
}

fn occasion(urgent: bool, emergency: bool, shop_minute: u16) -> Occasion {
    Occasion { urgent, emergency, customer_change: false, shop_minute }
}

#[test]
fn urgent_only_devices_hear_of_urgent_requests_only() {
    assert_eq!(device("urgent", None).takes(occasion(false, false, 600)), Takes::Not);
    assert_eq!(device("urgent", None).takes(occasion(true, false, 600)), Takes::Now);
    assert_eq!(device("all", None).takes(occasion(false, false, 600)), Takes::Now);
}

#[test]
fn quiet_hours_past_midnight_hold_back_all_but_emergencies() {
    let night = device("all", Some(("22:00", "06:00")));
    assert_eq!(night.takes(occasion(true, false, 23 * 60)), Takes::Quiet);
    assert_eq!(night.takes(occasion(false, false, 5 * 60 + 59)), Takes::Quiet);
    assert_eq!(night.takes(occasion(false, false, 6 * 60)), Takes::Now);
    assert_eq!(night.takes(occasion(true, true, 3 * 60)), Takes::Now);
    let lunch = device("all", Some(("12:00", "13:00")));
    assert_eq!(lunch.takes(occasion(false, false, 12 * 60 + 30)), Takes::Quiet);
    assert_eq!(lunch.takes(occasion(false, false, 13 * 60)), Takes::Now);
}

#[test]
fn customer_changes_go_to_devices_that_asked_for_them() {
    let change = Occasion { urgent: false, emergency: false, customer_change: true, shop_minute: 600 };
    assert_eq!(device("all", None).takes(change), Takes::Not);
    let mut wants = device("urgent", None);
    wants.customer_changes = true;
    assert_eq!(wants.takes(change), Takes::Now);
}

#[test]
fn devices_are_named_by_browser_and_system() {
    let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
    assert_eq!(device_name("", android), "Chrome on Android");
    let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    assert_eq!(device_name(" ", iphone), "Safari on iPhone");
    assert_eq!(device_name("", "curl/8"), "Browser");
    assert_eq!(device_name("Ana Ruiz", android), "Ana's phone (Chrome on Android)", "named by the member");
    let windows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
    assert_eq!(device_name("Ben", windows), "Ben's computer (Chrome on Windows)");
}

#[test]
fn endpoints_must_be_https_except_on_loopback() {
    let key = "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
    let subscription = |endpoint: &str| Subscription {
        endpoint: endpoint.to_owned(),
        expiration_time: None,
        keys: SubscriptionKeys { p256dh: key.to_owned(), auth: "_ordMnz7uTCmrpBTeUV4Bw".to_owned() },
    };
    assert!(subscription("https://fcm.googleapis.com/fcm/send/abc").check().is_ok());
    assert!(subscription("http://127.0.0.1:9000/push/1").check().is_ok());
    assert!(subscription("http://localhost:9000/push/1").check().is_ok());
    assert_eq!(subscription("http://push.example.com/1").check().err().map(|e| e.0), Some("endpoint"));
    assert!(subscription("https://10.0.0.5/push").check().is_err(), "a private network");
    assert!(subscription("https://169.254.169.254/latest").check().is_err(), "link-local");
    let mut bad = subscription("https://push.example.com/1");
    bad.keys.auth = "c2hvcnQ".to_owned();
    assert_eq!(bad.check().err().map(|e| e.0), Some("keys.auth"));
    assert!(is_clock("22:00") && !is_clock("24:00") && !is_clock("9:00"));
}
