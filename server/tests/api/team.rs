//! The shop's team: every admin operation answers as the role the API document states for it;
//! invitations work once, for 7 days, with one answer for any link that does not work; removing
//! a member ends their sessions and devices at once; the response figures name who answered
//! first. On SQLite and on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::auth::guard::OWNERS_ONLY;

use crate::{
    bookings::booking,
    helpers::{ADMIN_EMAIL, Signed, TestApp, spawn_app},
    openapi::operations,
    push::emergency,
    scheduling::{app_with_mail, read_mail},
};

pub const STAFF_PASSWORD: &str = "a long enough staff secret";
const LINK_GONE: &str =
    "This invitation has been used, was withdrawn or has expired. Ask the shop's owner for a new one.";

/// Invites `email` as `role` with the owner's session: the invitation's token.
async fn invite(app: &TestApp, owner: &Signed, email: &str, role: &str) -> String {
    let response = app
        .admin(Method::POST, "/team/invitations", owner)
        .json(&json!({ "name": "Ana Ruiz", "email": email, "role": role }))
        .send()
        .await
        .expect("a response");
    assert_eq!(response.status().as_u16(), 201, "the invitation is made");
    let invited: Value = response.json().await.expect("JSON");
    let link = invited["link"].as_str().expect("a link");
    link.rsplit('/').next().expect("a token").to_owned()
}

async fn join(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.post_json(&format!("/api/admin/invitation/{token}"), &json!({ "newPassword": password })).await
}

/// A staff member invited by the owner, who joined and signed in.
pub async fn staff_member(app: &TestApp, owner: &Signed, email: &str) -> Signed {
    let token = invite(app, owner, email, "staff").await;
    assert_eq!(join(app, &token, STAFF_PASSWORD).await.status().as_u16(), 201);
    app.sign_in(email, STAFF_PASSWORD).await
}

/// Sends `method` to `path` of the admin API as `who` (none: no session), with an empty JSON body
/// for a write: what matters here is whether the session gets past the role.
async fn status(app: &TestApp, method: &str, path: &str, who: Option<&Signed>) -> (u16, Value) {
    let method: Method = method.to_uppercase().parse().expect("a method");
    let write = method != Method::GET;
    let request = match who {
        Some(signed) => app.admin(method, path, signed),
        None => app.client.request(method, format!("{}/api/admin{path}", app.url)),
    };
    let request = if write { request.json(&json!({})) } else { request };
    let response = request.send().await.expect("a response");
    let status = response.status().as_u16();
    // The live feed is a stream that does not end: its status is enough.
    let body = if path == "/live" { Value::Null } else { response.json().await.unwrap_or(Value::Null) };
    (status, body)
}

#[tokio::test]
async fn every_admin_operation_answers_an_owner_staff_and_no_one_as_its_stated_role_says() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let staff = staff_member(&app, &owner, "ana@example.com").await;
    let document: Value = app.get("/api/openapi.json").await.json().await.expect("the API document");
    let mut checked = 0;
    for (method, path, operation) in operations(&document) {
        let Some(roles) = operation["security"][0]["session"].as_array() else {
            // Sign-in, the password reset, an invitation's link and the public API: no session.
            continue;
        };
        let roles: Vec<&str> = roles.iter().filter_map(Value::as_str).collect();
        assert!(roles.contains(&"owner"), "{method} {path} states its roles: {roles:?}");
        let path = path.strip_prefix("/api/admin").expect("an admin path");
        let path = ["{id}", "{note}", "{revision}"]
            .iter()
            .fold(path.to_owned(), |path, name| path.replace(name, "999999"));
        let (anyone, _) = status(&app, &method, &path, None).await;
        assert_eq!(anyone, 401, "{method} {path} without a session");
        let (as_staff, body) = status(&app, &method, &path, Some(&staff)).await;
        if roles.contains(&"staff") {
            assert!(![401, 403].contains(&as_staff), "{method} {path} is staff's too: {as_staff} {body}");
        } else {
            assert_eq!(
                (as_staff, body["error"].as_str()),
                (403, Some(OWNERS_ONLY)),
                "{method} {path} for staff"
            );
        }
        let (as_owner, body) = status(&app, &method, &path, Some(&owner)).await;
        assert!(![401, 403].contains(&as_owner), "{method} {path} for the owner: {as_owner} {body}");
        checked += 1;
    }
    assert!(checked > 60, "every admin operation is checked ({checked})");
}

#[tokio::test]
async fn an_invitation_is_e_mailed_works_once_and_every_link_that_does_not_work_gets_one_answer() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    let response = app
        .admin(Method::POST, "/team/invitations", &owner)
        .json(&json!({ "name": "  Ana Ruiz ", "email": "Ana@Example.com", "role": "staff" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(response.status().as_u16(), 201);
    let invited: Value = response.json().await.expect("JSON");
    assert_eq!(invited["emailed"], true);
    let link = invited["link"].as_str().expect("a link");
    assert!(link.contains("/dbadmin/join/"), "{link}");
    let mail = read_mail(&mailbox.messages()[0]);
    assert!(mail.to.contains("ana@example.com"), "{}", mail.to);
    assert!(mail.text.contains(link), "{}", mail.text);
    let token = link.rsplit('/').next().expect("a token");
    // Only the link's hash is kept.
    let kept: Vec<(String,)> = app.rows("SELECT token_hash FROM invitations").await;
    assert!(kept.iter().all(|(hash,)| hash != token), "{kept:?}");

    let team = app.admin_json("/team", &owner).await;
    assert_eq!(team["invitations"][0]["email"], "ana@example.com");
    assert_eq!(team["invitations"][0]["name"], "Ana Ruiz");
    assert_eq!(team["invitations"][0]["invitedBy"], ADMIN_EMAIL);
    let shown = app.get(&format!("/api/admin/invitation/{token}")).await;
    assert_eq!(shown.status().as_u16(), 200);
    let shown: Value = shown.json().await.expect("JSON");
    assert_eq!((shown["email"].as_str(), shown["role"].as_str()), (Some("ana@example.com"), Some("staff")));

    let short = join(&app, token, "short").await;
    assert_eq!(short.status().as_u16(), 422);
    assert_eq!(join(&app, token, STAFF_PASSWORD).await.status().as_u16(), 201);
    let staff = app.sign_in("ana@example.com", STAFF_PASSWORD).await;
    let session: Value = app
        .admin(Method::GET, "/session", &staff)
        .send()
        .await
        .expect("a response")
        .json()
        .await
        .expect("JSON");
    assert_eq!(session["user"]["role"], "staff");

    // Used, unknown, withdrawn, expired: one answer.
    let mut gone = vec![token.to_owned(), "0".repeat(64)];
    let withdrawn = invite(&app, &owner, "ben@example.com", "staff").await;
    let team = app.admin_json("/team", &owner).await;
    let id = team["invitations"][0]["id"].as_i64().expect("an id");
    let removed = app
        .admin(Method::DELETE, &format!("/team/invitations/{id}"), &owner)
        .send()
        .await
        .expect("a response");
    assert_eq!(removed.status().as_u16(), 204);
    gone.push(withdrawn);
    let expiring = invite(&app, &owner, "cal@example.com", "owner").await;
    app.clock.advance(std::time::Duration::from_secs(7 * 24 * 3600 + 60));
    gone.push(expiring);
    for token in &gone {
        let shown = app.get(&format!("/api/admin/invitation/{token}")).await;
        assert_eq!(shown.status().as_u16(), 410, "{token}");
        assert_eq!(shown.json::<Value>().await.expect("JSON")["error"], LINK_GONE);
        let used = join(&app, token, STAFF_PASSWORD).await;
        assert_eq!(used.status().as_u16(), 410, "{token}");
        assert_eq!(used.json::<Value>().await.expect("JSON")["error"], LINK_GONE);
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM users WHERE removed_at IS NULL").await, 2);
}

#[tokio::test]
async fn a_member_already_on_the_team_is_not_invited_again() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let again = app
        .admin(Method::POST, "/team/invitations", &owner)
        .json(&json!({ "name": "Me", "email": ADMIN_EMAIL.to_uppercase(), "role": "staff" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(again.status().as_u16(), 409);
    let blank = app
        .admin(Method::POST, "/team/invitations", &owner)
        .json(&json!({ "name": " ", "email": "not an address", "role": "staff" }))
        .send()
        .await
        .expect("a response");
    assert_eq!(blank.status().as_u16(), 422);
    let errors: Value = blank.json().await.expect("JSON");
    assert!(errors["errors"]["name"].is_array() && errors["errors"]["email"].is_array(), "{errors}");
}

#[tokio::test]
async fn removing_a_member_ends_their_sessions_and_devices_at_once_and_keeps_their_name() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let staff = staff_member(&app, &owner, "ana@example.com").await;
    let id = app.count("SELECT id FROM users WHERE email = 'ana@example.com'").await;
    app.execute(
        "INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name, created_at)
         SELECT id, 'https://push.example.com/ana', 'k', 'a', 'Ana''s phone', '2026-01-05T15:00:00.000Z'
         FROM users WHERE email = 'ana@example.com'",
    )
    .await;
    let status = |signed: &Signed, path: &str| {
        let request = app.admin(Method::GET, path, signed);
        async move { request.send().await.expect("a response").status().as_u16() }
    };
    assert_eq!(status(&staff, "/today").await, 200);
    // Staff see their own devices only; the owner sees the shop's.
    assert_eq!(
        app.admin_json("/push-subscriptions", &staff).await["devices"].as_array().map(Vec::len),
        Some(1)
    );

    let myself = app.admin(Method::DELETE, "/team/members/1", &owner).send().await.expect("a response");
    assert_eq!(myself.status().as_u16(), 409);
    let removed =
        app.admin(Method::DELETE, &format!("/team/members/{id}"), &owner).send().await.expect("a response");
    assert_eq!(removed.status().as_u16(), 204);
    assert_eq!(status(&staff, "/today").await, 401, "the session ended");
    assert_eq!(app.count("SELECT COUNT(*) FROM push_devices").await, 0);
    assert_eq!(app.login("ana@example.com", STAFF_PASSWORD).await.status().as_u16(), 401);
    let team = app.admin_json("/team", &owner).await;
    assert_eq!(team["members"].as_array().map(Vec::len), Some(1));
    let audit = app.admin_json("/audit", &owner).await;
    let removed =
        audit["entries"].as_array().expect("entries").iter().find(|e| e["action"] == "member-removed");
    assert_eq!(removed.expect("a line")["what"], "removed from the team", "{audit}");

    // Invited again, they come back as the same member, so the history keeps one name.
    let back = staff_member(&app, &owner, "ana@example.com").await;
    assert_eq!(status(&back, "/today").await, 200);
    assert_eq!(app.count("SELECT id FROM users WHERE email = 'ana@example.com'").await, id);
}

#[tokio::test]
async fn whoever_says_i_ve_got_it_first_has_the_request_and_the_team_sees_who() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let staff = staff_member(&app, &owner, "ana@example.com").await;
    let stored: Value = app
        .post_json("/api/bookings", &crate::bookings::booking("taken-0001"))
        .await
        .json()
        .await
        .expect("JSON");
    let id = stored["id"].as_i64().expect("an id");
    let take = |signed: &Signed| {
        let request = app.admin(Method::POST, &format!("/bookings/{id}/take"), signed);
        async move {
            let response = request.send().await.expect("a response");
            assert_eq!(response.status().as_u16(), 200);
            response.json::<Value>().await.expect("JSON")
        }
    };
    let taken = take(&staff).await;
    assert_eq!(taken["by"], "Ana Ruiz");
    // The owner's later tap changes nothing: Ana has it.
    assert_eq!(take(&owner).await["by"], "Ana Ruiz");
    let page = app.admin_json(&format!("/bookings/{id}"), &owner).await;
    assert_eq!(page["taken"]["by"], "Ana Ruiz");
    let history: Vec<(&str, &str)> = page["history"]
        .as_array()
        .expect("a history")
        .iter()
        .map(|entry| (entry["kind"].as_str().unwrap_or(""), entry["by"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(history, [("taken", "Ana Ruiz")], "taken once, by Ana, named as on Today");
    // Taking is not answering the customer: the request still waits for its first response.
    assert!(page["booking"]["firstResponseAt"].is_null());
    let today = app.admin_json("/today", &owner).await;
    assert_eq!(today["unanswered"]["shown"][0]["takenBy"], "Ana Ruiz");
    let missing = app.admin(Method::POST, "/bookings/999999/take", &staff).send().await.expect("a response");
    assert_eq!(missing.status().as_u16(), 404);
    // A cancelled request has nothing to take.
    let mut other = crate::bookings::booking("taken-0002");
    other["email"] = json!("other@example.com");
    let other: Value = app.post_json("/api/bookings", &other).await.json().await.expect("JSON");
    let other = other["id"].as_i64().expect("an id");
    let cancel = app
        .admin(Method::PUT, &format!("/bookings/{other}/status"), &owner)
        .json(&json!({ "status": "cancelled" }));
    assert_eq!(cancel.send().await.expect("a response").status().as_u16(), 200);
    let closed =
        app.admin(Method::POST, &format!("/bookings/{other}/take"), &staff).send().await.expect("a response");
    assert_eq!(closed.status().as_u16(), 409);
}

#[tokio::test]
async fn the_response_figures_say_who_answered_first_and_how_fast() {
    let app = spawn_app().await;
    let owner = app.signed_in_admin().await;
    let ana = staff_member(&app, &owner, "ana@example.com").await;
    let mut ids = Vec::new();
    for (n, body) in
        [emergency("people-0001"), booking("people-0002"), booking("people-0003")].into_iter().enumerate()
    {
        let mut body = body;
        body["email"] = json!(format!("customer{n}@example.com"));
        let stored: Value = app.post_json("/api/bookings", &body).await.json().await.expect("JSON");
        ids.push(stored["id"].as_i64().expect("an id"));
    }
    app.clock.advance(std::time::Duration::from_secs(4 * 60));
    // Ana calls the emergency and the first request; the owner calls the first after her (not
    // its first response) and answers the second with a status.
    for (id, who) in [(ids[0], &ana), (ids[1], &ana), (ids[1], &owner)] {
        let call =
            app.admin(Method::POST, &format!("/bookings/{id}/contact"), who).json(&json!({ "how": "call" }));
        assert_eq!(call.send().await.expect("a response").status().as_u16(), 204);
    }
    let status = app
        .admin(Method::PUT, &format!("/bookings/{}/status", ids[2]), &owner)
        .json(&json!({ "status": "contacted" }));
    assert_eq!(status.send().await.expect("a response").status().as_u16(), 200);
    let people = app.admin_json("/today", &owner).await["response"]["people"].clone();
    assert_eq!(people[0]["name"], "Ana Ruiz", "most answers first: {people}");
    assert_eq!(people[0]["emergencies"]["count"], 1);
    assert_eq!(people[0]["emergencies"]["medianMinutes"], 4);
    assert_eq!(people[0]["others"]["count"], 1);
    assert_eq!(people[1]["name"], ADMIN_EMAIL, "{people}");
    assert_eq!(
        (people[1]["emergencies"]["count"].clone(), people[1]["others"]["count"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(people.as_array().map(Vec::len), Some(2));
}
