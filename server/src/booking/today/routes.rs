//! `GET /api/admin/today`: the owner's front desk, the admin's landing page. Open emergencies
//! first, each with the place and the customer's own words; then the requests nobody has
//! answered yet, urgent ones first (every one of them shown), then the longest waiting, each
//! marked when it has waited longer than the site promises; today's and tomorrow's jobs (today's
//! with whom 'On my way' can be texted to); then
//! what else needs the owner: times to confirm (with the time, to confirm in one tap), changes
//! the customers made, texts from numbers no request has, deliveries that failed for good; and the week's response times against the
//! promise. A handful of indexed queries, however many requests there are.

use std::{collections::HashMap, sync::Arc, time::Duration};

use axum::{Json, extract::State};
use jiff::{Span, Timestamp, civil::Time};
use serde::Serialize;

use super::store::{self, FailedDelivery, Found, LineQuery, LineRow};
use crate::billing::invoice_list_store::{self, OverdueInvoices};
use crate::billing::payment_reads::{self, PaidDeposit};
use crate::billing::quote_list_store::{self, ListedQuote, QuoteShown};
use crate::booking::{
    records,
    response::{self, Measure, ResponseTimes},
    texting::{self, Texting},
    views::TimeRecord,
};
use crate::{
    api_doc::AdminRefusals,
    auth::guard::Admin,
    clock::At,
    db::Db,
    delivery::{
        Outbox,
        text::conversation::{self, NewNumber},
    },
    domain::BookingStatus,
    error::ApiError,
    on_call::{self, figures::EscalationFigures, store::OnCall},
    schedule::{
        calendar::{Calendar, Kind},
        jobs::{self, Job},
        store as appointments,
    },
    site::SiteDetails,
    site::content::{Content, Given, Placeholder},
};

/// The period of the response times.
const WEEK: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// A request in one line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestLine {
    pub id: i64,
    pub name: String,
    pub phone: String,
    /// The picked answers: "Enclosed Trailer · Repairs needed · Need mobile service".
    pub summary: String,
    /// What is wrong or what to build in the customer's own words (the assistant's question
    /// about the job), else the details they added; None when they wrote nothing.
    pub words: Option<String>,
    /// Where the trailer is: the service-area city, else the place as typed, else none.
    pub place: Option<String>,
    /// The street address or cross streets of a mobile job.
    pub street_address: Option<String>,
    pub created_at: At,
    pub status: BookingStatus,
    pub emergency: bool,
    pub urgent: bool,
    /// Answered already (a status, a tap on Call, Text or E-mail, a note, a time).
    pub answered: bool,
    /// Unanswered for longer than the site promises.
    pub overdue: bool,
    /// The time asked for or set (on times to confirm and customers' changes).
    pub time: Option<TimeRecord>,
    /// Who said 'I've got it' (their name, else their address); none while nobody has.
    pub taken_by: Option<String>,
    /// The latest step of its escalation: whom it went to ("Ana", "everyone"), and when.
    pub escalated: Option<Escalated>,
}

/// A step of an emergency's escalation.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Escalated {
    pub to: String,
    pub at: At,
}

/// A change the customer made with their link, not yet acted on.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerChange {
    pub request: RequestLine,
    pub changed_at: At,
    /// What they did, as the note their change left says ("Asked for another time: ..."), or
    /// their newest text ("New reply: ...").
    pub what: String,
}

/// A list and how many it has in all.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lines<T> {
    /// Every urgent one first (up to 100), then the others up to 25 rows in all.
    pub shown: Vec<T>,
    pub total: i64,
    /// How many of those not shown are urgent (none while there are 100 urgent or fewer).
    pub urgent_not_shown: i64,
}

/// A day's jobs.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Day {
    /// "2026-11-26", on the shop's clock.
    pub date: String,
    pub jobs: Vec<Job>,
    /// The mobile jobs whose customer can be texted now ('On my way'), by booking id.
    pub textable: Vec<i64>,
}

/// The front desk.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Today {
    /// Open emergencies (new or contacted, not cancelled), the longest waiting first.
    pub emergencies: Lines<RequestLine>,
    /// Requests nobody answered yet (emergencies are above): urgent ones first, then the longest
    /// waiting.
    pub unanswered: Lines<RequestLine>,
    /// Today's and tomorrow's jobs, soonest first.
    pub today: Day,
    pub tomorrow: Day,
    /// Times asked for and not yet confirmed: urgent requests first, then the soonest.
    pub to_confirm: Lines<RequestLine>,
    pub customer_changes: Lines<CustomerChange>,
    /// Sent quotes waiting: changes asked first, then the soonest to expire.
    pub quotes_waiting: Lines<ListedQuote>,
    /// Deposits paid in the last 7 days, newest first.
    pub deposits_paid: Lines<PaidDeposit>,
    /// Invoices past their day with something left to pay, the longest overdue first.
    pub invoices_overdue: OverdueInvoices,
    /// Conversations with numbers no request has, the newest first (20 at most).
    pub new_numbers: Lines<NewNumber>,
    /// Deliveries of the last 7 days that failed for good, newest first.
    pub failed_deliveries: Lines<FailedDelivery>,
    /// The last 7 days' response times.
    pub response: ResponseTimes,
    /// The shipped placeholders still in the site details (the go-live check).
    pub placeholders: Vec<Placeholder>,
    /// Who is on call now.
    pub on_call: OnCall,
    /// The last 7 days' emergencies, by the escalation step they were answered after.
    pub escalation: EscalationFigures,
}

/// `GET /api/admin/today`.
#[utoipa::path(
    get,
    path = "/today",
    tag = "admin",
    security(("session" = ["owner", "staff"])),
    responses((status = 200, description = "The front desk.", body = Today), AdminRefusals)
)]
pub async fn show(
    State(db): State<Db>,
    State(site): State<Arc<SiteDetails>>,
    State(outbox): State<Arc<Outbox>>,
    _admin: Admin,
) -> Result<Json<Today>, ApiError> {
    let content = site.content();
    let now = db.clock.now();
    let measure = Measure::new(&content);
    let calendar = Calendar::new(&content);
    let today = now.to_zoned(calendar.zone().clone()).date();
    let tomorrow = today.checked_add(Span::new().days(1)).map_err(anyhow::Error::from)?;
    let day_after = tomorrow.checked_add(Span::new().days(1)).map_err(anyhow::Error::from)?;
    let midnight = |date| calendar.instant(date, Time::midnight()).unwrap_or(now);
    let stamp = At::from(now);
    let week_ago = At::from(now - WEEK);
    let (
        emergencies,
        unanswered,
        to_confirm,
        changes,
        (failed, failed_total),
        (numbers, numbers_total),
        jobs,
        response,
        (quotes, quotes_total),
        (deposits, deposits_total),
        invoices_overdue,
    ) = tokio::try_join!(
        store::lines(&db, LineQuery::Emergencies),
        store::lines(&db, LineQuery::Unanswered),
        store::lines(&db, LineQuery::ToConfirm),
        store::lines(&db, LineQuery::CustomerChanges),
        store::failed_deliveries(&db),
        conversation::new_numbers(&db),
        jobs::between(&db, &content, midnight(today), midnight(day_after)),
        response::between(&db, &measure, (now - WEEK, now), now),
        quote_list_store::list(&db, QuoteShown::Waiting, &stamp, store::SHOWN),
        payment_reads::deposits_since(&db, &week_ago, store::SHOWN),
        invoice_list_store::overdue(&db, &stamp, store::SHOWN),
    )?;
    let mut lined =
        Lined::read(&db, &content, &measure, now, [&emergencies, &unanswered, &to_confirm, &changes]).await?;
    let (today_jobs, tomorrow_jobs): (Vec<Job>, Vec<Job>) =
        jobs.into_iter().partition(|job| job.date == today.to_string());
    let mut textable = Vec::new();
    // 'On my way' is for the crew driving to a trailer: mobile jobs only.
    for job in today_jobs.iter().filter(|job| job.kind == Kind::Mobile) {
        if texting::of(&db, &outbox, job.booking_id, &job.phone).await? == Texting::On {
            textable.push(job.booking_id);
        }
    }
    let changes_total = changes.total;
    let changed: Vec<CustomerChange> = changes
        .rows
        .into_iter()
        .filter_map(|row| {
            let changed_at = row.customer_change_at?;
            let what = lined.notes.remove(&row.id).unwrap_or_default();
            Some(CustomerChange { request: lined.line(row)?, changed_at, what })
        })
        .collect();
    Ok(Json(Today {
        emergencies: lined.lines(emergencies),
        unanswered: lined.lines(unanswered),
        today: Day { date: today.to_string(), jobs: today_jobs, textable },
        tomorrow: Day { date: tomorrow.to_string(), jobs: tomorrow_jobs, textable: Vec::new() },
        to_confirm: lined.lines(to_confirm),
        customer_changes: Lines { urgent_not_shown: 0, total: changes_total, shown: changed },
        quotes_waiting: Lines { shown: quotes, total: quotes_total, urgent_not_shown: 0 },
        deposits_paid: Lines { shown: deposits, total: deposits_total, urgent_not_shown: 0 },
        invoices_overdue,
        new_numbers: Lines { shown: numbers, total: numbers_total, urgent_not_shown: 0 },
        failed_deliveries: Lines { shown: failed, total: failed_total, urgent_not_shown: 0 },
        response,
        placeholders: content.placeholders(),
        on_call: on_call::routes::now(&db, &site).await?,
        escalation: on_call::figures::between(&db, (now - WEEK, now)).await?,
    }))
}

/// What the lines are made with: the answers and time of every request shown, and the
/// customer's last note on each changed one, read once for all lists.
struct Lined<'a> {
    content: &'a Content,
    calendar: Calendar<'a>,
    measure: &'a Measure<'a>,
    now: Timestamp,
    answers: HashMap<i64, Vec<Given>>,
    times: HashMap<i64, appointments::Appointment>,
    notes: HashMap<i64, String>,
}

impl<'a> Lined<'a> {
    async fn read(
        db: &Db,
        content: &'a Content,
        measure: &'a Measure<'a>,
        now: Timestamp,
        lists: [&Found; 4],
    ) -> anyhow::Result<Self> {
        let mut ids: Vec<i64> = lists.iter().flat_map(|list| list.rows.iter().map(|row| row.id)).collect();
        ids.sort_unstable();
        ids.dedup();
        let answers =
            records::answers(db, &ids).await?.iter().map(|(id, rows)| (*id, records::asked(rows))).collect();
        let timed: Vec<i64> = lists[2].rows.iter().chain(&lists[3].rows).map(|row| row.id).collect();
        let times = appointments::for_bookings(db, &timed).await?;
        let changed: Vec<i64> = lists[3].rows.iter().map(|row| row.id).collect();
        let notes = records::last_customer_words(db, &changed).await?;
        Ok(Self { content, calendar: Calendar::new(content), measure, now, answers, times, notes })
    }

    fn line(&self, row: LineRow) -> Option<RequestLine> {
        let created = row.created_at.timestamp();
        let answered = records::answered(row.first_response_at, row.status);
        let answers = self.answers.get(&row.id).map_or(&[][..], Vec::as_slice);
        let chat = &self.content.chat;
        Some(RequestLine {
            summary: chat.summary(answers).join(" · "),
            words: records::customer_words(chat, answers, &row.details),
            place: row.location_city.or(row.location),
            street_address: row.street_address,
            overdue: !answered
                && row.status == BookingStatus::New
                && self.measure.overdue(row.emergency, created, self.now),
            answered,
            time: self.times.get(&row.id).map(|time| TimeRecord {
                kind: time.kind,
                start: At::from(time.slot.start),
                end: At::from(time.slot.end),
                state: time.state,
                label: self.calendar.label(time.slot),
            }),
            id: row.id,
            name: row.name,
            phone: row.phone,
            created_at: row.created_at,
            status: row.status,
            emergency: row.emergency,
            urgent: row.urgent,
            taken_by: row.taken_by,
            escalated: row.escalated_to.zip(row.escalated_at).map(|(to, at)| Escalated { to, at }),
        })
    }

    fn lines(&self, found: Found) -> Lines<RequestLine> {
        let shown: Vec<RequestLine> = found.rows.into_iter().filter_map(|row| self.line(row)).collect();
        let urgent_shown = i64::try_from(shown.iter().filter(|line| line.urgent).count()).unwrap_or(0);
        Lines { total: found.total, urgent_not_shown: (found.urgent - urgent_shown).max(0), shown }
    }
}
