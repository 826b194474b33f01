//! A customer's text, taken: into the thread of its customer's newest request (else the number's
//! newest request; a number no request has makes a conversation of its own: `conversation`), and
//! acted on when it
//! is a stop (a carrier's word, or plain words asking to stop), START (from a stopped number) or
//! HELP. Each of those is
//! answered once, through the outbox; a stop's answer is the one text a stopped number gets. Any
//! other text is a reply for the shop: it shows among Today's changes and is pushed to the
//! owner's devices. All of it is one transaction, so a retried post changes nothing twice.

use super::{
    consent::{self, Consent, ConsentWrites as _, How},
    conversation::ConversationWrites as _,
    keywords::{self, Asked},
    thread::{self, TextWrites as _},
};
use crate::{
    booking::shared_store::{self as bookings, BookingStatements as _, Flags},
    delivery::{
        Outbox, Purpose,
        devices::{Occasion, PushWrites as _, shop_minute},
    },
    with_db,
};

/// Takes text `sid` from `from` (E.164) saying `text`; a text the provider posted before changes
/// nothing again.
pub async fn take(outbox: &Outbox, sid: &str, from: &str, text: &str) -> anyhow::Result<()> {
    let db = outbox.db();
    let booking = match outbox.threads.thread_of(from).await? {
        Some(id) => Some(id),
        None => bookings::newest_with_phone(db, from).await?,
    };
    let content = outbox.site.content();
    let business = &content.business;
    let shop = &business.name;
    let asked = match keywords::read(text) {
        // YES, START and UNSTOP opt back in only a number that stopped; from any other they are
        // a reply like any other ("Yes" to the shop's question).
        Asked::OptIn if !consent::stopped(db, from).await? => Asked::Message,
        asked => asked,
    };
    let consent =
        |given, how| Consent { phone: from, booking_id: booking, given, how, wording: text, client_ip: "" };
    let (consent, answer) = match asked {
        Asked::OptOut | Asked::StopInWords => {
            let how = if asked == Asked::OptOut { How::Keyword } else { How::Reply };
            let words = format!(
                "{shop}: you will get no more texts from us. Reply START to get them again{or_call_us}.",
                or_call_us = business.or_call_us()
            );
            (Some(consent(false, how)), Some((words, "stopped")))
        }
        Asked::OptIn => {
            let words = format!(
                "{shop}: texts about your request are on again. Reply STOP to end them, HELP for help."
            );
            (Some(consent(true, How::Keyword)), Some((words, "started")))
        }
        Asked::Help => {
            let words = format!(
                "{shop}: texts about your trailer service request.{reach} Reply STOP to end texts. Msg & data rates \
                 may apply.",
                reach = match (business.real_phone(), business.real_email()) {
                    (Some(phone), Some(email)) => format!(" Call {phone} or e-mail {email}."),
                    (Some(phone), None) => format!(" Call {phone}."),
                    (None, Some(email)) => format!(" E-mail {email}."),
                    (None, None) => " Reply here and we'll answer.".to_owned(),
                }
            );
            (None, Some((words, "help")))
        }
        Asked::Message => (None, None),
    };
    // The customer's own words reach the owner, a plain "stop texting me" too (as the stop it is).
    let occasion = match (asked, booking) {
        (Asked::Message | Asked::StopInWords, Some(id)) => Some((id, bookings::flags(db, id).await?)),
        _ => None,
    };
    let keyword = match asked {
        Asked::OptOut => Some(thread::KEYWORD_STOP),
        Asked::StopInWords => Some(thread::KEYWORD_STOP_IN_WORDS),
        Asked::OptIn => Some(thread::KEYWORD_START),
        Asked::Help => Some(thread::KEYWORD_HELP),
        Asked::Message => None,
    };
    let now = db.clock.stamp();
    let minute = shop_minute(now.timestamp(), &business.zone());
    with_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        let Some(text_id) = tx.receive_text(booking, from, (text, keyword), sid, &now).await? else {
            return Ok(());
        };
        if let Some(consent) = &consent {
            tx.record_consent(consent, &now).await?;
        }
        // The answer goes into the request's thread, or to a number no request has by a job.
        match (&answer, booking) {
            (Some((words, purpose)), Some(id)) => {
                tx.write_text(id, from, words, purpose, None, &now).await?;
            }
            (Some((words, purpose)), None) => {
                tx.write_to_number(from, words, (Some(purpose), None), &now).await?;
            }
            (None, _) => {}
        }
        if let Some((id, Flags { urgent, emergency })) = occasion {
            tx.mark_customer_change(id, &now).await?;
            let occasion = Occasion { urgent, emergency, customer_change: true, shop_minute: minute };
            tx.enqueue_pushes(id, &Purpose::Text(text_id).key(), occasion, &now).await?;
        }
        tx.commit().await?;
    });
    outbox.wake();
    Ok(())
}
