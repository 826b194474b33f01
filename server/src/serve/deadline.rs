//! A request body that must arrive whole before a deadline, so a client trickling a body cannot
//! hold a connection (and a handler) for as long as it likes.

use std::{
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use axum::body::{Body, Bytes};
use hyper::body::{Body as HttpBody, Frame, Incoming, SizeHint};
use tokio::time::{Instant, Sleep};

use crate::error::BodyTooSlow;

/// `incoming` as the router's body type; a body with content gets `limit` to arrive.
pub fn with_deadline(incoming: Incoming, limit: Duration) -> Body {
    if incoming.is_end_stream() {
        Body::new(incoming)
    } else {
        Body::new(Deadline {
            body: incoming,
            sleep: Box::pin(tokio::time::sleep_until(Instant::now() + limit)),
            limit,
        })
    }
}

struct Deadline {
    body: Incoming,
    sleep: Pin<Box<Sleep>>,
    limit: Duration,
}

impl HttpBody for Deadline {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|frame| frame.map_err(Into::into)));
        }
        if self.sleep.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Some(Err(BodyTooSlow(self.limit).into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
