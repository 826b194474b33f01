//! The texts to a visitor who agreed to them: short (two SMS at most), naming the shop and never
//! the admin area, with the request's link where there is something to see or change. None asks
//! for a reply "CANCEL", a word the carriers read as a stop: cancelling is done with the link.

use super::{
    links::{self, Purpose as Link},
    messages::Visitor,
    store::{self as appointments, State},
};
use crate::{delivery::Purpose, domain::BookingId, with_db};

/// A text that must not go out any more, and why.
type Text = Result<String, &'static str>;

impl Visitor<'_> {
    /// The text of `purpose` as it stands now.
    pub(super) async fn text(&self, purpose: Purpose) -> anyhow::Result<Text> {
        let shop = &self.content.business.name;
        let appointment = appointments::get(self.db, BookingId(self.booking_id)).await?;
        let id = self.booking_id;
        Ok(match purpose {
            Purpose::Request => {
                let emergency: bool = with_db!(self.db, |pool| {
                    sqlx::query_scalar("SELECT emergency FROM bookings WHERE id = $1")
                        .bind(id)
                        .fetch_one(pool)
                        .await?
                });
                let business = &self.content.business;
                let within =
                    if emergency { &business.emergency_response_time } else { &business.response_time };
                Ok(format!(
                    "{shop}: we got your request #{id} and will call you within {within}. See or change it: {link} \
                     Reply STOP to end texts.",
                    link = self.manage_link().await?,
                ))
            }
            Purpose::Time(version) => match appointment {
                Some(time) if time.version == version && time.state == State::Confirmed => {
                    let moved = crate::delivery::store::time_sent_before(self.db, id, purpose).await?;
                    let what = if moved { "moved to" } else { "confirmed for" };
                    Ok(format!(
                        "{shop}: your appointment is {what} {when}. To change it: {link}",
                        when = self.calendar().label_on_clock(time.slot),
                        link = self.manage_link().await?,
                    ))
                }
                Some(time) if time.version == version && time.state == State::Cancelled => Ok(format!(
                    "{shop}: the time for request #{id} was called off. We will call you to set another one, or \
                     call us at {phone}.",
                    phone = self.content.business.phone,
                )),
                _ => Err("the time changed or was cancelled before this was sent"),
            },
            Purpose::Reminder(version) => match appointment {
                Some(time)
                    if time.version == version
                        && time.state == State::Confirmed
                        && time.slot.start > self.db.clock.now() =>
                {
                    Ok(format!(
                        "{shop}: a reminder of your appointment {when}. To change it: {link}",
                        when = self.calendar().label_on_clock(time.slot),
                        link = self.manage_link().await?,
                    ))
                }
                _ => Err("the time changed, was cancelled or has passed"),
            },
            Purpose::Review => {
                let token = links::mint(self.db, id, Link::Review).await?;
                Ok(format!(
                    "{shop}: thank you for your visit! A short review helps other trailer owners find us: {url}{path}",
                    url = self.public_url,
                    path = Link::Review.path(&token),
                ))
            }
            Purpose::Changed(version) => match appointment {
                Some(time) if time.version == version && time.state == State::Requested => Ok(format!(
                    "{shop}: you asked to move request #{id} to {when}. We will confirm it or call you. \
                     To change it: {link}",
                    when = self.calendar().label_on_clock(time.slot),
                    link = self.manage_link().await?,
                )),
                _ => Err("the time changed again before this was sent"),
            },
            Purpose::Cancelled => Ok(format!(
                "{shop}: request #{id} is cancelled, as you asked. Need us after all? Call {phone} or book at {url}",
                phone = self.content.business.phone,
                url = self.public_url,
            )),
            Purpose::Report | Purpose::Text(_) => {
                anyhow::bail!("{} is not a text the site makes", purpose.key())
            }
        })
    }
}
