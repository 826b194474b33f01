//! Invoices: made from the approved quote (its chosen lines, its rates, its deposit counted),
//! changed while a draft, issued with the year's next number (no gaps: a deleted draft takes
//! none), paid in parts by hand and online (each with a receipt), refunded and voided by the owner
//! only, and reminded once 7 days after they were due. On SQLite and on PostgreSQL.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Signed, TestApp},
    payments::{approved, deliver, page, paid_event, signed, with_stripe},
    quote_answers::{mails, post, token_in},
    quotes::{request, send, this_year},
    scheduling::app_with_mail,
};

/// Starts request `booking`'s invoice: the status and the body.
async fn start(app: &TestApp, who: &Signed, booking: i64) -> (u16, Value) {
    send(app, who, Method::POST, &format!("/bookings/{booking}/invoices"), None).await
}

/// A one-line invoice of `cents`, due in `days`.
fn one_line(cents: i64, days: i64) -> Value {
    json!({
        "rate": "standard",
        "lines": [{ "kind": "fee", "description": "Inspection", "quantity": 100, "price": cents }],
        "message": "",
        "dueDays": days,
    })
}

/// Issues invoice `id` by e-mail: its body.
async fn issued(app: &TestApp, who: &Signed, id: i64) -> Value {
    let (status, invoice) = send(
        app,
        who,
        Method::POST,
        &format!("/invoices/{id}/send"),
        Some(&json!({ "email": true, "text": false })),
    )
    .await;
    assert_eq!(status, 200, "{invoice}");
    invoice
}

#[tokio::test]
async fn an_invoice_is_made_from_the_approved_quote_and_paid_in_two_parts() {
    let (app, mailbox, stripe) = with_stripe().await;
    let owner = app.signed_in_admin().await;
    let (quote_id, token) = approved(&app, &owner, &mailbox, "invoice-0001").await;
    let quote = app.admin_json(&format!("/quotes/{quote_id}"), &owner).await;
    let booking = quote["bookingId"].as_i64().expect("a request");
    let deposit = quote["depositStanding"]["asked"].as_i64().expect("a deposit");
    let paid = paid_event("evt_deposit", "cs_deposit", ("quote", quote_id), deposit);
    assert_eq!(deliver(&app, &paid, signed(&app, &paid)).await, 200);

    let (status, invoice) = start(&app, &owner, booking).await;
    assert_eq!(status, 201, "{invoice}");
    let id = invoice["id"].as_i64().expect("an id");
    assert_eq!((invoice["state"].as_str(), invoice["number"].as_null()), (Some("draft"), Some(())));
    assert_eq!(invoice["quoteId"], quote_id);
    let lines: Vec<&str> = invoice["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|line| line["description"].as_str())
        .collect();
    assert_eq!(
        lines,
        ["Replace shoes and magnets", "Brake magnet"],
        "the approved lines, not the optional one"
    );
    assert_eq!(invoice["figures"]["totals"]["total"], quote["answers"][0]["total"]);
    assert_eq!(invoice["standing"]["depositPaid"], deposit);
    assert_eq!(start(&app, &owner, booking).await.0, 409, "one invoice a request");

    // What changed on the job: a part more.
    let mut form = json!({
        "rate": invoice["rate"], "lines": invoice["lines"], "message": "Thanks for your business.", "dueDays": 14,
    });
    form["lines"]
        .as_array_mut()
        .expect("lines")
        .push(json!({ "kind": "part", "description": "Grease seal", "quantity": 200, "price": 850 }));
    let (status, invoice) = send(&app, &owner, Method::PUT, &format!("/invoices/{id}"), Some(&form)).await;
    assert_eq!(status, 200, "{invoice}");
    let total = invoice["figures"]["totals"]["total"].as_i64().expect("a total");
    assert!(total > quote["answers"][0]["total"].as_i64().expect("a total"));

    let invoice = issued(&app, &owner, id).await;
    let number = format!("INV-{}-0001", this_year());
    assert_eq!(
        (invoice["state"].as_str(), invoice["number"].as_str()),
        (Some("issued"), Some(number.as_str()))
    );
    assert_eq!(invoice["standing"]["balance"], total - deposit);
    assert_eq!(send(&app, &owner, Method::PUT, &format!("/invoices/{id}"), Some(&form)).await.0, 409);
    assert_eq!(send(&app, &owner, Method::DELETE, &format!("/invoices/{id}"), None).await.0, 409);
    app.deliver_due().await;
    let mail = mails(&mailbox, "jamie@example.com")
        .into_iter()
        .find(|mail| mail.subject.starts_with(&format!("Invoice {number} from ")))
        .expect("the invoice's e-mail");
    assert!(mail.text.contains(&format!("Balance due: ${}.", (total - deposit) / 100)), "{}", mail.text);
    assert_eq!(token_in(&mail).len(), token.len());
    let link = mail.text.split_whitespace().find(|word| word.contains("/booking/")).expect("a link");
    assert!(link.ends_with(&format!("#invoice-{id}")), "the link opens the page at the invoice: {link}");

    // The customer's page shows it, with the shop's details, and pays it online.
    let shown = page(&app, &token).await;
    assert_eq!(shown["quotes"][0]["payOnline"], false, "the invoice is paid, not the deposit");
    let (status, _) = post(&app, &format!("/api/manage/{token}/quotes/{quote_id}/pay"), &json!({})).await;
    assert_eq!(status, 409);
    let shown = &shown["invoices"][0];
    assert_eq!((shown["number"].as_str(), shown["payOnline"].as_bool()), (Some(number.as_str()), Some(true)));
    assert_eq!(shown["standing"]["balance"], total - deposit);
    assert!(shown["from"][0].as_str().is_some_and(|name| !name.is_empty()), "{shown}");

    // Part one at the shop, part two online.
    let cash = json!({ "amount": 5000, "method": "cash" });
    let (status, invoice) =
        send(&app, &owner, Method::POST, &format!("/invoices/{id}/payments"), Some(&cash)).await;
    assert_eq!(status, 201, "{invoice}");
    let cash_id = invoice["payments"][0]["id"].as_i64().expect("a payment");
    let balance = total - deposit - 5000;
    assert_eq!(invoice["standing"]["balance"], balance);
    let too_much = json!({ "amount": balance + 1, "method": "check" });
    let (status, body) =
        send(&app, &owner, Method::POST, &format!("/invoices/{id}/payments"), Some(&too_much)).await;
    assert_eq!(status, 422, "{body}");

    let (status, paying) = post(&app, &format!("/api/manage/{token}/invoices/{id}/pay"), &json!({})).await;
    assert_eq!(status, 200, "{paying}");
    let session = stripe.sessions().into_iter().next_back().expect("a session");
    assert_eq!(session["metadata[invoice]"], id.to_string());
    assert_eq!(session["line_items[0][price_data][unit_amount]"], balance.to_string());
    let event = paid_event("evt_invoice", &session["id"], ("invoice", id), balance);
    assert_eq!(deliver(&app, &event, signed(&app, &event)).await, 200);
    assert_eq!(deliver(&app, &event, signed(&app, &event)).await, 200, "a replay");
    let invoice = app.admin_json(&format!("/invoices/{id}"), &owner).await;
    assert_eq!(invoice["payments"].as_array().map(Vec::len), Some(2), "{invoice}");
    assert_eq!(invoice["standing"]["balance"], 0);
    assert_eq!(invoice["overdue"], false);
    let (status, _) =
        send(&app, &owner, Method::POST, &format!("/invoices/{id}/payments"), Some(&cash)).await;
    assert_eq!(status, 409, "nothing is left to pay");
    let shown = &page(&app, &token).await["invoices"][0];
    assert_eq!((shown["payOnline"].as_bool(), shown["standing"]["balance"].as_i64()), (Some(false), Some(0)));

    app.deliver_due().await;
    let receipts: Vec<String> = mails(&mailbox, "jamie@example.com")
        .into_iter()
        .filter(|mail| mail.subject.starts_with(&format!("Receipt for your payment of invoice {number}")))
        .map(|mail| mail.text)
        .collect();
    assert_eq!(receipts.len(), 2, "a receipt for each part");
    let told = mails(&mailbox, "owner@example.com");
    assert!(
        told.iter().any(|mail| mail.subject
            == format!(
                "${}.{:02} paid online by Jamie Ortiz toward invoice {number}",
                balance / 100,
                balance % 100
            )),
        "the shop hears of the payment made online: {:?}",
        told.iter().map(|mail| &mail.subject).collect::<Vec<_>>()
    );
    assert!(receipts.iter().any(|text| text.contains("Balance due: $0.00")), "{receipts:?}");

    // Insights: the quote sent and approved, the invoice's ticket, and the money received.
    let money = &app.admin_json("/insights?days=30", &owner).await["money"];
    assert_eq!(
        (money["quotesSent"].as_i64(), money["quotesApproved"].as_i64(), money["invoicesIssued"].as_i64()),
        (Some(1), Some(1), Some(1)),
        "{money}"
    );
    assert_eq!((money["averageTicket"].as_i64(), money["daysToPaid"].as_f64()), (Some(total), Some(0.0)));
    assert_eq!(money["byMonth"][0]["received"], total, "{money}");
    assert_eq!(money["byService"], json!([{ "name": "Repairs needed", "received": total }]));

    // A refund of one part shows on the invoice; a voided invoice must hold nothing first.
    let (status, _) =
        send(&app, &owner, Method::POST, &format!("/invoices/{id}/void"), Some(&json!({ "reason": "x" })))
            .await;
    assert_eq!(status, 409, "it holds payments");
    let back = json!({ "amount": 2000, "reason": "Seal not needed" });
    assert_eq!(
        send(&app, &owner, Method::POST, &format!("/payments/{cash_id}/refund"), Some(&back)).await.0,
        200
    );
    let invoice = app.admin_json(&format!("/invoices/{id}"), &owner).await;
    assert_eq!(
        (invoice["standing"]["balance"].as_i64(), invoice["payments"][0]["refunded"].as_i64()),
        (Some(2000), Some(2000))
    );
    let history = app.admin_json(&format!("/bookings/{booking}"), &owner).await.to_string();
    assert!(history.contains(&format!("$50.00 paid in cash toward invoice {number}.")), "{history}");
    assert!(
        history.contains(&format!("$20.00 paid toward invoice {number} refunded: Seal not needed.")),
        "{history}"
    );
    // The customer is told of the refund, and Insights counts what the shop keeps.
    app.deliver_due().await;
    let notice = mails(&mailbox, "jamie@example.com")
        .into_iter()
        .find(|mail| mail.subject.starts_with("Refund of $20.00 from "))
        .expect("the refund's notice");
    assert!(notice.text.contains("We refunded $20.00 of the $50.00 you paid in cash on "), "{}", notice.text);
    assert!(notice.text.contains("Why: Seal not needed"), "{}", notice.text);
    assert!(notice.text.contains("Balance due: $20.00"), "{}", notice.text);
    let money = &app.admin_json("/insights?days=30", &owner).await["money"];
    assert_eq!(money["byMonth"][0]["received"], total - 2000, "{money}");
}

#[tokio::test]
async fn numbers_have_no_gaps_and_only_the_owner_voids() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    app.add_user("staff@example.com", "a staff password 123", "staff").await;
    let staff = app.sign_in("staff@example.com", "a staff password 123").await;
    let first = request(&app, "invoice-gaps-0001").await;
    let second = request(&app, "invoice-gaps-0002").await;

    // A draft deleted takes no number.
    let (status, draft) = start(&app, &staff, first).await;
    assert_eq!(status, 201, "staff write invoices: {draft}");
    assert_eq!(draft["lines"], json!([]), "no approved quote: an empty invoice");
    let draft = draft["id"].as_i64().expect("an id");
    let (status, body) = send(
        &app,
        &staff,
        Method::POST,
        &format!("/invoices/{draft}/send"),
        Some(&json!({ "email": true, "text": false })),
    )
    .await;
    assert_eq!((status, body["errors"]["lines"].is_array()), (422, true), "{body}");
    assert_eq!(send(&app, &staff, Method::DELETE, &format!("/invoices/{draft}"), None).await.0, 204);

    let mut numbers = Vec::new();
    for booking in [first, second] {
        let id = start(&app, &staff, booking).await.1["id"].as_i64().expect("an id");
        let (status, body) =
            send(&app, &staff, Method::PUT, &format!("/invoices/{id}"), Some(&one_line(9900, 0))).await;
        assert_eq!(status, 200, "{body}");
        numbers.push((id, issued(&app, &staff, id).await["number"].as_str().expect("a number").to_owned()));
    }
    let year = this_year();
    assert_eq!(
        numbers.iter().map(|(_, number)| number.as_str()).collect::<Vec<_>>(),
        [format!("INV-{year}-0001"), format!("INV-{year}-0002")]
    );

    // The invoices' e-mails go out before one is voided (a void tells only a customer e-mailed it).
    app.deliver_due().await;
    let (id, number) = &numbers[0];
    let void = format!("/invoices/{id}/void");
    let reason = json!({ "reason": " Billed to the wrong request " });
    assert_eq!(send(&app, &staff, Method::POST, &void, Some(&reason)).await.0, 403, "voids are the owner's");
    let (status, body) = send(&app, &owner, Method::POST, &void, Some(&json!({ "reason": " " }))).await;
    assert_eq!((status, body["errors"]["reason"].is_array()), (422, true), "{body}");
    let (status, voided) = send(&app, &owner, Method::POST, &void, Some(&reason)).await;
    assert_eq!(status, 200, "{voided}");
    assert_eq!(
        (voided["state"].as_str(), voided["number"].as_str(), voided["voidReason"].as_str()),
        (Some("void"), Some(number.as_str()), Some("Billed to the wrong request"))
    );
    assert_eq!(send(&app, &owner, Method::POST, &void, Some(&reason)).await.0, 409, "void already");
    let cash = json!({ "amount": 100, "method": "cash" });
    assert_eq!(
        send(&app, &owner, Method::POST, &format!("/invoices/{id}/payments"), Some(&cash)).await.0,
        409
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM invoices").await, 2, "never deleted");
    assert_eq!(start(&app, &staff, first).await.0, 201, "a void invoice is replaced");
    let audit = app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'invoice-voided'").await;
    assert_eq!(audit, 1);
    app.deliver_due().await;
    let told = mails(&mailbox, "jamie@example.com")
        .into_iter()
        .find(|mail| {
            mail.subject.ends_with(" is void") && mail.subject.starts_with(&format!("Invoice {number} from "))
        })
        .expect("the customer is told it is void");
    assert!(told.text.contains("is void: nothing is owed on it."), "{}", told.text);
    assert!(told.text.contains("Why: Billed to the wrong request"), "{}", told.text);

    // The team's list, and the owner's CSV: dollars with two decimals.
    let listed = |show: &str| {
        let path = format!("/invoices?show={show}");
        let owner = &owner;
        let app = &app;
        async move { app.admin_json(&path, owner).await }
    };
    assert_eq!(listed("void").await["total"], 1);
    let unpaid = listed("unpaid").await;
    assert_eq!((unpaid["total"].as_i64(), unpaid["invoices"][0]["balance"].as_i64()), (Some(1), Some(9900)));
    assert_eq!(listed("drafts").await["total"], 1);
    assert_eq!(listed("all").await["total"], 3);
    assert_eq!(
        send(&app, &staff, Method::GET, "/invoices.csv", None).await.0,
        403,
        "the books are the owner's"
    );
    let csv = app
        .client
        .get(format!("{}/api/admin/invoices.csv?show=unpaid", app.url))
        .header("Cookie", owner.cookie.as_str())
        .send()
        .await
        .expect("a response");
    assert_eq!(csv.status().as_u16(), 200);
    let csv = csv.text().await.expect("text");
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with("number,issued (America/Denver),due,customer,request,standing,total"),
        "{csv}"
    );
    assert!(lines[1].starts_with(&format!("{},", numbers[1].1)), "{csv}");
    assert!(lines[1].ends_with(",unpaid,99.00,0.00,0.00,99.00"), "{csv}");
}

#[tokio::test]
async fn an_unpaid_invoice_is_reminded_once_a_week_after_it_was_due() {
    let (app, mailbox) = app_with_mail(|_| {}).await;
    let owner = app.signed_in_admin().await;
    let mut ids = Vec::new();
    for submission in ["invoice-due-0001", "invoice-due-0002"] {
        let booking = request(&app, submission).await;
        let id = start(&app, &owner, booking).await.1["id"].as_i64().expect("an id");
        assert_eq!(
            send(&app, &owner, Method::PUT, &format!("/invoices/{id}"), Some(&one_line(12_000, 3))).await.0,
            200
        );
        issued(&app, &owner, id).await;
        ids.push(id);
    }
    // The second is paid in full.
    let cash = json!({ "amount": 12_000, "method": "cash" });
    assert_eq!(
        send(&app, &owner, Method::POST, &format!("/invoices/{}/payments", ids[1]), Some(&cash)).await.0,
        201
    );
    app.deliver_due().await;

    app.clock.advance(std::time::Duration::from_secs(5 * 24 * 3600));
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let invoice = app.admin_json(&format!("/invoices/{}", ids[0]), &owner).await;
    assert_eq!(invoice["overdue"], true, "{invoice}");
    let today = app.admin_json("/today", &owner).await;
    let overdue = &today["invoicesOverdue"];
    assert_eq!((overdue["total"].as_i64(), overdue["owed"].as_i64()), (Some(1), Some(12_000)), "{overdue}");
    assert_eq!(overdue["shown"][0]["id"], ids[0]);
    assert_eq!(overdue["shown"][0]["name"], "Jamie Ortiz");
    app.deliver_due().await;
    let reminders = || {
        mails(&mailbox, "jamie@example.com")
            .into_iter()
            .filter(|mail| mail.subject.starts_with("Reminder: invoice "))
            .collect::<Vec<_>>()
    };
    assert!(reminders().is_empty(), "not yet a week past due");

    app.clock.advance(std::time::Duration::from_secs(6 * 24 * 3600));
    app.deliver_due().await;
    app.clock.advance(std::time::Duration::from_secs(24 * 3600));
    app.deliver_due().await;
    let sent = reminders();
    assert_eq!(sent.len(), 1, "one reminder, for the unpaid one");
    assert!(sent[0].text.contains("$120.00 of it is still to pay"), "{}", sent[0].text);
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert!(app.admin_json(&format!("/invoices/{}", ids[0]), &owner).await["remindedAt"].is_string());
}

#[tokio::test]
async fn a_customers_documents_move_with_a_merge_go_out_in_their_data_and_lose_them_when_erased() {
    let (app, mailbox, _stripe) = with_stripe().await;
    let owner = app.signed_in_admin().await;
    let (quote_id, _) = approved(&app, &owner, &mailbox, "documents-0001").await;
    let booking = app.admin_json(&format!("/quotes/{quote_id}"), &owner).await["bookingId"]
        .as_i64()
        .expect("a request");
    let by_check = json!({ "amount": 5000, "method": "check", "note": "Jamie's check 1234" });
    let (status, body) =
        send(&app, &owner, Method::POST, &format!("/quotes/{quote_id}/payments"), Some(&by_check)).await;
    assert_eq!(status, 201, "{body}");
    let invoice = start(&app, &owner, booking).await.1["id"].as_i64().expect("an invoice");
    let mut form = one_line(9900, 14);
    form["message"] = json!("Thanks, Jamie: see you in spring.");
    assert_eq!(send(&app, &owner, Method::PUT, &format!("/invoices/{invoice}"), Some(&form)).await.0, 200);
    let number = issued(&app, &owner, invoice).await["number"].as_str().expect("a number").to_owned();
    let jamie = app.admin_json(&format!("/bookings/{booking}"), &owner).await["booking"]["customerId"]
        .as_i64()
        .expect("a customer");

    // Jamie's record is merged into the one of the company Jamie works for: the documents follow.
    let company = app
        .post_json(
            "/api/bookings",
            &json!({
                "submissionId": "00000000-0000-4000-8000-000000000777", "name": "Ortiz Hauling",
                "email": "office@ortiz.example", "phone": "(720) 555-0190", "details": "", "answers": [],
                "website": "", "fillMs": 20000,
            }),
        )
        .await;
    assert_eq!(company.status(), 201);
    let company: Value = company.json().await.expect("JSON");
    let company =
        app.admin_json(&format!("/bookings/{}", company["id"]), &owner).await["booking"]["customerId"]
            .as_i64()
            .expect("a customer");
    let (status, body) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/customers/{company}/merge"),
        Some(&json!({ "from": jamie })),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let quote = app.admin_json(&format!("/quotes/{quote_id}"), &owner).await;
    assert_eq!(quote["customerId"], company, "{quote}");
    assert_eq!(app.admin_json(&format!("/invoices/{invoice}"), &owner).await["customerId"], company);

    // Their data holds the quote they signed and the invoice, as their page shows them.
    let export = app.admin_json(&format!("/customers/{company}/export"), &owner).await;
    let request = export["requests"]
        .as_array()
        .expect("requests")
        .iter()
        .find(|each| each["request"]["id"] == booking)
        .expect("the request");
    assert_eq!(request["quotes"][0]["id"], quote_id, "{request}");
    assert_eq!(request["quotes"][0]["payments"][0]["amount"], 5000, "{request}");
    assert_eq!(request["invoices"][0]["number"], number.as_str(), "{request}");

    // Erased: the signature, where it came from, the notes to them and of their payments go; the
    // books stay.
    let (status, body) = send(&app, &owner, Method::POST, &format!("/customers/{company}/erase"), None).await;
    assert_eq!(status, 200, "{body}");
    let quote = app.admin_json(&format!("/quotes/{quote_id}"), &owner).await;
    let answer = &quote["answers"][0];
    assert_eq!(
        (answer["name"].as_str(), answer["address"].as_str(), answer["agent"].as_str()),
        (Some("Erased customer"), Some(""), Some(""))
    );
    assert_eq!(quote["payments"][0]["note"], "", "{quote}");
    assert_eq!(quote["payments"][0]["amount"], 5000);
    let invoice = app.admin_json(&format!("/invoices/{invoice}"), &owner).await;
    assert_eq!((invoice["message"].as_str(), invoice["number"].as_str()), (Some(""), Some(number.as_str())));
    assert_eq!(invoice["name"], "Erased customer");
    assert_eq!(invoice["standing"]["total"], 9900);
}
