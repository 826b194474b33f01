//! Which request a text from a known number belongs to: the newest request of the customer the
//! number is on. The outbox asks through `delivery::text::Threads`, which it cannot import here.

use futures_util::future::BoxFuture;

use crate::{
    booking::shared_store::BookingStatements as _, db::Db, delivery::text::Threads, domain::Phone, with_db,
};

/// The customers' answer to "whose thread is this number's?".
pub struct CustomerThreads(pub Db);

impl Threads for CustomerThreads {
    fn thread_of<'a>(&'a self, phone: &'a str) -> BoxFuture<'a, anyhow::Result<Option<i64>>> {
        Box::pin(async move {
            let Ok(phone) = Phone::parse(phone) else { return Ok(None) };
            let national = phone.national();
            let db = &self.0;
            Ok(with_db!(db, |pool| {
                let mut connection = pool.acquire().await?;
                let customer: Option<i64> =
                    sqlx::query_scalar("SELECT customer_id FROM customer_phones WHERE national = $1")
                        .bind(&national)
                        .fetch_optional(&mut *connection)
                        .await?;
                match customer {
                    Some(customer) => connection.newest_of(customer).await?,
                    None => None,
                }
            }))
        })
    }
}
