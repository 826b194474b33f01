//! What the outbox sends about a booking besides its first notice to the shop. The visitor: the
//! confirmation of their request, the time the shop confirmed, moved or dropped, what they changed
//! themselves, the day-before reminder and the thank-you with the review link. Nothing the
//! visitor typed goes back out in any of them (their name, details, answers in their own words:
//! a stranger's address typed into the form would otherwise receive the sender's words), but for
//! a trailer type of a few plain words; and nothing of the admin area. Times are on the shop's
//! clock; a time comes with a calendar file. The shop: what the visitor changed with their link.

use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::{
    booking_event::{calendar_file, shop_address},
    calendar::{Calendar, Kind},
    links::{self, Purpose as Link},
    store::{self as appointments, Appointment, State},
    visitor_words::{TrailerPlace, picked_answers, trailer_place},
};
use crate::{
    booking::shared_store,
    db::Db,
    delivery::{BookingMessage, Handed, Mail, Messages, Purpose},
    domain::BookingId,
    site::SiteDetails,
    site::content::Content,
};

/// Makes the outbox's messages from the bookings, their times and the site details.
pub struct Letters {
    /// Where the links in the messages are kept, with the texts.
    pub db: Db,
    /// Where the messages are read from (on SQLite, apart from the one writer).
    pub reader: Db,
    pub site: Arc<SiteDetails>,
    /// The site's address, for links (`https://trailers.example.com`).
    pub public_url: String,
}

impl Messages for Letters {
    fn visitor_mail(&self, booking_id: i64, purpose: Purpose) -> BoxFuture<'_, anyhow::Result<Mail>> {
        Box::pin(async move {
            let content = self.site.content();
            Visitor {
                db: &self.db,
                reader: &self.reader,
                content: &content,
                public_url: &self.public_url,
                booking_id,
            }
            .mail(purpose)
            .await
        })
    }

    fn hand_over_text<'a>(
        &'a self,
        booking_id: i64,
        purpose: Purpose,
        phone: &'a str,
        replacing: Option<i64>,
    ) -> BoxFuture<'a, anyhow::Result<Result<Handed, &'static str>>> {
        Box::pin(self.hand_over(booking_id, purpose, phone, replacing))
    }

    fn shop_notice<'a>(
        &'a self,
        message: &'a BookingMessage,
        purpose: Purpose,
    ) -> BoxFuture<'a, anyhow::Result<(String, String)>> {
        Box::pin(async move { self.notice(message, purpose).await })
    }
}

/// What the visitor's e-mails and texts are made from.
pub(super) struct Visitor<'a> {
    /// Where an e-mail's links are kept.
    pub(super) db: &'a Db,
    /// Where everything else is read.
    pub(super) reader: &'a Db,
    pub(super) content: &'a Content,
    pub(super) public_url: &'a str,
    pub(super) booking_id: i64,
}

impl Visitor<'_> {
    /// The e-mail of `purpose` as it stands now.
    async fn mail(&self, purpose: Purpose) -> anyhow::Result<Mail> {
        let appointment = appointments::get(self.reader, BookingId(self.booking_id)).await?;
        match purpose {
            Purpose::Request => self.confirmation(appointment.as_ref()).await,
            Purpose::Time(version) => match appointment {
                Some(time) if time.version == version && time.state == State::Confirmed => {
                    let moved =
                        crate::delivery::store::time_sent_before(self.reader, self.booking_id, purpose)
                            .await?;
                    self.confirmed(&time, moved).await
                }
                Some(time) if time.version == version && time.state == State::Cancelled => {
                    self.dropped(&time).await
                }
                _ => Ok(Mail::Stale("the time changed or was cancelled before this was sent")),
            },
            Purpose::Reminder(version) => match appointment {
                Some(time)
                    if time.version == version
                        && time.state == State::Confirmed
                        && time.slot.start > self.db.clock.now() =>
                {
                    self.reminder(&time).await
                }
                _ => Ok(Mail::Stale("the time changed, was cancelled or has passed")),
            },
            Purpose::Review => self.review().await,
            Purpose::Changed(version) => match appointment {
                Some(time) if time.version == version && time.state == State::Requested => {
                    self.asked_again(&time).await
                }
                _ => Ok(Mail::Stale("the time changed again before this was sent")),
            },
            Purpose::Cancelled => self.cancelled(appointment.as_ref()).await,
            Purpose::Report | Purpose::Text(_) | Purpose::Escalation(_) | Purpose::Page { .. } => {
                anyhow::bail!("{} is not an e-mail to the visitor", purpose.key())
            }
        }
    }

    pub(super) fn calendar(&self) -> Calendar<'_> {
        Calendar::new(self.content)
    }

    /// The shop's name and phone (once it is the shop's own), at the foot of every e-mail.
    fn signature(&self) -> String {
        let business = &self.content.business;
        match business.real_phone() {
            Some(phone) => format!("{}\n{phone}\n", business.name),
            None => format!("{}\n", business.name),
        }
    }

    /// "Questions? Call us at (303) 555-2147." and a blank line, once the phone is the shop's own.
    fn questions(&self) -> String {
        let phone = self.content.business.real_phone();
        phone.map(|phone| format!("Questions? Call us at {phone}.\n\n")).unwrap_or_default()
    }

    pub(super) async fn manage_link(&self) -> anyhow::Result<String> {
        let token = links::mint(self.db, self.booking_id, Link::Manage).await?;
        Ok(format!("{}{}", self.public_url, Link::Manage.path(&token)))
    }

    async fn confirmation(&self, time: Option<&Appointment>) -> anyhow::Result<Mail> {
        let business = &self.content.business;
        let mut body = format!(
            "Thank you for your service request to {shop}. Your request number is #{id}.\n\n",
            shop = business.name,
            id = self.booking_id,
        );
        if let Some(time) = time {
            body.push_str(&format!(
                "Requested: {} ({}, {}).\nWe'll confirm this time, or call you to agree another one.\n\n",
                self.calendar().label_on_clock(time.slot),
                time.kind.describe(),
                self.place(time).await?
            ));
        }
        let emergency = shared_store::flags(self.reader, self.booking_id).await?.emergency;
        let response = if emergency { &business.emergency_response_time } else { &business.response_time };
        body.push_str(&format!(
            "What happens next: we'll call or e-mail you within {response} to confirm the details.{urgent}\n",
            urgent = business
                .real_phone()
                .map(|phone| format!(" If it can't wait, call us any time at {phone}."))
                .unwrap_or_default(),
        ));
        let picked = picked_answers(self.reader, self.booking_id, self.content).await?;
        if !picked.is_empty() {
            body.push_str("\nYour request:\n");
            for (label, answer) in &picked {
                body.push_str(&format!("  {label}: {answer}\n"));
            }
        }
        match shared_store::photo_count(self.reader, self.booking_id).await? {
            0 => {}
            1 => body.push_str("\nWe received your photo.\n"),
            n => body.push_str(&format!("\nWe received your {n} photos.\n")),
        }
        let manage = self.manage_link().await?;
        body.push_str(&format!("\nTo see, change or cancel your request: {manage}\n"));
        body.push_str(&format!(
            "\nIf you did not ask for this, you can ignore this e-mail.\n\n{}",
            self.signature()
        ));
        let calendar = match time {
            Some(time) => Some(self.ics(time, &manage).await?),
            None => None,
        };
        Ok(Mail::Send {
            subject: format!("Your service request #{} with {}", self.booking_id, business.name),
            body,
            calendar,
        })
    }

    async fn confirmed(&self, time: &Appointment, moved: bool) -> anyhow::Result<Mail> {
        let label = self.calendar().label(time.slot);
        let on_clock = self.calendar().label_on_clock(time.slot);
        let manage = self.manage_link().await?;
        let (subject, opening) = if moved {
            (format!("New time: {label}"), "We've moved your appointment to a new time.")
        } else {
            (format!("Confirmed: {label}"), "Your appointment is confirmed.")
        };
        let body = format!(
            "{opening}\n\n{on_clock}\n{what}, {place}\n\nRequest #{id}. The calendar file attached adds it to your calendar.\n\
             To change or cancel it: {manage}\n\n{questions}{signature}",
            what = capitalised(time.kind.describe()),
            place = self.place(time).await?,
            id = self.booking_id,
            questions = self.questions(),
            signature = self.signature(),
        );
        Ok(Mail::Send { subject, body, calendar: Some(self.ics(time, &manage).await?) })
    }

    /// The customer asked for another time with their link: what they asked for, to be
    /// confirmed, with the calendar file that moves their event.
    async fn asked_again(&self, time: &Appointment) -> anyhow::Result<Mail> {
        let label = self.calendar().label(time.slot);
        let on_clock = self.calendar().label_on_clock(time.slot);
        let manage = self.manage_link().await?;
        let body = format!(
            "You asked for a new time for request #{id}:\n\n{on_clock}\n{what}, {place}\n\n\
             We'll confirm it, or call you to agree another one. The calendar file attached moves the event in your calendar.\n\
             To change or cancel it: {manage}\n\n{questions}{signature}",
            id = self.booking_id,
            what = capitalised(time.kind.describe()),
            place = self.place(time).await?,
            questions = self.questions(),
            signature = self.signature(),
        );
        Ok(Mail::Send {
            subject: format!("New time asked for: {label}"),
            body,
            calendar: Some(self.ics(time, &manage).await?),
        })
    }

    /// The shop dropped the time: it does not hold, the request does; the calendar file removes
    /// the event.
    async fn dropped(&self, time: &Appointment) -> anyhow::Result<Mail> {
        let label = self.calendar().label(time.slot);
        let on_clock = self.calendar().label_on_clock(time.slot);
        let manage = self.manage_link().await?;
        let body = format!(
            "We can't keep the time {on_clock} for request #{id}, so it is off our schedule. \
             Your request stays open: we'll call you to agree another time, or you can pick one here: {manage}\n\n\
             The calendar file attached removes the old time from your calendar.\n\n{questions}{signature}",
            id = self.booking_id,
            questions = self.questions(),
            signature = self.signature(),
        );
        Ok(Mail::Send {
            subject: format!("Time cancelled: {label}"),
            body,
            calendar: Some(self.ics(time, &manage).await?),
        })
    }

    /// The customer cancelled with their link: said back to them, with the calendar file that
    /// removes the event when there was a time.
    async fn cancelled(&self, time: Option<&Appointment>) -> anyhow::Result<Mail> {
        let business = &self.content.business;
        let mut body = format!(
            "Your service request #{id} with {shop} is cancelled, as you asked.\n\n",
            id = self.booking_id,
            shop = business.name,
        );
        if let Some(time) = time {
            body.push_str(&format!(
                "The time {} is off our schedule. The calendar file attached removes it from your calendar.\n\n",
                self.calendar().label_on_clock(time.slot)
            ));
        }
        body.push_str(&format!(
            "Changed your mind, or need us after all? Send a new request at {url}{or_call_us}.\n\n{signature}",
            or_call_us = business.or_call_us(),
            url = self.public_url,
            signature = self.signature(),
        ));
        let manage = self.manage_link().await?;
        Ok(Mail::Send {
            subject: format!("Cancelled: your service request #{} with {}", self.booking_id, business.name),
            body,
            calendar: match time {
                Some(time) => Some(self.ics(time, &manage).await?),
                None => None,
            },
        })
    }

    async fn reminder(&self, time: &Appointment) -> anyhow::Result<Mail> {
        let calendar = self.calendar();
        let manage = self.manage_link().await?;
        let body = format!(
            "A reminder of your appointment tomorrow:\n\n{label}\n{what}, {place}\n\nRequest #{id}.\n\
             Can't make it? Change or cancel it here: {manage}{or_call_us}.\n\n{signature}",
            label = calendar.label_on_clock(time.slot),
            what = capitalised(time.kind.describe()),
            place = self.place(time).await?,
            id = self.booking_id,
            or_call_us = self.content.business.or_call_us(),
            signature = self.signature(),
        );
        Ok(Mail::Send {
            subject: format!("Reminder: your trailer service tomorrow, {}", calendar.hours_of(time.slot)),
            body,
            calendar: Some(self.ics(time, &manage).await?),
        })
    }

    async fn review(&self) -> anyhow::Result<Mail> {
        let business = &self.content.business;
        let token = links::mint(self.db, self.booking_id, Link::Review).await?;
        let body = format!(
            "Thank you for choosing {shop}. We hope your trailer serves you well.\n\n\
             If you have a minute, a short review helps other trailer owners find us:\n{url}{path}\n\n\
             Anything not right? Reply to this e-mail{or_call_us}.\n\n{signature}",
            shop = business.name,
            url = self.public_url,
            path = Link::Review.path(&token),
            or_call_us = business.or_call_us(),
            signature = self.signature(),
        );
        Ok(Mail::Send { subject: format!("Thank you from {}", business.name), body, calendar: None })
    }

    /// Where it happens: the shop's address for a drop-off; for the crew, the place the visitor
    /// gave when it reads as a place (else the service-area city it matched).
    /// Where the job is: the shop for a drop-off; where the trailer is for the crew, with the
    /// street address once the shop confirmed the time.
    async fn place(&self, time: &Appointment) -> anyhow::Result<String> {
        if time.kind == Kind::Shop {
            return Ok(shop_address(self.content));
        }
        Ok(match trailer_place(self.reader, self.booking_id, time.state == State::Confirmed).await? {
            Some(TrailerPlace::Given(place)) => format!("at {place}"),
            Some(TrailerPlace::City(city)) => format!("in {city}"),
            None => "where your trailer is".to_owned(),
        })
    }

    async fn ics(&self, time: &Appointment, manage: &str) -> anyhow::Result<String> {
        let place = trailer_place(self.reader, self.booking_id, time.state == State::Confirmed).await?;
        Ok(calendar_file(
            self.content,
            self.public_url,
            time,
            manage,
            place.as_ref().map(TrailerPlace::text),
            self.db.clock.now(),
        ))
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
