//! Deposits paid: the customer opens Stripe's payment page for what is left of an approved
//! quote's deposit (one session however often they tap), Stripe's signed event records the
//! payment once (unsigned, stale or wrongly signed ones get 400 and change nothing; a duplicate
//! or a second instance changes nothing twice), a refund is kept beside it, and the team records
//! a payment by hand. The request's page, Today and the customer's page show it; the customer
//! gets a receipt. On SQLite and on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};
use trailerworks::billing::stripe_signature::sign;

use crate::{
    helpers::{Signed, TestApp, spawn_app_at},
    quote_answers::{drafted, mails, post, token_in},
    quotes::send,
    scheduling::app_with_mail,
    stand_ins::Mailbox,
    stripe_stand_in::{self, StripeStandIn, WEBHOOK_SECRET},
};

/// A quote of a new request, e-mailed and approved by the customer: its id and the page's token.
pub async fn approved(app: &TestApp, owner: &Signed, mailbox: &Mailbox, submission: &str) -> (i64, String) {
    let (_, id) = drafted(app, owner, submission).await;
    let sent = json!({ "email": true, "text": false });
    assert_eq!(send(app, owner, Method::POST, &format!("/quotes/{id}/send"), Some(&sent)).await.0, 200);
    app.deliver_due().await;
    let mail = mails(mailbox, "jamie@example.com").into_iter().next_back().expect("the quote's e-mail");
    let token = token_in(&mail);
    let approve = format!("/api/manage/{token}/quotes/{id}/approve");
    let (status, page) =
        post(app, &approve, &json!({ "option": 0, "optional": [], "name": "Jamie Ortiz" })).await;
    assert_eq!(status, 200, "{page}");
    (id, token)
}

/// `$312.50`, as the e-mails write an amount.
fn dollars(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

fn completed(event: &str, session: &str, quote: i64, cents: i64) -> String {
    paid_event(event, session, ("quote", quote), cents)
}

/// Stripe's event of Checkout Session `session` paid `cents` toward `paid_for` ("invoice", 7).
pub fn paid_event(event: &str, session: &str, paid_for: (&str, i64), cents: i64) -> String {
    let (kind, id) = paid_for;
    json!({
        "id": event, "object": "event", "type": "checkout.session.completed",
        "data": { "object": {
            "id": session, "object": "checkout.session", "amount_total": cents, "currency": "usd",
            "payment_status": "paid", "payment_intent": format!("pi_{session}"),
            "client_reference_id": format!("{kind}-{id}"),
            "metadata": { kind: id.to_string() }
        } }
    })
    .to_string()
}

fn refunded(event: &str, session: &str, cents: i64) -> String {
    json!({
        "id": event, "object": "event", "type": "charge.refunded",
        "data": { "object": { "id": "ch_1", "object": "charge", "amount_refunded": cents, "payment_intent": format!("pi_{session}") } }
    })
    .to_string()
}

/// Posts `body` to the webhook with `signature` (none: no header); the status.
pub async fn deliver(app: &TestApp, body: &str, signature: Option<String>) -> u16 {
    let mut request = app
        .client
        .post(format!("{}/api/stripe/webhook", app.url))
        .header("content-type", "application/json")
        .body(body.to_owned());
    if let Some(signature) = signature {
        request = request.header("Stripe-Signature", signature);
    }
    request.send().await.expect("a response").status().as_u16()
}

/// `body` signed now on the app's clock with the endpoint's secret.
pub fn signed(app: &TestApp, body: &str) -> Option<String> {
    Some(sign(WEBHOOK_SECRET, app.clock.now().as_second(), body.as_bytes()))
}

pub async fn page(app: &TestApp, token: &str) -> Value {
    app.get(&format!("/api/manage/{token}")).await.json().await.expect("JSON")
}

async fn payments(app: &TestApp) -> i64 {
    app.count("SELECT COUNT(*) FROM payments").await
}

pub async fn with_stripe() -> (TestApp, Mailbox, StripeStandIn) {
    let stripe = stripe_stand_in::stripe(json!([])).await;
    let (app, mailbox) = app_with_mail(|c| stripe.configure(c)).await;
    (app, mailbox, stripe)
}

#[tokio::test]
async fn a_deposit_is_paid_online_once_however_often_stripe_says_so() {
    let (app, mailbox, stripe) = with_stripe().await;
    let owner = app.signed_in_admin().await;
    let (id, token) = approved(&app, &owner, &mailbox, "pay-online-0001").await;

    let shown = &page(&app, &token).await["quotes"][0];
    let deposit = shown["depositStanding"]["asked"].as_i64().expect("a deposit");
    assert!(deposit > 0, "{shown}");
    assert_eq!(
        (shown["depositStanding"]["due"].as_i64(), shown["payOnline"].as_bool()),
        (Some(deposit), Some(true))
    );

    // Two taps make one payment page.
    let pay = format!("/api/manage/{token}/quotes/{id}/pay");
    let (status, paying) = post(&app, &pay, &json!({})).await;
    assert_eq!(status, 200, "{paying}");
    let (_, again) = post(&app, &pay, &json!({})).await;
    assert_eq!(paying["url"], again["url"]);
    assert_eq!((stripe.asked(), stripe.sessions().len()), (2, 1));
    let session = &stripe.sessions()[0];
    assert_eq!(paying["url"], format!("{}/pay/{}", stripe.url, session["id"]));
    assert_eq!(session["mode"], "payment");
    assert_eq!(session["line_items[0][price_data][unit_amount]"], deposit.to_string());
    assert_eq!(session["line_items[0][price_data][currency]"], "usd");
    assert!(session["line_items[0][price_data][product_data][name]"].starts_with("Deposit for quote Q-"));
    assert_eq!(
        (session["metadata[quote]"].clone(), session["client_reference_id"].clone()),
        (id.to_string(), format!("quote-{id}"))
    );
    assert_eq!(
        session["success_url"],
        format!("https://trailers.example.com/booking/{token}?paid=quote-{id}")
    );
    assert_eq!(session["cancel_url"], format!("https://trailers.example.com/booking/{token}"));
    assert_eq!(session["customer_email"], "jamie@example.com");
    assert!(!session["idempotency-key"].is_empty());

    // The event, posted twice, signed with another secret, 6 minutes old, and unsigned.
    let event = completed("evt_paid_1", &session["id"], id, deposit);
    assert_eq!(deliver(&app, &event, signed(&app, &event)).await, 200);
    assert_eq!(deliver(&app, &event, signed(&app, &event)).await, 200);
    let now = app.clock.now().as_second();
    assert_eq!(deliver(&app, &event, Some(sign("whsec_another", now, event.as_bytes()))).await, 400);
    assert_eq!(deliver(&app, &event, Some(sign(WEBHOOK_SECRET, now - 360, event.as_bytes()))).await, 400);
    assert_eq!(deliver(&app, &event, None).await, 400);
    assert_eq!(payments(&app).await, 1);
    // Another event of the same session (a retry under a new id) pays nothing twice either.
    let retried = completed("evt_paid_2", &session["id"], id, deposit);
    assert_eq!(deliver(&app, &retried, signed(&app, &retried)).await, 200);
    assert_eq!(payments(&app).await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM stripe_events").await, 2);

    // The request's quote, Today and the customer's page show it.
    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert_eq!(quote["payments"].as_array().map(Vec::len), Some(1), "{quote}");
    assert_eq!(
        (quote["payments"][0]["amount"].as_i64(), quote["payments"][0]["method"].as_str()),
        (Some(deposit), Some("online"))
    );
    assert_eq!(
        (quote["depositStanding"]["paid"].as_i64(), quote["depositStanding"]["due"].as_i64()),
        (Some(deposit), Some(0))
    );
    let today = app.admin_json("/today", &owner).await;
    assert_eq!(today["depositsPaid"]["total"], 1, "{}", today["depositsPaid"]);
    let listed = &today["depositsPaid"]["shown"][0];
    assert_eq!((listed["quoteId"].as_i64(), listed["name"].as_str()), (Some(id), Some("Jamie Ortiz")));
    assert_eq!((listed["payment"]["amount"].as_i64(), listed["left"].as_i64()), (Some(deposit), Some(0)));
    let shown = &page(&app, &token).await["quotes"][0];
    assert_eq!(
        (shown["depositStanding"]["due"].as_i64(), shown["payOnline"].as_bool()),
        (Some(0), Some(false))
    );
    assert_eq!(shown["payments"][0]["method"], "online");
    let (status, nothing) = post(&app, &pay, &json!({})).await;
    assert_eq!(
        (status, nothing["error"].as_str()),
        (409, Some("Nothing is left to pay on this quote's deposit. Thank you!"))
    );
    let cash = json!({ "amount": 100, "method": "cash" });
    let (status, _) = send(&app, &owner, Method::POST, &format!("/quotes/{id}/payments"), Some(&cash)).await;
    assert_eq!(status, 409, "nothing is left to record");
    let booking = app.admin_json(&format!("/bookings/{}", quote["bookingId"]), &owner).await;
    assert!(
        booking
            .to_string()
            .contains(&format!("{} paid online toward the deposit for quote", dollars(deposit))),
        "the history says so"
    );

    // The receipt, once.
    app.deliver_due().await;
    let receipts: Vec<_> = mails(&mailbox, "jamie@example.com")
        .into_iter()
        .filter(|mail| mail.subject.starts_with("Receipt for your deposit on quote Q-"))
        .collect();
    assert_eq!(receipts.len(), 1);
    assert!(
        receipts[0].text.contains(&format!("we received {} online", dollars(deposit))),
        "{}",
        receipts[0].text
    );
    assert!(receipts[0].text.contains("/booking/"), "a link to their page");
    assert!(!receipts[0].text.contains("dbadmin"));
}

#[tokio::test]
async fn refunds_are_kept_and_events_out_of_order_change_nothing_twice() {
    let (app, mailbox, _stripe) = with_stripe().await;
    let owner = app.signed_in_admin().await;
    let (id, token) = approved(&app, &owner, &mailbox, "pay-refund-0001").await;
    let deposit =
        page(&app, &token).await["quotes"][0]["depositStanding"]["asked"].as_i64().expect("a deposit");

    // A refund heard before its payment is refused, so Stripe sends it again later.
    let early = refunded("evt_refund_1", "cs_r", 1000);
    assert_eq!(deliver(&app, &early, signed(&app, &early)).await, 409);
    assert_eq!(app.count("SELECT COUNT(*) FROM stripe_events").await, 0);
    let paid = completed("evt_paid_r", "cs_r", id, deposit);
    assert_eq!(deliver(&app, &paid, signed(&app, &paid)).await, 200);
    assert_eq!(deliver(&app, &early, signed(&app, &early)).await, 200);
    let more = refunded("evt_refund_2", "cs_r", 2500);
    assert_eq!(deliver(&app, &more, signed(&app, &more)).await, 200);
    // An older refund event, late, lowers nothing.
    let older = refunded("evt_refund_0", "cs_r", 500);
    assert_eq!(deliver(&app, &older, signed(&app, &older)).await, 200);
    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert_eq!(quote["payments"][0]["refunded"], 2500, "{quote}");
    assert_eq!(quote["depositStanding"]["paid"], deposit - 2500);
    assert_eq!(quote["depositStanding"]["due"], 2500);
    let shown = &page(&app, &token).await["quotes"][0];
    assert_eq!(
        (shown["payOnline"].as_bool(), shown["payments"][0]["refunded"].as_i64()),
        (Some(true), Some(2500))
    );

    // A bank debit that failed pays nothing and tells the team.
    let failed = json!({
        "id": "evt_failed", "type": "checkout.session.async_payment_failed",
        "data": { "object": { "id": "cs_f", "payment_status": "unpaid", "metadata": { "quote": id.to_string() } } }
    })
    .to_string();
    assert_eq!(deliver(&app, &failed, signed(&app, &failed)).await, 200);
    assert_eq!(payments(&app).await, 1);
    let booking = app.admin_json(&format!("/bookings/{}", quote["bookingId"]), &owner).await;
    assert!(booking.to_string().contains("bank payment toward the deposit for quote"), "{booking}");
    // Not JSON, though signed.
    assert_eq!(deliver(&app, "not an event", signed(&app, "not an event")).await, 400);
}

#[tokio::test]
async fn the_team_records_a_deposit_paid_at_the_shop_and_the_customer_gets_a_receipt() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    let (_, draft) = drafted(&app, &owner, "pay-by-hand-0001").await;
    let check = json!({ "amount": 5000, "method": "check", "note": " check #1042 " });
    let path = |id: i64| format!("/quotes/{id}/payments");
    let (status, refused) = send(&app, &owner, Method::POST, &path(draft), Some(&check)).await;
    assert_eq!(status, 409, "not approved yet: {refused}");

    let (id, token) = approved(&app, &owner, &mailbox, "pay-by-hand-0002").await;
    for (bad, field) in [
        (json!({ "amount": 0, "method": "cash" }), "amount"),
        (json!({ "amount": 7446, "method": "cash" }), "amount"),
        (json!({ "amount": 100, "method": "online" }), "method"),
        (json!({ "amount": 100, "method": "cash", "note": "x".repeat(201) }), "note"),
    ] {
        let (status, body) = send(&app, &owner, Method::POST, &path(id), Some(&bad)).await;
        assert_eq!(status, 422, "{body}");
        assert!(body["errors"][field].is_array(), "{body}");
    }
    let (status, quote) = send(&app, &owner, Method::POST, &path(id), Some(&check)).await;
    assert_eq!(status, 201, "{quote}");
    let payment = &quote["payments"][0];
    assert_eq!((payment["method"].as_str(), payment["note"].as_str()), (Some("check"), Some("check #1042")));
    assert_eq!(payment["recordedBy"], "owner@example.com");
    assert_eq!(quote["depositStanding"]["paid"], 5000);
    let actions =
        app.rows::<(String,)>("SELECT detail FROM audit_log WHERE action = 'payment-recorded'").await;
    assert_eq!(actions.len(), 1);
    assert!(actions[0].0.starts_with("$50.00 by check for quote Q-"), "{}", actions[0].0);

    // Without Stripe, the customer's page says how to pay instead of a button.
    let shown = &page(&app, &token).await["quotes"][0];
    assert_eq!(shown["payOnline"], false);
    let (status, how) = post(&app, &format!("/api/manage/{token}/quotes/{id}/pay"), &json!({})).await;
    assert_eq!(status, 409);
    assert!(
        how["error"].as_str().is_some_and(|error| error.starts_with("We do not take payments online yet")),
        "{how}"
    );
    let event = completed("evt_x", "cs_x", id, 100);
    assert_eq!(deliver(&app, &event, signed(&app, &event)).await, 400, "no webhook without Stripe");

    app.deliver_due().await;
    let receipt = mails(&mailbox, "jamie@example.com")
        .into_iter()
        .find(|mail| mail.subject.starts_with("Receipt for your deposit"))
        .expect("a receipt");
    assert!(receipt.text.contains("we received $50.00 by check"), "{}", receipt.text);
    assert!(receipt.text.contains("Note: check #1042"), "{}", receipt.text);
    assert!(receipt.text.contains("Left to pay: $"), "{}", receipt.text);
}

#[tokio::test]
async fn two_instances_hearing_the_same_event_at_once_record_one_payment() {
    let stripe = stripe_stand_in::stripe(json!([])).await;
    let (first, mailbox) = app_with_mail(|c| stripe.configure(c)).await;
    let owner = first.signed_in_admin().await;
    let (id, _) = approved(&first, &owner, &mailbox, "pay-twice-0001").await;
    let second = spawn_app_at(first.storage.clone(), |c| stripe.configure(c)).await;
    for round in 0..5 {
        let event = completed(&format!("evt_race_{round}"), &format!("cs_race_{round}"), id, 1000 + round);
        let (a, b) = tokio::join!(
            deliver(&first, &event, signed(&first, &event)),
            deliver(&second, &event, signed(&second, &event))
        );
        assert_eq!((a, b), (200, 200));
    }
    assert_eq!(payments(&first).await, 5, "one payment per event");
    assert_eq!(first.count("SELECT COUNT(*) FROM stripe_events").await, 5);
}

#[tokio::test]
async fn doctor_checks_the_key_and_the_webhook_endpoint_at_the_public_url() {
    let storage = crate::helpers::TestStorage::new().await;
    let webhook = "https://www.example.com/api/stripe/webhook";
    let events = ["checkout.session.completed", "checkout.session.async_payment_succeeded"];
    let doctor = |stripe: &StripeStandIn, key: &str| {
        let flags = [
            "--public-url".to_owned(),
            "https://www.example.com".to_owned(),
            "--stripe-secret-key".to_owned(),
            key.to_owned(),
            "--stripe-webhook-secret".to_owned(),
            WEBHOOK_SECRET.to_owned(),
            "--stripe-api-url".to_owned(),
            stripe.url.clone(),
        ];
        let storage = storage.config.clone();
        async move {
            let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
            crate::operations::doctor(&storage, &flags).await.1
        }
    };
    let none = stripe_stand_in::stripe(json!([])).await;
    let said = doctor(&none, stripe_stand_in::SECRET_KEY).await;
    assert!(
        said.contains(&format!("FAIL  Payments: account acct_standin has no webhook endpoint at {webhook}")),
        "{said}"
    );
    let said = doctor(&none, "sk_test_wrong").await;
    assert!(
        said.contains("FAIL  Payments: Stripe answered 401 Unauthorized: Invalid API Key provided"),
        "{said}"
    );
    assert!(!said.contains("sk_test_wrong"), "the key is never shown");
    let some =
        stripe_stand_in::stripe(json!([{ "url": webhook, "status": "enabled", "enabled_events": events }]))
            .await;
    let said = doctor(&some, stripe_stand_in::SECRET_KEY).await;
    assert!(said.contains("does not send checkout.session.async_payment_failed, charge.refunded"), "{said}");
    let all =
        stripe_stand_in::stripe(json!([{ "url": webhook, "status": "enabled", "enabled_events": ["*"] }]))
            .await;
    let said = doctor(&all, stripe_stand_in::SECRET_KEY).await;
    assert!(
        said.contains(&format!(
            "ok    Payments: account acct_standin takes payments; events arrive at {webhook}"
        )),
        "{said}"
    );
    let (_, said) =
        crate::operations::doctor(&storage.config, &["--public-url", "https://www.example.com"]).await;
    assert!(said.contains("skip  Payments: not set up"), "{said}");
}

#[tokio::test]
async fn the_owner_refunds_a_payment_at_the_shop_or_online_and_staff_cannot() {
    let (app, mailbox, stripe) = with_stripe().await;
    let owner = app.signed_in_admin().await;
    let (id, token) = approved(&app, &owner, &mailbox, "refund-0001").await;
    let cash = json!({ "amount": 3000, "method": "cash" });
    let (_, quote) = send(&app, &owner, Method::POST, &format!("/quotes/{id}/payments"), Some(&cash)).await;
    let at_shop = quote["payments"][0]["id"].as_i64().expect("a payment");
    let deposit = quote["depositStanding"]["asked"].as_i64().expect("a deposit");
    let paid = completed("evt_online", "cs_online", id, deposit - 3000);
    assert_eq!(deliver(&app, &paid, signed(&app, &paid)).await, 200);
    let online = app.admin_json(&format!("/quotes/{id}"), &owner).await["payments"][1]["id"]
        .as_i64()
        .expect("a payment");

    app.add_user("staff@example.com", "a staff password 123", "staff").await;
    let staff = app.sign_in("staff@example.com", "a staff password 123").await;
    let back = json!({ "amount": 1000, "reason": "Job smaller than quoted" });
    let (status, _) =
        send(&app, &staff, Method::POST, &format!("/payments/{at_shop}/refund"), Some(&back)).await;
    assert_eq!(status, 403, "refunds are the owner's");
    let (status, body) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/payments/{at_shop}/refund"),
        Some(&json!({ "amount": 3001, "reason": "x" })),
    )
    .await;
    assert_eq!(
        (status, body["errors"]["amount"][0].as_str()),
        (422, Some("At most $30.00 of this payment is left to refund"))
    );
    let (status, body) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/payments/{at_shop}/refund"),
        Some(&json!({ "amount": 100, "reason": " " })),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    let (status, payment) =
        send(&app, &owner, Method::POST, &format!("/payments/{at_shop}/refund"), Some(&back)).await;
    assert_eq!(status, 200, "{payment}");
    assert_eq!(payment["refunded"], 1000);
    assert_eq!(app.admin_json(&format!("/quotes/{id}"), &owner).await["depositStanding"]["due"], 1000);
    assert!(stripe.refunds().is_empty(), "cash goes back by hand");

    // Online: the card is refunded through Stripe; its event, when it comes, adds nothing.
    let (status, payment) =
        send(&app, &owner, Method::POST, &format!("/payments/{online}/refund"), Some(&back)).await;
    assert_eq!(status, 200, "{payment}");
    let asked = &stripe.refunds()[0];
    assert_eq!((asked["payment_intent"].as_str(), asked["amount"].as_str()), ("pi_cs_online", "1000"));
    assert!(!asked["idempotency-key"].is_empty());
    let told = refunded("evt_refund_online", "cs_online", 1000);
    assert_eq!(deliver(&app, &told, signed(&app, &told)).await, 200);
    let quote = app.admin_json(&format!("/quotes/{id}"), &owner).await;
    assert_eq!(quote["payments"][1]["refunded"], 1000, "{quote}");
    assert_eq!(quote["depositStanding"]["due"], 2000);
    assert_eq!(app.count("SELECT COUNT(*) FROM refunds").await, 2);
    let refunds = app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'payment-refunded'").await;
    assert_eq!(refunds, 2);
    let shown = &page(&app, &token).await["quotes"][0];
    assert_eq!(
        (shown["payOnline"].as_bool(), shown["depositStanding"]["due"].as_i64()),
        (Some(true), Some(2000))
    );
    let booking = app.admin_json(&format!("/bookings/{}", quote["bookingId"]), &owner).await;
    assert!(booking.to_string().contains("$10.00 paid toward the deposit for quote"), "{booking}");
    assert!(booking.to_string().contains("refunded: Job smaller than quoted"), "{booking}");

    // The customer cancels: the history says what of their money the shop still holds.
    let cancelled =
        app.post_json(&format!("/api/manage/{token}/cancel"), &json!({ "reason": "Sold the trailer" })).await;
    assert_eq!(cancelled.status(), 200);
    let booking = app.admin_json(&format!("/bookings/{}", quote["bookingId"]), &owner).await;
    let kept = dollars(deposit - 2000);
    assert!(
        booking
            .to_string()
            .contains(&format!("Cancelled the request: Sold the trailer {kept} paid toward it is kept")),
        "{booking}"
    );
}
