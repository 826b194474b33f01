//! Texts are sent exactly once by two instances on one database, even when one is killed (-9)
//! after handing a text to the provider and before it heard back: the next try asks the
//! provider for the texts to that number first, and records the one it already has. The same
//! holds for the escalation's texts to the people on call.

use std::{collections::HashSet, time::Duration};

use reqwest::Method;
use serde_json::json;

use crate::{
    instances::{shared_storage, within},
    process::Instance,
    push::emergency,
    text_stand_in::{self, ACCOUNT_SID, AUTH_TOKEN, FROM},
};

/// Texts go through `stand_in`, the outbox looks for work twice a second, and one address may
/// book any number of times.
fn flags(stand_in: &text_stand_in::TextStandIn) -> [&str; 12] {
    [
        "--sms-account-sid",
        ACCOUNT_SID,
        "--sms-auth-token",
        AUTH_TOKEN,
        "--sms-from",
        FROM,
        "--sms-api-url",
        stand_in.url.as_str(),
        "--delivery-lease-ms",
        "1000",
        "--booking-rate-limit",
        "0",
    ]
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn each_text_is_sent_once_by_two_instances_with_a_kill_9_mid_send() {
    let storage = shared_storage().await;
    let stand_in = text_stand_in::start().await;
    // The provider takes each text at once and answers 400 ms later: a kill lands in between.
    stand_in.slow(Duration::from_millis(400));
    let flags = flags(&stand_in);
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));
    // Emergencies (texted at any hour, as these instances run on the real clock), one number each.
    for n in 0..6 {
        let instance = if n % 2 == 0 { &a } else { &b };
        let mut body = emergency(&format!("5e6f7a8b-text-{n:02}"));
        body["phone"] = json!(format!("303-555-02{n:02}"));
        body["textConsent"] = json!(true);
        let booked = instance.client.post(format!("{}/api/bookings", instance.url)).json(&body).send().await;
        assert_eq!(booked.expect("a response").status(), 201);
    }
    within(Duration::from_secs(5), "a text reaches the provider", || async { !stand_in.taken().is_empty() })
        .await;
    a.kill().await;
    let again = Instance::start(&storage.config, &flags).await;
    let db = storage.db().await;
    within(Duration::from_secs(20), "six texts recorded as taken", || async {
        trailerworks::with_db!(&db, |pool| {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM texts WHERE NOT incoming AND sid IS NOT NULL")
                .fetch_one(pool)
                .await
                .expect("counted")
        }) == 6
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let taken = stand_in.taken();
    let numbers: HashSet<&str> = taken.iter().map(|text| text.to()).collect();
    assert_eq!((taken.len(), numbers.len()), (6, 6), "each customer got one text: {taken:?}");
    let pending: i64 = trailerworks::with_db!(&db, |pool| {
        sqlx::query_scalar(
            "SELECT (SELECT COUNT(*) FROM deliveries WHERE channel = 'text' AND state <> 'sent')
                  + (SELECT COUNT(*) FROM received_texts_due)",
        )
        .fetch_one(pool)
        .await
        .expect("counted")
    });
    assert_eq!(pending, 0, "every text was queued and its delivery is done");
    again.kill().await;
    b.kill().await;
}

#[tokio::test]
#[ignore = "needs the PostgreSQL server and S3 stand-in that scripts/test-all.sh starts"]
async fn each_escalation_step_texts_once_with_two_instances_and_a_kill_9_mid_send() {
    let storage = shared_storage().await;
    let stand_in = text_stand_in::start().await;
    stand_in.slow(Duration::from_millis(400));
    let flags = flags(&stand_in);
    let (a, b) =
        tokio::join!(Instance::start(&storage.config, &flags), Instance::start(&storage.config, &flags));
    let owner = a.sign_in().await;
    let phone = a.admin(Method::PUT, "/on-call/phone", &owner).json(&json!({ "phone": "(720) 555-0134" }));
    assert_eq!(phone.send().await.expect("a response").status(), 204);
    // Six emergencies, no customer agreeing to texts: every text is a page to the owner.
    for n in 0..6 {
        let instance = if n % 2 == 0 { &a } else { &b };
        let body = emergency(&format!("5e6f7a8b-page-{n:02}"));
        let booked = instance.client.post(format!("{}/api/bookings", instance.url)).json(&body).send().await;
        assert_eq!(booked.expect("a response").status(), 201);
    }
    // The instances run on the wall clock: five minutes pass for the escalations.
    let db = storage.db().await;
    let due = trailerworks::with_db!(&db, |pool| {
        let mut tx = pool.begin().await.expect("a transaction");
        let due = sqlx::query("UPDATE escalations SET due_at = now() - interval '1 second'")
            .execute(&mut *tx)
            .await
            .expect("the first steps are due")
            .rows_affected();
        // Their jobs too, and the instances are told, as a job written by an instance is told.
        sqlx::query("UPDATE jobs SET run_at = now() - interval '1 second' WHERE kind = 'escalation-beats'")
            .execute(&mut *tx)
            .await
            .expect("the jobs are due");
        sqlx::query("SELECT pg_notify('trailerworks_jobs', '')").execute(&mut *tx).await.expect("told");
        tx.commit().await.expect("committed");
        due
    });
    assert_eq!(due, 6);
    within(Duration::from_secs(5), "a page reaches the provider", || async { !stand_in.taken().is_empty() })
        .await;
    a.kill().await;
    let again = Instance::start(&storage.config, &flags).await;
    within(Duration::from_secs(20), "six first steps' pages sent", || async {
        trailerworks::with_db!(&db, |pool| {
            sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(*) FROM deliveries WHERE purpose LIKE 'page-1-%' AND state = 'sent'",
            )
            .fetch_one(pool)
            .await
            .expect("counted")
        }) == 6
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let taken = stand_in.taken();
    let pages: HashSet<&str> = taken.iter().map(|text| text.body()).collect();
    assert_eq!((taken.len(), pages.len()), (6, 6), "one page per emergency: {taken:?}");
    assert!(taken.iter().all(|text| text.to() == "+17205550134" && text.body().contains("alert 1 of 3")));
    let steps: Vec<i64> = trailerworks::with_db!(&db, |pool| {
        sqlx::query_scalar("SELECT next_step FROM escalations").fetch_all(pool).await.expect("read")
    });
    assert_eq!(steps, [2; 6], "each first step fired once");
    again.kill().await;
    b.kill().await;
}
