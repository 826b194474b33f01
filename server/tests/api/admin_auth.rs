//! The admin area's security: sign-in, sessions, the guard of every admin API, CSRF,
//! throttling and the audit log (docs/security.md).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp, session_cookie, spawn_app};

const INVALID: &str = "Invalid credentials or insufficient permissions";

/// Every admin API: method, path, and whether it changes state. (Logout needs no session:
/// `front_desk` tests it.)
const ADMIN_APIS: &[(&str, &str)] = &[
    ("GET", "/account"),
    ("PUT", "/account/password"),
    ("POST", "/account/sign-out-others"),
    ("POST", "/account/two-factor/setup"),
    ("POST", "/account/two-factor/enable"),
    ("POST", "/account/two-factor/disable"),
    ("POST", "/account/two-factor/recovery-codes"),
    ("GET", "/audit"),
    ("GET", "/posts"),
    ("POST", "/posts"),
    ("POST", "/posts/preview"),
    ("GET", "/posts/1"),
    ("PUT", "/posts/1"),
    ("DELETE", "/posts/1"),
    ("PUT", "/posts/1/published"),
    ("GET", "/posts/1/revisions"),
    ("GET", "/posts/1/revisions/1"),
    ("POST", "/images"),
    ("GET", "/bookings"),
    ("GET", "/bookings.csv"),
    ("GET", "/today"),
    ("GET", "/live"),
    ("GET", "/bookings/1"),
    ("POST", "/bookings/1/contact"),
    ("POST", "/bookings/1/seen"),
    ("GET", "/push-subscriptions"),
    ("POST", "/push-subscriptions"),
    ("PUT", "/push-subscriptions/1"),
    ("DELETE", "/push-subscriptions/1"),
    ("POST", "/push-subscriptions/1/test"),
    ("DELETE", "/account/sessions/abc"),
    ("PUT", "/bookings/1/status"),
    ("POST", "/bookings/1/notes"),
    ("GET", "/customers"),
    ("GET", "/customers/1"),
    ("PUT", "/customers/1"),
    ("POST", "/customers/1/merge"),
    ("POST", "/customers/1/split"),
    ("POST", "/customers/1/trailers"),
    ("PUT", "/customers/1/trailers/1"),
    ("PUT", "/bookings/1/trailer"),
    ("GET", "/site"),
    ("PUT", "/site"),
    ("GET", "/site/versions"),
    ("POST", "/site/versions/1/restore"),
    ("GET", "/notifications"),
    ("PUT", "/notifications/recipients"),
    ("POST", "/notifications/test"),
];

fn method(name: &str) -> Method {
    name.parse().expect("a method")
}

async fn status_with_cookie(app: &TestApp, (verb, path): (&str, &str), cookie: Option<&str>) -> u16 {
    let mut request = app.client.request(method(verb), format!("{}/api/admin{path}", app.url));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.json(&json!({})).send().await.expect("a response").status().as_u16()
}

#[tokio::test]
async fn every_admin_api_answers_401_without_a_session_or_with_a_forged_or_stale_cookie() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    let forged = format!("__Host-trailerworks_session={}", "ab".repeat(32));
    app.admin(Method::POST, "/logout", &signed).send().await.expect("logout");
    for api in ADMIN_APIS {
        assert_eq!(status_with_cookie(&app, *api, None).await, 401, "{api:?} without a session");
        assert_eq!(status_with_cookie(&app, *api, Some(&forged)).await, 401, "{api:?} with a forged cookie");
        assert_eq!(status_with_cookie(&app, *api, Some(&signed.cookie)).await, 401, "{api:?} after sign-out");
    }
}

#[tokio::test]
async fn every_admin_write_answers_403_without_the_csrf_token_or_from_another_site() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    for &(verb, path) in ADMIN_APIS.iter().filter(|(verb, _)| *verb != "GET") {
        let url = format!("{}/api/admin{path}", app.url);
        let without =
            app.client.request(method(verb), &url).header("cookie", &signed.cookie).json(&json!({}));
        assert_eq!(without.send().await.unwrap().status().as_u16(), 403, "{verb} {path} without the token");
        let wrong = app
            .client
            .request(method(verb), &url)
            .header("cookie", &signed.cookie)
            .header("x-csrf-token", "0".repeat(64))
            .json(&json!({}));
        assert_eq!(wrong.send().await.unwrap().status().as_u16(), 403, "{verb} {path} with a wrong token");
        let cross_site = app
            .admin(method(verb), path, &signed)
            .header("origin", "https://evil.example")
            .header("sec-fetch-site", "cross-site")
            .json(&json!({}));
        assert_eq!(
            cross_site.send().await.unwrap().status().as_u16(),
            403,
            "{verb} {path} from another site"
        );
    }
    // Reads need no token, and no cache may keep what they answer.
    let read = app.admin(Method::GET, "/posts", &signed).send().await.unwrap();
    assert_eq!(read.status().as_u16(), 200);
    assert_eq!(read.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn a_removed_member_can_neither_sign_in_nor_use_a_session_and_staff_are_kept_from_owner_screens() {
    let app = spawn_app().await;
    app.add_user("gone@example.com", "a former member's secret", "staff").await;
    app.execute("UPDATE users SET removed_at = '2025-06-01T00:00:00.000Z' WHERE email = 'gone@example.com'")
        .await;
    let response = app.login("gone@example.com", "a former member's secret").await;
    assert_eq!(response.status().as_u16(), 401);
    assert_eq!(response.json::<Value>().await.unwrap()["error"], INVALID);

    // A session of an owner made staff since sign-in is kept from the owner's screens, with why.
    let signed = app.signed_in_admin().await;
    app.execute("UPDATE users SET role = 'staff'").await;
    let refused = app.admin(Method::GET, "/posts", &signed).send().await.unwrap();
    assert_eq!(refused.status().as_u16(), 403);
    assert_eq!(refused.json::<Value>().await.unwrap()["error"], trailerworks::auth::guard::OWNERS_ONLY);
    assert_eq!(app.admin(Method::GET, "/today", &signed).send().await.unwrap().status().as_u16(), 200);
    // Removed since: the session ends.
    app.execute("UPDATE users SET removed_at = '2025-06-01T00:00:00.000Z'").await;
    assert_eq!(app.admin(Method::GET, "/today", &signed).send().await.unwrap().status().as_u16(), 401);
}

#[tokio::test]
async fn wrong_passwords_and_unknown_emails_get_the_same_answer() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    for (email, password) in [(ADMIN_EMAIL, "not the right password"), ("nobody@example.com", ADMIN_PASSWORD)]
    {
        let response = app.login(email, password).await;
        assert_eq!(response.status().as_u16(), 401);
        assert!(session_cookie(&response).is_none());
        assert_eq!(response.json::<Value>().await.unwrap(), json!({ "error": INVALID }));
    }
}

#[tokio::test]
async fn sign_in_sets_a_host_only_http_only_lax_secure_cookie_and_stores_only_a_hash() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    let response = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(response.status().as_u16(), 200);
    let set_cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(set_cookie.starts_with("__Host-trailerworks_session="), "{set_cookie}");
    for attribute in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"] {
        assert!(set_cookie.contains(attribute), "{attribute} in {set_cookie}");
    }
    assert!(!set_cookie.contains("Domain"), "{set_cookie}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["user"]["email"], ADMIN_EMAIL);
    assert_eq!(body["user"]["role"], "owner");

    let token = set_cookie.split(';').next().unwrap().split_once('=').unwrap().1.to_owned();
    assert!(token.len() >= 32, "at least 128 random bits");
    let stored: Vec<(String,)> = app.rows("SELECT token_hash FROM sessions").await;
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0].0, token, "the token itself is not stored");
}

#[tokio::test]
async fn signing_in_again_rotates_the_session_and_sign_out_ends_it() {
    let app = spawn_app().await;
    let first = app.signed_in_admin().await;
    let again = app
        .client
        .post(format!("{}/api/admin/login", app.url))
        .header("cookie", &first.cookie)
        .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    let second = session_cookie(&again).expect("a new cookie");
    assert_ne!(second, first.cookie);
    assert_eq!(app.session_email(&first).await, None);
    let body: Value = again.json().await.unwrap();
    let second = Signed { cookie: second, csrf: body["csrfToken"].as_str().unwrap().to_owned() };
    assert_eq!(app.session_email(&second).await.as_deref(), Some(ADMIN_EMAIL));

    let out = app.admin(Method::POST, "/logout", &second).send().await.unwrap();
    assert_eq!(out.status().as_u16(), 204);
    let removal = out.headers()["set-cookie"].to_str().unwrap();
    assert!(removal.contains("Max-Age=0"), "{removal}");
    assert_eq!(app.session_email(&second).await, None);
    assert_eq!(app.count("SELECT COUNT(*) FROM sessions").await, 0);
}

#[tokio::test]
async fn idle_and_old_sessions_are_refused() {
    let app = spawn_app().await;
    let signed = app.signed_in_admin().await;
    app.execute("UPDATE sessions SET last_seen_at = '2020-01-01T00:00:00.000Z'").await;
    assert_eq!(app.session_email(&signed).await, None);

    let fresh = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    app.execute("UPDATE sessions SET created_at = '2020-01-01T00:00:00.000Z'").await;
    assert_eq!(app.session_email(&fresh).await, None);
}

#[tokio::test]
async fn the_sixth_failed_sign_in_in_a_row_gets_429_even_with_the_right_password() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    for attempt in 1..=5 {
        let status = app.login(ADMIN_EMAIL, "not the right password").await.status();
        assert_eq!(status.as_u16(), 401, "attempt {attempt}");
    }
    let sixth = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(sixth.status().as_u16(), 429);
    let wait: u64 = sixth.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(
        sixth.json::<Value>().await.unwrap()["error"]
            .as_str()
            .unwrap()
            .contains("Too many failed sign-in attempts")
    );
    let failures: Vec<(String, i64)> =
        app.rows("SELECT key, failures FROM login_failures ORDER BY key").await;
    assert_eq!(
        failures,
        vec![(format!("account:{ADMIN_EMAIL}"), 5), ("address:127.0.0.1".to_owned(), 5)],
        "throttled attempts are refused before argon2 and do not count"
    );
}

#[tokio::test]
async fn failed_sign_ins_at_the_same_moment_all_count() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    let answers =
        futures_util::future::join_all((0..10).map(|_| app.login(ADMIN_EMAIL, "not the right password")))
            .await;
    let refused = answers.iter().filter(|answer| answer.status().as_u16() == 401).count();
    assert!(refused >= 5, "the first five are checked: {refused}");
    let failures: Vec<(String, i64)> =
        app.rows("SELECT key, failures FROM login_failures ORDER BY key").await;
    let counted = i64::try_from(refused).unwrap();
    assert_eq!(
        failures,
        vec![(format!("account:{ADMIN_EMAIL}"), counted), ("address:127.0.0.1".to_owned(), counted)],
        "every refused attempt counts once, none lost to another"
    );
}

#[tokio::test]
async fn a_count_quiet_for_its_window_starts_again_and_a_longer_wait_keeps_it() {
    let app = spawn_app().await;
    // Twenty minutes ago: past five failures' window (15 min + a 1 min wait), inside ten's
    // (15 min + 32 min).
    let app = &app;
    let twenty_minutes_ago =
        trailerworks::clock::At::from(app.clock.now() - std::time::Duration::from_secs(20 * 60));
    for (key, failures) in [("account:five@example.com", 5), ("account:ten@example.com", 10)] {
        let db = app.db().await;
        trailerworks::with_db!(&db, |pool| {
            sqlx::query("INSERT INTO login_failures VALUES ($1, $2, $3)")
                .bind(key)
                .bind(failures)
                .bind(twenty_minutes_ago)
                .execute(pool)
                .await
                .expect("a row");
        });
    }
    app.login("five@example.com", "not the right password").await;
    assert_eq!(app.login("ten@example.com", "not the right password").await.status().as_u16(), 429);
    app.clock.advance(std::time::Duration::from_secs(13 * 60));
    app.login("ten@example.com", "not the right password").await;
    let failures: Vec<(String, i64)> =
        app.rows("SELECT key, failures FROM login_failures WHERE key LIKE 'account:%' ORDER BY key").await;
    assert_eq!(
        failures,
        [("account:five@example.com".to_owned(), 1), ("account:ten@example.com".to_owned(), 11)]
    );
}

#[tokio::test]
async fn failures_that_no_longer_count_are_forgotten() {
    let app = spawn_app().await;
    app.execute(
        "INSERT INTO login_failures VALUES ('account:old@example.com', 9, '2020-01-01T00:00:00.000Z')",
    )
    .await;
    app.login("someone@example.com", "not the right password").await;
    let keys: Vec<(String,)> = app.rows("SELECT key FROM login_failures ORDER BY key").await;
    assert_eq!(keys, [("account:someone@example.com".to_owned(),), ("address:127.0.0.1".to_owned(),)]);

    let long = format!("{}@example.com", "a".repeat(300));
    assert_eq!(app.login(&long, "whatever it is").await.status().as_u16(), 422);
}

#[tokio::test]
async fn a_weaker_stored_hash_is_replaced_at_the_next_sign_in() {
    use argon2::{Algorithm, Argon2, Params, PasswordHasher as _, Version, password_hash::SaltString};
    let app = spawn_app().await;
    let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
    let weak = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(4096, 1, 1, None).unwrap())
        .hash_password(ADMIN_PASSWORD.as_bytes(), &salt)
        .unwrap()
        .to_string();
    let db = app.db().await;
    trailerworks::with_db!(&db, |pool| {
        sqlx::query(
            "INSERT INTO users (email, password_hash, role, created_at) VALUES ($1, $2, 'owner', '2025-01-01T00:00:00.000Z')",
        )
        .bind(ADMIN_EMAIL)
        .bind(&weak)
        .execute(pool)
        .await
        .unwrap();
    });
    app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let stored: Vec<(String,)> = app.rows("SELECT password_hash FROM users").await;
    assert!(stored[0].0.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored:?}");
}

#[tokio::test]
async fn sign_in_from_another_site_is_refused() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    let response = app
        .client
        .post(format!("{}/api/admin/login", app.url))
        .header("origin", "https://evil.example")
        .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 403);
}

#[tokio::test]
async fn the_audit_log_records_sign_ins_with_the_address_and_publishing() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    app.login(ADMIN_EMAIL, "not the right password").await;
    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let post = json!({
        "title": "Audit me", "slug": "audit-me", "excerpt": "E", "content": "<p>C</p>", "published": true
    });
    assert_eq!(
        app.admin(Method::POST, "/posts", &signed).json(&post).send().await.unwrap().status().as_u16(),
        201
    );

    let log: Value = app.admin(Method::GET, "/audit", &signed).send().await.unwrap().json().await.unwrap();
    let entries: Vec<(String, String, String)> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().into(),
                e["email"].as_str().unwrap().into(),
                e["clientIp"].as_str().unwrap().into(),
            )
        })
        .collect();
    let actions: Vec<&str> = entries.iter().map(|(action, _, _)| action.as_str()).collect();
    assert_eq!(actions, ["post-published", "post-created", "sign-in", "sign-in-failed"]);
    assert!(entries.iter().all(|(_, email, ip)| email == ADMIN_EMAIL && ip == "127.0.0.1"));
    assert!(log["entries"][0]["detail"].as_str().unwrap().contains("/blog/audit-me"));
}

#[tokio::test]
async fn the_audit_log_keeps_action_keys_and_shows_one_action_or_one_members_lines() {
    let app = spawn_app().await;
    app.add_user(ADMIN_EMAIL, ADMIN_PASSWORD, "owner").await;
    app.login("nobody@example.com", "not a password at all").await;
    let signed = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let post =
        json!({ "title": "Keys", "slug": "keys", "excerpt": "E", "content": "<p>C</p>", "published": false });
    assert_eq!(
        app.admin(Method::POST, "/posts", &signed).json(&post).send().await.unwrap().status().as_u16(),
        201
    );
    let stored: Vec<(String,)> = app.rows("SELECT action FROM audit_log ORDER BY id").await;
    assert_eq!(
        stored,
        [("sign-in-failed".to_owned(),), ("sign-in".to_owned(),), ("post-created".to_owned(),)]
    );

    let all = app.admin_json("/audit", &signed).await;
    assert_eq!(all["entries"][0]["what"], "post created", "the sentence is made when shown");
    let actions = all["actions"].as_array().expect("the actions");
    assert!(actions.contains(&json!({ "action": "sign-in-failed", "sentence": "sign-in failed" })));
    assert!(!actions.iter().any(|a| a["action"] == "earlier"), "nothing new is written as earlier");
    let member = all["members"][0]["id"].as_i64().expect("a member");

    let failed = app.admin_json("/audit?action=sign-in-failed", &signed).await;
    let emails: Vec<&str> =
        failed["entries"].as_array().unwrap().iter().map(|e| e["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["nobody@example.com"]);
    let theirs = app.admin_json(&format!("/audit?member={member}"), &signed).await;
    let keys: Vec<&str> =
        theirs["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(keys, ["post-created", "sign-in"], "a stranger's failed sign-in is nobody's");
    let both = app.admin_json(&format!("/audit?member={member}&action=sign-in"), &signed).await;
    assert_eq!(both["entries"].as_array().map(Vec::len), Some(1));
    let unknown = app.admin(Method::GET, "/audit?action=post%20created", &signed).send().await.unwrap();
    assert_eq!(unknown.status().as_u16(), 400, "words are not an action");
}

#[tokio::test]
async fn the_admin_area_is_one_client_rendered_document_that_is_never_indexed() {
    let app = spawn_app().await;
    for path in ["/dbadmin", "/dbadmin/dashboard", "/dbadmin/posts/edit/7"] {
        let html = app.page(path, 200).await;
        assert!(html.contains(r#"<meta name="robots" content="noindex, nofollow">"#), "{path}");
        assert!(html.contains(r#"<div id="root"></div>"#), "{path}");
        assert!(!html.contains("entry-client"), "the public bundle is not loaded on {path}");
    }
}
