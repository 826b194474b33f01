//! PostgreSQL's notices between instances: a worker hears that another instance wrote work for
//! it, and looks at once rather than at its next poll.

use std::time::Duration;

use sqlx::{PgPool, postgres::PgListener};

/// Calls `heard` at each notice on `channel`, for ever: when the connection fails it says so
/// (`cannot` names what is not heard) and listens again a second later. Runs until aborted.
pub async fn hear(pool: &PgPool, channel: &str, cannot: &str, heard: impl Fn()) {
    loop {
        let error = listen(pool, channel, &heard).await;
        tracing::warn!("Cannot hear {cannot}: {error}");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Listens until the connection fails; answers why it did.
async fn listen(pool: &PgPool, channel: &str, heard: &impl Fn()) -> sqlx::Error {
    let mut listener = match PgListener::connect_with(pool).await {
        Ok(listener) => listener,
        Err(error) => return error,
    };
    if let Err(error) = listener.listen(channel).await {
        return error;
    }
    loop {
        match listener.recv().await {
            Ok(_) => heard(),
            Err(error) => return error,
        }
    }
}
