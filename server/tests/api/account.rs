//! The account page's API and two-factor sign-in: codes, recovery codes, trusted browsers, the
//! password change, sessions, `trailerworks admin reset-2fa`, and the owner requiring it of
//! everyone.

use reqwest::Method;
use serde_json::{Value, json};
use totp_rs::{Builder, Secret};

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp, session_cookie, spawn_app},
    team::{STAFF_PASSWORD, staff_member},
};

/// The authenticator app's code for `secret` at the server's now.
fn code(app: &TestApp, secret: &str) -> String {
    let totp = Builder::new()
        .with_secret(Secret::try_from_base32(secret).expect("as the test set it up"))
        .build()
        .expect("as the test set it up");
    let now = u64::try_from(app.clock.now().as_second()).expect("after 1970");
    totp.generate(now).to_string()
}

/// Moves the server's clock to the start of the next 30-second step of the authenticator.
fn next_step(app: &TestApp) {
    let into_step = app.clock.now().as_millisecond().rem_euclid(30_000);
    app.clock.advance(std::time::Duration::from_millis(u64::try_from(30_000 - into_step).expect("positive")));
}

/// Turns two-factor sign-in on for `signed`: the secret and the recovery codes.
async fn enable_two_factor(app: &TestApp, signed: &Signed) -> (String, Vec<String>) {
    let setup: Value = app
        .admin(Method::POST, "/account/two-factor/setup", signed)
        .send()
        .await
        .expect("as the test set it up")
        .json()
        .await
        .expect("as the test set it up");
    let secret = setup["secret"].as_str().expect("as the test set it up").replace(' ', "");
    // At the start of a step, the code stays the authenticator's code for the test's length.
    next_step(app);
    assert!(setup["otpauthUrl"].as_str().expect("as the test set it up").starts_with("otpauth://totp/"));
    assert!(setup["qrSvg"].as_str().expect("as the test set it up").contains("<svg"));
    let enabled = app
        .admin(Method::POST, "/account/two-factor/enable", signed)
        .json(&json!({ "code": code(app, &secret) }))
        .send()
        .await
        .expect("as the test set it up");
    assert_eq!(enabled.status().as_u16(), 200);
    let body: Value = enabled.json().await.expect("as the test set it up");
    let codes = body["recoveryCodes"]
        .as_array()
        .expect("as the test set it up")
        .iter()
        .map(|c| c.as_str().expect("as the test set it up").to_owned())
        .collect();
    (secret, codes)
}

/// Signs in with the password: the challenge the server asks a code for.
async fn challenge(app: &TestApp) -> String {
    let response = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(session_cookie(&response).is_none(), "no session before the code");
    let body: Value = response.json().await.expect("as the test set it up");
    assert_eq!(body["codeNeeded"], true, "{body}");
    body["challenge"].as_str().expect("as the test set it up").to_owned()
}

async fn send_code(app: &TestApp, challenge: &str, code: &str, trust: bool) -> reqwest::Response {
    app.post_json(
        "/api/admin/login/code",
        &json!({ "challenge": challenge, "code": code, "trustDevice": trust }),
    )
    .await
}

async fn audit_actions(app: &TestApp) -> Vec<(String, String)> {
    app.rows("SELECT action, detail FROM audit_log ORDER BY id").await
}

#[tokio::test]
async fn nobody_signed_in_is_an_answer_not_an_error() {
    let app = spawn_app().await;
    let response = app.get("/api/admin/session").await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({ "user": null, "csrfToken": null }));
}

#[tokio::test]
async fn with_two_factor_on_sign_in_takes_a_code_once_or_a_recovery_code_once() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (secret, recovery) = enable_two_factor(&app, &signed).await;
    assert_eq!(recovery.len(), 10);
    let account: Value =
        app.admin(Method::GET, "/account", &signed).send().await.unwrap().json().await.unwrap();
    assert_eq!(account["twoFactor"], true);
    assert_eq!(account["recoveryCodesLeft"], 10);

    let asked = challenge(&app).await;
    let wrong = send_code(&app, &asked, "000000", false).await;
    assert_eq!(wrong.status().as_u16(), 401);
    assert!(wrong.json::<Value>().await.unwrap()["error"].as_str().unwrap().contains("not right"));
    // The code that turned it on was used already (the clock is still in its step).
    let replayed = send_code(&app, &asked, &code(&app, &secret), false).await;
    assert_eq!(replayed.status().as_u16(), 401, "a code is accepted once");
    next_step(&app);
    let next = send_code(&app, &asked, &code(&app, &secret), false).await;
    assert_eq!(next.status().as_u16(), 200);
    assert!(session_cookie(&next).is_some());
    assert!(next.json::<Value>().await.unwrap()["csrfToken"].is_string());

    let asked = challenge(&app).await;
    let typed = recovery[3].to_uppercase().replace('-', " ");
    let recovered = send_code(&app, &asked, &typed, false).await;
    assert_eq!(recovered.status().as_u16(), 200, "a recovery code, typed loosely");
    let asked = challenge(&app).await;
    let reused = send_code(&app, &asked, &recovery[3], false).await;
    assert_eq!(reused.status().as_u16(), 401, "used up");
    let said = reused.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(said.starts_with("This recovery code was already used."), "{said}");
    let wrong = send_code(&app, &asked, "aaaa-bbbb-cccc-dddd", false).await;
    let said = wrong.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(said.starts_with("That code is not right."), "{said}");

    let actions = audit_actions(&app).await;
    for expected in [
        ("two-factor-enabled", ""),
        ("sign-in-code-failed", ""),
        ("sign-in", "with an authenticator code"),
        ("sign-in", "with a recovery code (9 left)"),
    ] {
        assert!(
            actions.contains(&(expected.0.to_owned(), expected.1.to_owned())),
            "{expected:?} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn a_challenge_takes_five_codes_and_wrong_codes_are_throttled_like_passwords() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (secret, _) = enable_two_factor(&app, &signed).await;
    let asked = challenge(&app).await;
    for _ in 0..5 {
        assert_eq!(send_code(&app, &asked, "123456", false).await.status().as_u16(), 401);
    }
    next_step(&app);
    let late = send_code(&app, &asked, &code(&app, &secret), false).await;
    assert_eq!(late.status().as_u16(), 401);
    assert!(late.json::<Value>().await.unwrap()["error"].as_str().unwrap().contains("expired"));
    // Five wrong codes count as five failed sign-ins: the next try waits, even with the password.
    let throttled = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(throttled.status().as_u16(), 429);
    assert!(throttled.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn a_trusted_browser_skips_the_code_for_thirty_days() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (secret, _) = enable_two_factor(&app, &signed).await;
    let asked = challenge(&app).await;
    next_step(&app);
    let trusted = send_code(&app, &asked, &code(&app, &secret), true).await;
    assert_eq!(trusted.status().as_u16(), 200);
    let cookie = trusted
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|v| v.starts_with("__Host-trailerworks_trusted="))
        .expect("the trusted-device cookie");
    assert!(cookie.contains("Max-Age=2592000") && cookie.contains("HttpOnly"), "{cookie}");
    let trust = cookie.split(';').next().unwrap().to_owned();

    let again = app
        .client
        .post(format!("{}/api/admin/login", app.url))
        .header("cookie", &trust)
        .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert!(session_cookie(&again).is_some(), "signed in without a code");
    // Signing out everywhere forgets trusted browsers.
    let signed = app.sign_in_with_cookie(&trust).await;
    app.admin(Method::POST, "/account/sign-out-others", &signed).send().await.unwrap();
    let after = app
        .client
        .post(format!("{}/api/admin/login", app.url))
        .header("cookie", &trust)
        .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(after.json::<Value>().await.unwrap()["codeNeeded"], true);
}

#[tokio::test]
async fn turning_two_factor_off_or_making_new_recovery_codes_needs_a_code() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let (secret, old_codes) = enable_two_factor(&app, &signed).await;
    let again = app.admin(Method::POST, "/account/two-factor/setup", &signed).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 409, "setting up a second app while one is on");

    let wrong = app
        .admin(Method::POST, "/account/two-factor/recovery-codes", &signed)
        .json(&json!({ "code": "111111" }))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status().as_u16(), 422);
    assert!(
        wrong.json::<Value>().await.unwrap()["errors"]["code"][0].as_str().unwrap().contains("not right")
    );
    let renewed: Value = app
        .admin(Method::POST, "/account/two-factor/recovery-codes", &signed)
        .json(&json!({ "code": old_codes[0] }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let new_codes = renewed["recoveryCodes"].as_array().unwrap();
    assert_eq!(new_codes.len(), 10);
    let stale = app
        .admin(Method::POST, "/account/two-factor/disable", &signed)
        .json(&json!({ "code": old_codes[1] }))
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status().as_u16(), 422, "the old codes stopped working");

    next_step(&app);
    let off = app
        .admin(Method::POST, "/account/two-factor/disable", &signed)
        .json(&json!({ "code": code(&app, &secret) }))
        .send()
        .await
        .unwrap();
    assert_eq!(off.status().as_u16(), 204);
    assert_eq!(app.count("SELECT COUNT(*) FROM recovery_codes").await, 0);
    let plain = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert!(session_cookie(&plain).is_some(), "the password alone signs in again");
    let actions = audit_actions(&app).await;
    assert!(actions.iter().any(|(a, _)| a == "recovery-codes-replaced"));
    assert!(actions.iter().any(|(a, _)| a == "two-factor-disabled"));
}

#[tokio::test]
async fn the_password_changes_with_the_current_one_and_other_sessions_end() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let other = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let change = |current: &str, new: &str| {
        app.admin(Method::PUT, "/account/password", &signed)
            .json(&json!({ "currentPassword": current, "newPassword": new }))
    };

    let short = change(ADMIN_PASSWORD, "too short").send().await.unwrap();
    assert_eq!(short.status().as_u16(), 422);
    let body: Value = short.json().await.unwrap();
    assert_eq!(body["errors"]["newPassword"][0], "The password must be at least 12 characters");
    let wrong = change("not my password at all", "a brand new long secret").send().await.unwrap();
    assert_eq!(wrong.status().as_u16(), 422);
    assert_eq!(
        wrong.json::<Value>().await.unwrap()["errors"]["currentPassword"][0],
        "The current password is not right"
    );

    let account: Value =
        app.admin(Method::GET, "/account", &signed).send().await.unwrap().json().await.unwrap();
    let sessions = account["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);

    let changed = change(ADMIN_PASSWORD, "a brand new long secret").send().await.unwrap();
    assert_eq!(changed.status().as_u16(), 204);
    assert_eq!(app.session_email(&signed).await.as_deref(), Some(ADMIN_EMAIL), "this session goes on");
    assert_eq!(app.session_email(&other).await, None, "the other one ended");
    assert_eq!(app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status().as_u16(), 401);
    app.sign_in(ADMIN_EMAIL, "a brand new long secret").await;
    let actions = audit_actions(&app).await;
    assert!(actions.contains(&("password-change-failed".into(), String::new())));
    assert!(actions.contains(&("password-changed".into(), "1 other session signed out".into())));
}

#[tokio::test]
async fn reset_2fa_from_the_command_line_lets_the_owner_in_with_the_password() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    enable_two_factor(&app, &signed).await;
    let mut args =
        vec!["admin".to_owned(), "reset-2fa".to_owned(), "--email".to_owned(), ADMIN_EMAIL.to_owned()];
    args.extend(crate::helpers::storage_args(&app.storage));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_trailerworks")).args(&args).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("Two-factor sign-in is off"));
    assert_eq!(app.session_email(&signed).await, None, "its sessions ended");
    let plain = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert!(session_cookie(&plain).is_some());
    let actions = audit_actions(&app).await;
    assert!(actions.iter().any(|(a, _)| a == "two-factor-reset"));
}

#[tokio::test]
async fn when_the_owner_requires_two_step_sign_in_a_member_without_it_sets_it_up_at_sign_in() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let ana = staff_member(&app, &owner, "ana@example.com").await;
    let require = |required: bool| {
        app.admin(Method::PUT, "/team/two-step", &owner).json(&json!({ "required": required })).send()
    };
    let refused = require(true).await.expect("a response");
    assert_eq!(refused.status().as_u16(), 409, "not before the owner uses it");
    let said: Value = refused.json().await.expect("JSON");
    assert!(said["error"].as_str().unwrap_or("").contains("your own account first"), "{said}");
    enable_two_factor(&app, &owner).await;
    assert_eq!(require(true).await.expect("a response").status().as_u16(), 204);
    assert_eq!(app.admin_json("/team", &owner).await["twoStepRequired"], true);
    let today = app.admin(Method::GET, "/today", &ana).send().await.expect("a response");
    assert_eq!(today.status().as_u16(), 401, "signed out at once: she has no app yet");
    assert_eq!(
        app.admin(Method::GET, "/today", &owner).send().await.expect("a response").status().as_u16(),
        200
    );

    // Her next sign-in sets the app up before any session.
    let response = app.login("ana@example.com", STAFF_PASSWORD).await;
    assert!(session_cookie(&response).is_none(), "no session before the app is set up");
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["setupNeeded"], true, "{body}");
    assert!(body["setup"]["qrSvg"].as_str().unwrap_or("").contains("<svg"));
    let secret = body["setup"]["secret"].as_str().expect("a secret").replace(' ', "");
    let challenge = body["challenge"].as_str().expect("a challenge");
    next_step(&app);
    assert_eq!(send_code(&app, challenge, "000000", false).await.status().as_u16(), 401);
    let signed_in = send_code(&app, challenge, &code(&app, &secret), false).await;
    assert_eq!(signed_in.status().as_u16(), 200);
    let cookie = session_cookie(&signed_in).expect("a session");
    let body: Value = signed_in.json().await.expect("JSON");
    assert_eq!(body["recoveryCodes"].as_array().map(Vec::len), Some(10), "shown once: {body}");
    let ana = Signed { cookie, csrf: body["csrfToken"].as_str().expect("a token").to_owned() };
    assert_eq!(app.admin_json("/account", &ana).await["twoFactor"], true);
    let off = app
        .admin(Method::POST, "/account/two-factor/disable", &ana)
        .json(&json!({ "code": code(&app, &secret) }));
    assert_eq!(off.send().await.expect("a response").status().as_u16(), 409, "it stays on while required");

    // No longer required: nobody is signed out, and she may turn it off.
    assert_eq!(require(false).await.expect("a response").status().as_u16(), 204);
    assert_eq!(
        app.admin(Method::GET, "/today", &ana).send().await.expect("a response").status().as_u16(),
        200
    );
    let audit = app.admin_json("/audit", &owner).await;
    let entries = audit["entries"].as_array().expect("entries");
    assert!(entries.iter().any(|entry| entry["action"] == "two-step-required"), "{audit}");
}
