//! The row a request's path names, loaded before the handler runs: `Found(post): Found<AdminPost>`.
//! An id that is not a number is a 400, a row that is not there a 404 with its kind's message,
//! both in the API's one shape of error, written here once.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use serde::{Deserialize, de::DeserializeOwned};

use crate::error::{ApiError, Checked};

/// A kind of row a path can name by its `{id}`, found with what the state `S` holds.
pub trait Lookup<S>: Sized {
    /// The type of the path's `{id}`.
    type Id: DeserializeOwned + Send;
    /// The 404's message: "There is no such post."
    const MISSING: &'static str;

    /// The row, or `None` when there is none with `id`.
    fn find(state: &S, id: Self::Id) -> impl Future<Output = anyhow::Result<Option<Self>>> + Send;
}

/// The row the path's `{id}` names (other parameters of the path are left to the handler).
pub struct Found<T>(pub T);

#[derive(Deserialize)]
struct PathId<I> {
    id: I,
}

impl<S, T> FromRequestParts<S> for Found<T>
where
    S: Send + Sync,
    T: Lookup<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Checked(Path(PathId { id })) =
            Checked::<Path<PathId<T::Id>>>::from_request_parts(parts, state).await?;
        T::find(state, id).await?.map(Found).ok_or(ApiError::NotFound(T::MISSING))
    }
}
