//! The texts to a visitor who agreed to them: short (two SMS at most), naming the shop and never
//! the admin area, with the request's link where there is something to see or change. None asks
//! for a reply "CANCEL", a word the carriers read as a stop: cancelling is done with the link.

use super::{
    links::{LinkWrites as _, Purpose as Link, SentBy, Unsaved},
    messages::{Letters, Visitor},
    store::{self as appointments, State},
};
use crate::{
    booking::shared_store,
    delivery::{
        Handed, Purpose,
        text::{
            handover::{Draft, Handover as _},
            segments::{MAX_SEGMENTS, segments},
        },
    },
    domain::BookingId,
    with_db,
};

/// A text's words with the link they carry (kept with the text as it is written), or why it
/// must not go out any more.
type Text = Result<(String, Option<Unsaved>), &'static str>;

impl Visitor<'_> {
    /// The text of `purpose` as it stands now.
    pub(super) async fn text(&self, purpose: Purpose) -> anyhow::Result<Text> {
        let shop = &self.content.business.name;
        let appointment = appointments::get(self.reader, BookingId(self.booking_id)).await?;
        let id = self.booking_id;
        let manage = Unsaved::new(Link::Manage, Some(SentBy::Text));
        let to_manage = manage.url(self.public_url);
        let with_link = |body: String| Ok((body, Some(manage)));
        Ok(match purpose {
            Purpose::Request => {
                let emergency = shared_store::flags(self.reader, id).await?.emergency;
                let business = &self.content.business;
                let within =
                    if emergency { &business.emergency_response_time } else { &business.response_time };
                with_link(format!(
                    "{shop}: we got your request #{id} and will call you within {within}. See or change it: \
                     {to_manage} Reply STOP to end texts.",
                ))
            }
            Purpose::Time(version) => match appointment {
                Some(time) if time.version == version && time.state == State::Confirmed => {
                    let moved = crate::delivery::store::time_sent_before(self.reader, id, purpose).await?;
                    let what = if moved { "moved to" } else { "confirmed for" };
                    with_link(format!(
                        "{shop}: your appointment is {what} {when}. To change it: {to_manage}",
                        when = self.calendar().label_on_clock(time.slot),
                    ))
                }
                Some(time) if time.version == version && time.state == State::Cancelled => Ok((
                    format!(
                        "{shop}: the time for request #{id} was called off. We will call you to set another \
                         one{or_call_us}.",
                        or_call_us = self.content.business.or_call_us(),
                    ),
                    None,
                )),
                _ => Err("the time changed or was cancelled before this was sent"),
            },
            Purpose::Reminder(version) => match appointment {
                Some(time)
                    if time.version == version
                        && time.state == State::Confirmed
                        && time.slot.start > self.db.clock.now() =>
                {
                    with_link(format!(
                        "{shop}: a reminder of your appointment {when}. To change it: {to_manage}",
                        when = self.calendar().label_on_clock(time.slot),
                    ))
                }
                _ => Err("the time changed, was cancelled or has passed"),
            },
            Purpose::Review => {
                let review = Unsaved::new(Link::Review, Some(SentBy::Text));
                Ok((
                    format!(
                        "{shop}: thank you for your visit! A short review helps other trailer owners find us: {url}",
                        url = review.url(self.public_url),
                    ),
                    Some(review),
                ))
            }
            Purpose::Changed(version) => match appointment {
                Some(time) if time.version == version && time.state == State::Requested => {
                    with_link(format!(
                        "{shop}: you asked to move request #{id} to {when}. We will confirm it or call you. \
                     To change it: {to_manage}",
                        when = self.calendar().label_on_clock(time.slot),
                    ))
                }
                _ => Err("the time changed again before this was sent"),
            },
            Purpose::Cancelled => Ok((
                format!(
                    "{shop}: request #{id} is cancelled, as you asked. Need us after all? Book at {url}{or_call_us}",
                    or_call_us = self.content.business.or_call_us(),
                    url = self.public_url,
                ),
                None,
            )),
            Purpose::Report | Purpose::Text(_) | Purpose::Escalation(_) | Purpose::Page { .. } => {
                anyhow::bail!("{} is not a text the site makes", purpose.key())
            }
        })
    }
}

impl Letters {
    /// Writes the site's text of `purpose` to request `booking_id` at `phone` as it is handed to
    /// the provider, with the link it carries, in one transaction (see `Messages::hand_over_text`).
    pub(super) async fn hand_over(
        &self,
        booking_id: i64,
        purpose: Purpose,
        phone: &str,
        replacing: Option<i64>,
    ) -> anyhow::Result<Result<Handed, &'static str>> {
        let content = self.site.content();
        let visitor = Visitor {
            db: &self.db,
            reader: &self.reader,
            content: &content,
            public_url: &self.public_url,
            booking_id,
        };
        let (body, link) = match visitor.text(purpose).await? {
            Ok(text) => text,
            Err(why) => return Ok(Err(why)),
        };
        anyhow::ensure!(
            segments(&body).count() <= MAX_SEGMENTS,
            "the text would take more than {MAX_SEGMENTS} SMS: {body}"
        );
        let now = self.db.clock.stamp();
        let purpose = purpose.key();
        let draft = Draft { booking_id, phone, body: &body, purpose: &purpose, member: None };
        let id = with_db!(self.db, |pool| {
            let mut tx = pool.begin().await?;
            if let Some(link) = &link {
                tx.save_link(booking_id, link, &now).await?;
            }
            let id = tx.hand_over(&draft, replacing, &now).await?;
            tx.commit().await?;
            id
        });
        Ok(Ok(Handed { id, body }))
    }
}
