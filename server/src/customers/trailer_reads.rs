//! The customers' trailers as their records show them: each kind in the words the assistant
//! gives it now.

use super::model::TrailerRecord;
use crate::{
    db::Db,
    site::content::{Chat, ChatOption},
    with_db,
};

/// The key of the assistant's question whose options are the kinds of trailer.
const TRAILER_STEP: &str = "trailer";

/// The kinds of trailer the assistant asks about: its trailer question's options.
pub fn kinds(chat: &Chat) -> Vec<ChatOption> {
    chat.steps
        .iter()
        .find(|step| step.key == TRAILER_STEP)
        .map(|step| step.options.clone())
        .unwrap_or_default()
}

const COLUMNS: &str =
    "id, kind_key, kind_text, make, model, year, vin, plate, plate_state, axles, gvwr_lbs, colour";

/// Customer `customer`'s trailers, oldest first, each kind in the words `chat` gives it now.
pub async fn of(db: &Db, customer: i64, chat: &Chat) -> anyhow::Result<Vec<TrailerRecord>> {
    let sql =
        sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM trailers WHERE customer_id = $1 ORDER BY id"));
    let mut trailers: Vec<TrailerRecord> =
        with_db!(db, |pool| sqlx::query_as(sql).bind(customer).fetch_all(pool).await?);
    let kinds = kinds(chat);
    for trailer in &mut trailers {
        if let Some(kind) = kinds.iter().find(|kind| kind.key == trailer.kind_key) {
            trailer.kind_text.clone_from(&kind.text);
        }
    }
    Ok(trailers)
}
