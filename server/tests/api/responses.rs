//! Caching, compression and security headers.

use crate::helpers::spawn_app;

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app().await;
    let html = app.page("/", 200).await;
    let script = html
        .split("<script type=\"module\" src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("script");
    for path in ["/", "/missing", "/healthz", "/api/page?path=/", script, "/site/favicon.svg"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().expect("text");
        for directive in [
            "script-src 'self';",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
            "form-action 'self'",
            "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com;",
        ] {
            assert!(csp.contains(directive), "{path}: CSP has {directive}");
        }
        assert!(!csp.contains("unsafe-eval"), "{path}");
        assert!(!csp.split(';').any(|d| d.contains("script-src") && d.contains("unsafe-inline")), "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert!(headers.contains_key("permissions-policy"), "{path}");
        assert!(!headers.contains_key("access-control-allow-origin"), "{path}");
        // Served over https (the test's public URL), so HSTS is on.
        assert!(headers["strict-transport-security"].to_str().expect("text").contains("max-age="), "{path}");
    }
}

#[tokio::test]
async fn pages_are_served_compressed_with_an_etag_and_revalidated() {
    let app = spawn_app().await;
    let url = format!("{}/", app.url);
    let response = app.client.get(&url).header("accept-encoding", "gzip, br").send().await.expect("response");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(response.headers()["vary"], "Accept-Encoding");
    let etag = response.headers()["etag"].clone();
    let compressed = response.bytes().await.expect("body").len();
    let plain = app.page("/", 200).await.len();
    assert!(compressed * 4 < plain, "brotli {compressed} bytes vs {plain}");

    let again = app
        .client
        .get(&url)
        .header("accept-encoding", "gzip, br")
        .header("if-none-match", etag)
        .send()
        .await
        .expect("response");
    assert_eq!(again.status(), 304);

    let gzip = app.client.get(&url).header("accept-encoding", "gzip").send().await.expect("response");
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_pre_compressed() {
    let app = spawn_app().await;
    let html = app.page("/", 200).await;
    let css =
        html.split("<link rel=\"stylesheet\" href=\"").nth(1).and_then(|s| s.split('"').next()).expect("css");
    let response = app
        .client
        .get(format!("{}{css}", app.url))
        .header("accept-encoding", "br")
        .send()
        .await
        .expect("response");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(response.headers()["content-type"], "text/css");

    assert_eq!(app.get("/assets/not-there.js").await.status(), 404);
}

#[tokio::test]
async fn the_site_images_are_served_with_their_type() {
    let app = spawn_app().await;
    let response = app.get("/site/hero-poster.svg").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert_eq!(app.get("/site/nothing.png").await.status(), 404);
}

/// The status line of a GET sent byte for byte as written (clients normalise `..` away).
async fn raw_status(app: &crate::helpers::TestApp, path: &str) -> String {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut stream =
        tokio::net::TcpStream::connect(app.url.trim_start_matches("http://")).await.expect("connects");
    let request = format!("GET {path} HTTP/1.1\r\nHost: trailers.example.com\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn path_traversal_on_media_assets_and_site_images_is_a_404() {
    let app = spawn_app().await;
    for prefix in ["/media/blog-images/", "/assets/", "/site/"] {
        for attack in [
            "../trailerworks.db",
            "..%2ftrailerworks.db",
            "%2e%2e/%2e%2e/etc/passwd",
            "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "..\\..\\etc\\passwd",
            "/etc/passwd",
            "%2fetc%2fpasswd",
            "....//....//etc/passwd",
        ] {
            let status = raw_status(&app, &format!("{prefix}{attack}")).await;
            assert!(
                status.starts_with("HTTP/1.1 404") || status.starts_with("HTTP/1.1 400"),
                "{prefix}{attack}: {status}"
            );
        }
    }
}
