//! The guard of every admin API: a live session of an admin, and for writes a same-origin
//! request carrying the session's CSRF token.

use std::sync::Arc;

use axum::{
    extract::{FromRef, FromRequestParts},
    http::{HeaderMap, header, request::Parts},
};
use axum_extra::extract::CookieJar;
use tokio::sync::Semaphore;

use super::password::Password;
use super::session::{self, CookiePolicy, SessionUser};
use crate::audit::Actor;
use crate::{api_doc::CSRF_HEADER, client_address::ClientAddress, db::Db, domain::Role, error::ApiError};

/// Password hashes computed at once; more sign-ins wait for a turn (or get 429).
const CONCURRENT_HASHES: usize = 2;
/// How long a sign-in waits for a turn at hashing before it gets 429.
const HASHING_WAIT: std::time::Duration = std::time::Duration::from_secs(3);
const BUSY: &str = "Sign-in is busy right now. Please try again in a moment.";

/// What sign-in and the guard share.
pub struct AuthDesk {
    pub db: Db,
    pub cookies: CookiePolicy,
    /// Turns at argon2, which takes ~20 MiB and tens of milliseconds of a core each.
    pub hashing: Semaphore,
    /// The site's address, for the links e-mailed to the owner (`https://trailers.example.com`).
    pub public_url: String,
}

impl AuthDesk {
    pub fn new(db: Db, https: bool, public_url: String) -> Self {
        Self { db, cookies: CookiePolicy { https }, hashing: Semaphore::new(CONCURRENT_HASHES), public_url }
    }

    /// A turn at password hashing, or 429 after a short wait.
    pub async fn hashing_turn(&self) -> Result<tokio::sync::SemaphorePermit<'_>, ApiError> {
        tokio::time::timeout(HASHING_WAIT, self.hashing.acquire())
            .await
            .map_err(|_| ApiError::TooManyRequests(BUSY.into()))?
            .map_err(|_| ApiError::TooManyRequests(BUSY.into()))
    }

    /// The hash of `password` to store, made at a turn (argon2, off the async threads).
    pub async fn hash(&self, password: Password) -> Result<String, ApiError> {
        let _turn = self.hashing_turn().await?;
        Ok(tokio::task::spawn_blocking(move || password.hash()).await.map_err(anyhow::Error::from)??)
    }

    /// The session token the request's cookie carries.
    pub fn token<'a>(&self, jar: &'a CookieJar) -> Option<&'a str> {
        jar.get(self.cookies.name()).map(|cookie| cookie.value())
    }
}

/// A request from a signed-in member of the team (an owner or staff).
pub struct Admin {
    pub user: SessionUser,
    pub client_ip: String,
    /// The session's token, from the cookie (the account page tells this session from others).
    pub token: String,
}

impl Admin {
    /// Whether they may see and change what belongs to member `user_id` (a device): an owner all
    /// of the shop's, staff their own.
    pub fn may_manage(&self, user_id: i64) -> bool {
        self.user.role == Role::Owner || self.user.user_id == user_id
    }

    /// The admin as the audit log records them.
    pub fn actor(&self) -> Actor<'_> {
        Actor { user_id: Some(self.user.user_id), email: &self.user.email, client_ip: &self.client_ip }
    }
}

impl<S> FromRequestParts<S> for Admin
where
    S: Send + Sync,
    Arc<AuthDesk>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let desk = Arc::<AuthDesk>::from_ref(state);
        let jar = CookieJar::from_headers(&parts.headers);
        let token = desk.token(&jar).ok_or(ApiError::Unauthorized)?;
        let user = session::find(&desk.db, token).await?.ok_or(ApiError::Unauthorized)?;
        if !parts.method.is_safe() {
            if !same_origin(&parts.headers) {
                return Err(ApiError::Forbidden("Cross-site requests are not allowed."));
            }
            let sent = parts.headers.get(CSRF_HEADER).and_then(|value| value.to_str().ok()).unwrap_or("");
            if !session::secrets_match(sent, &user.csrf_token) {
                return Err(ApiError::Forbidden("The security token is missing or stale. Reload the page."));
            }
        }
        let Ok(ClientAddress(client)) = ClientAddress::from_request_parts(parts, state).await;
        Ok(Self { user, client_ip: client.to_string(), token: token.to_owned() })
    }
}

/// What a staff member is told of an owner's screen or operation.
pub const OWNERS_ONLY: &str =
    "Only an owner of the shop may do this: staff work with Today, the requests and the schedule.";

/// A request from a signed-in owner; a staff member gets 403 with `OWNERS_ONLY`.
pub struct Owner(pub Admin);

impl<S> FromRequestParts<S> for Owner
where
    S: Send + Sync,
    Arc<AuthDesk>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let admin = Admin::from_request_parts(parts, state).await?;
        if admin.user.role != Role::Owner {
            return Err(ApiError::Forbidden(OWNERS_ONLY));
        }
        Ok(Self(admin))
    }
}

/// False for a request a browser marks as coming from another site: `Sec-Fetch-Site` other than
/// same-origin, or an `Origin` whose host is not this request's host. Clients that send neither
/// (scripts, curl) pass; writes still need the CSRF token.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|value: &header::HeaderValue| value.to_str().ok());
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site"))
        && site != "same-origin"
    {
        return false;
    }
    match text(header::ORIGIN) {
        None => true,
        Some(origin) => {
            let authority = origin.split_once("://").map_or("", |(_, rest)| rest);
            text(header::HOST).is_some_and(|host| host.eq_ignore_ascii_case(authority))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| (header::HeaderName::from_static(name), value.parse().unwrap()))
            .collect()
    }

    #[test]
    fn same_origin_requests_and_plain_clients_pass() {
        assert!(same_origin(&headers(&[
            ("host", "a.test"),
            ("origin", "https://a.test"),
            ("sec-fetch-site", "same-origin")
        ])));
        assert!(same_origin(&headers(&[("host", "a.test")])));
    }

    #[test]
    fn cross_site_requests_are_refused() {
        assert!(!same_origin(&headers(&[("host", "a.test"), ("origin", "https://evil.test")])));
        assert!(!same_origin(&headers(&[("host", "a.test"), ("sec-fetch-site", "cross-site")])));
        assert!(!same_origin(&headers(&[("host", "a.test"), ("origin", "null")])));
    }
}
