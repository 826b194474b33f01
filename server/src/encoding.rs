//! Bodies compressed once (gzip and brotli) and served by content negotiation with an ETag.

use axum::{
    body::Body,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::Response,
};
use bytes::Bytes;
use sha2::{Digest, Sha256};
use std::io::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding the client accepts (brotli, then gzip), honouring `q=0`.
    pub fn negotiate(headers: &HeaderMap) -> Self {
        let accepted = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|item| {
                let mut parts = item.split(';').map(str::trim);
                let name = parts.next()?.to_ascii_lowercase();
                let quality = parts
                    .find_map(|p| p.strip_prefix("q="))
                    .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
                (quality > 0.0).then_some(name)
            })
            .collect::<Vec<_>>();
        if accepted.iter().any(|e| e == "br") {
            Self::Brotli
        } else if accepted.iter().any(|e| e == "gzip") {
            Self::Gzip
        } else {
            Self::Identity
        }
    }

    pub fn header_value(self) -> Option<HeaderValue> {
        match self {
            Self::Brotli => Some(HeaderValue::from_static("br")),
            Self::Gzip => Some(HeaderValue::from_static("gzip")),
            Self::Identity => None,
        }
    }

    fn etag_suffix(self) -> &'static str {
        match self {
            Self::Brotli => "-br",
            Self::Gzip => "-gz",
            Self::Identity => "",
        }
    }
}

/// How hard brotli works: the best ratio for documents, a fast pass for data read rarely.
#[derive(Clone, Copy, Debug)]
pub enum Effort {
    /// Quality 11: HTML documents and images, compressed once and sent many times.
    Best,
    /// Quality 5: the page JSON used by client-side navigation; about 40 times faster.
    Fast,
}

/// One response body in three encodings, made once. The bodies are shared, not copied, per response.
#[derive(Debug)]
pub struct Encoded {
    identity: Bytes,
    gzip: Bytes,
    brotli: Bytes,
    hash: String,
}

impl Encoded {
    pub fn new(identity: Vec<u8>, effort: Effort) -> Self {
        let hash = hex(&Sha256::digest(&identity)[..12]);
        let quality = match effort {
            Effort::Best => 11,
            Effort::Fast => 5,
        };
        Self {
            gzip: gzip(&identity).into(),
            brotli: brotli(&identity, quality).into(),
            identity: identity.into(),
            hash,
        }
    }

    fn body(&self, encoding: Encoding) -> &Bytes {
        match encoding {
            Encoding::Brotli => &self.brotli,
            Encoding::Gzip => &self.gzip,
            Encoding::Identity => &self.identity,
        }
    }

    /// A response in the encoding the request accepts, or 304 when its ETag matches.
    pub fn respond(
        &self,
        request: &HeaderMap,
        status: StatusCode,
        content_type: &str,
        cache_control: &'static str,
    ) -> Response {
        let encoding = Encoding::negotiate(request);
        let etag = format!("\"{}{}\"", self.hash, encoding.etag_suffix());
        let not_modified = request
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"));
        let mut builder = Response::builder()
            .header(header::CONTENT_TYPE, content_type)
            .header(header::CACHE_CONTROL, cache_control)
            .header(header::VARY, "Accept-Encoding")
            .header(header::ETAG, &etag);
        if let Some(value) = encoding.header_value() {
            builder = builder.header(header::CONTENT_ENCODING, value);
        }
        let response = if not_modified && status == StatusCode::OK {
            builder.status(StatusCode::NOT_MODIFIED).body(Body::empty())
        } else {
            builder.status(status).body(Body::from(self.body(encoding).clone()))
        };
        // Every header above is a valid constant or hex, so building cannot fail.
        response.unwrap_or_default()
    }
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}

fn brotli(data: &[u8], quality: i32) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 4);
    let params = brotli::enc::BrotliEncoderParams { quality, lgwin: 22, ..Default::default() };
    let _ = brotli::BrotliCompress(&mut &data[..], &mut out, &params);
    out
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn brotli_is_preferred_then_gzip() {
        assert_eq!(Encoding::negotiate(&accept("gzip, deflate, br")), Encoding::Brotli);
        assert_eq!(Encoding::negotiate(&accept("gzip")), Encoding::Gzip);
        assert_eq!(Encoding::negotiate(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn an_encoding_with_q_zero_is_refused() {
        assert_eq!(Encoding::negotiate(&accept("br;q=0, gzip")), Encoding::Gzip);
        assert_eq!(Encoding::negotiate(&accept("br;q=0.5")), Encoding::Brotli);
    }

    #[test]
    fn both_compressed_bodies_decode_to_the_original() {
        let text = "trailer ".repeat(500).into_bytes();
        let encoded = Encoded::new(text.clone(), Effort::Best);
        let mut gunzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&encoded.gzip[..]), &mut gunzipped)
            .unwrap();
        assert_eq!(gunzipped, text);
        let mut unbrotlied = Vec::new();
        brotli::BrotliDecompress(&mut &encoded.brotli[..], &mut unbrotlied).unwrap();
        assert_eq!(unbrotlied, text);
        assert!(encoded.body(Encoding::Brotli).len() < text.len() / 10);
    }
}
