//! Bodies compressed once (gzip and brotli) and served by content negotiation with an ETag.
//!
//! Serving is the hot path: a response shares the stored bytes and header values, and neither
//! negotiation nor the headers allocate.

use axum::{
    body::Body,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::Response,
};
use bytes::Bytes;
use sha2::{Digest, Sha256};
use std::{io::Write as _, sync::Arc};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding the client accepts (brotli, then gzip), honouring `q=0`.
    pub fn negotiate(headers: &HeaderMap) -> Self {
        let (mut brotli, mut gzip) = (false, false);
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';').map(str::trim);
                let name = parts.next().unwrap_or_default();
                let accepted = parts
                    .find_map(|p| p.strip_prefix("q="))
                    .is_none_or(|q| q.trim().parse::<f32>().is_ok_and(|q| q > 0.0));
                if name.eq_ignore_ascii_case("br") {
                    brotli |= accepted;
                } else if name.eq_ignore_ascii_case("gzip") {
                    gzip |= accepted;
                }
            }
        }
        if brotli {
            Self::Brotli
        } else if gzip {
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

/// How hard brotli works: a good ratio for documents, a fast pass for data read rarely.
#[derive(Clone, Copy, Debug)]
pub enum Effort {
    /// Quality 10: HTML documents and images. Within 2% of quality 11's size at about a third
    /// of its time (20-30 ms for a large page here), as pages are compressed on first request.
    Best,
    /// Quality 5: page JSON for client-side navigation, feeds and sitemaps.
    Fast,
}

/// One encoding of a body with its ETag.
#[derive(Debug)]
struct Variant {
    body: Bytes,
    etag: HeaderValue,
}

/// One response body in three encodings, made once; responses share the bytes.
#[derive(Debug)]
pub struct Encoded {
    identity: Variant,
    gzip: Variant,
    brotli: Variant,
}

impl Encoded {
    /// Compresses `identity` (CPU-bound: call it off the async executor for large bodies).
    pub fn new(identity: Vec<u8>, effort: Effort) -> Self {
        let hash = hex(&Sha256::digest(&identity)[..12]);
        let quality = match effort {
            Effort::Best => 10,
            Effort::Fast => 5,
        };
        let variant = |mut body: Vec<u8>, encoding: Encoding| Variant {
            // Bytes keeps a Vec's whole allocation; compressors grow theirs by doubling.
            body: {
                body.shrink_to_fit();
                body.into()
            },
            // Hex digits and a suffix are always a valid header value.
            etag: HeaderValue::from_str(&format!("\"{hash}{}\"", encoding.etag_suffix()))
                .unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
        };
        Self {
            gzip: variant(gzip(&identity), Encoding::Gzip),
            brotli: variant(brotli(&identity, quality), Encoding::Brotli),
            identity: variant(identity, Encoding::Identity),
        }
    }

    /// Compresses `identity` on a blocking thread, for sharing.
    pub async fn shared_off_executor(identity: Vec<u8>, effort: Effort) -> anyhow::Result<Arc<Self>> {
        Ok(Arc::new(tokio::task::spawn_blocking(move || Self::new(identity, effort)).await?))
    }

    fn variant(&self, encoding: Encoding) -> &Variant {
        match encoding {
            Encoding::Brotli => &self.brotli,
            Encoding::Gzip => &self.gzip,
            Encoding::Identity => &self.identity,
        }
    }

    /// Bytes held, all encodings together.
    pub fn size(&self) -> u64 {
        [&self.identity, &self.gzip, &self.brotli].iter().map(|v| v.body.len() as u64).sum()
    }

    /// A response in the encoding the request accepts, or 304 when its ETag matches.
    pub fn respond(
        &self,
        request: &HeaderMap,
        status: StatusCode,
        content_type: HeaderValue,
        cache_control: &'static str,
    ) -> Response {
        let encoding = Encoding::negotiate(request);
        let variant = self.variant(encoding);
        let not_modified = status == StatusCode::OK
            && request.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).any(|v| {
                v.split(',').any(|tag| {
                    let tag = tag.trim();
                    tag == "*" || tag.as_bytes() == variant.etag.as_bytes()
                })
            });
        let mut response = if not_modified {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            response
        } else {
            let mut response = Response::new(Body::from(variant.body.clone()));
            *response.status_mut() = status;
            response
        };
        let headers = response.headers_mut();
        headers.reserve(16);
        headers.insert(header::CONTENT_TYPE, content_type);
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        headers.insert(header::ETAG, variant.etag.clone());
        if let Some(value) = encoding.header_value() {
            headers.insert(header::CONTENT_ENCODING, value);
        }
        response
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
        assert_eq!(Encoding::negotiate(&accept("GZIP")), Encoding::Gzip);
        assert_eq!(Encoding::negotiate(&accept("identity")), Encoding::Identity);
        assert_eq!(Encoding::negotiate(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn an_encoding_with_q_zero_is_refused() {
        assert_eq!(Encoding::negotiate(&accept("br;q=0, gzip")), Encoding::Gzip);
        assert_eq!(Encoding::negotiate(&accept("br;q=0.5")), Encoding::Brotli);
        assert_eq!(Encoding::negotiate(&accept("br; q=0.0, gzip;q=junk")), Encoding::Identity);
    }

    #[test]
    fn both_compressed_bodies_decode_to_the_original() {
        let text = "trailer ".repeat(500).into_bytes();
        let encoded = Encoded::new(text.clone(), Effort::Best);
        let mut gunzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&encoded.gzip.body[..]), &mut gunzipped)
            .unwrap();
        assert_eq!(gunzipped, text);
        let mut unbrotlied = Vec::new();
        brotli::BrotliDecompress(&mut &encoded.brotli.body[..], &mut unbrotlied).unwrap();
        assert_eq!(unbrotlied, text);
        assert!(encoded.brotli.body.len() < text.len() / 10);
        assert_eq!(encoded.size(), (text.len() + encoded.gzip.body.len() + encoded.brotli.body.len()) as u64);
    }

    #[test]
    fn a_matching_etag_gets_304_per_encoding() {
        let encoded = Encoded::new(b"<p>hello</p>".to_vec(), Effort::Fast);
        let mut request = accept("gzip");
        let html = HeaderValue::from_static("text/html");
        let first = encoded.respond(&request, StatusCode::OK, html.clone(), "no-cache");
        let etag = first.headers()[header::ETAG].clone();
        assert!(etag.to_str().unwrap().ends_with("-gz\""));
        request.insert(header::IF_NONE_MATCH, etag);
        assert_eq!(encoded.respond(&request, StatusCode::OK, html.clone(), "no-cache").status(), 304);
        request.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("br"));
        assert_eq!(encoded.respond(&request, StatusCode::OK, html, "no-cache").status(), 200);
    }
}
