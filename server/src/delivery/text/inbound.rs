//! A customer's text, taken: into the thread of the number's newest request, and acted on when it
//! is a stop (a carrier's word, or plain words asking to stop), START or HELP. Each of those is
//! answered once, through the outbox; a stop's answer is the one text a stopped number gets.

use super::{
    consent::{self, Consent, How},
    keywords::{self, Asked},
    thread,
};
use crate::delivery::Outbox;

/// Takes text `sid` from `from` (E.164) saying `text`; a text the provider posted before changes
/// nothing again.
pub async fn take(outbox: &Outbox, sid: &str, from: &str, text: &str) -> anyhow::Result<()> {
    let db = outbox.db();
    let booking = thread::newest_request(db, from).await?;
    if !thread::record_received(db, booking, from, text, sid).await? {
        return Ok(());
    }
    let business = outbox.site.content().business.clone();
    let shop = &business.name;
    let phone = &business.phone;
    let (answer, purpose) = match keywords::read(text) {
        asked @ (Asked::OptOut | Asked::StopInWords) => {
            let how = if asked == Asked::OptOut { How::Keyword } else { How::Reply };
            let stop =
                Consent { phone: from, booking_id: booking, given: false, how, wording: text, client_ip: "" };
            consent::record(db, &stop).await?;
            (
                format!(
                    "{shop}: you will get no more texts from us. Reply START to get them again, or call {phone}."
                ),
                "stopped",
            )
        }
        Asked::OptIn => {
            let start = Consent {
                phone: from,
                booking_id: booking,
                given: true,
                how: How::Keyword,
                wording: text,
                client_ip: "",
            };
            consent::record(db, &start).await?;
            (
                format!(
                    "{shop}: texts about your request are on again. Reply STOP to end them, HELP for help."
                ),
                "started",
            )
        }
        Asked::Help => (
            format!(
                "{shop}: texts about your trailer service request. Call {phone} or e-mail {email}. Reply STOP to \
                 end texts. Msg & data rates may apply.",
                email = business.email
            ),
            "help",
        ),
        Asked::Message => return Ok(()),
    };
    // A number with no request here gets no answer: every text we send belongs to a request.
    if let Some(booking) = booking {
        thread::write(db, booking, from, &answer, purpose, None).await?;
        outbox.wake();
    }
    Ok(())
}
