//! Connection hygiene: slow, idle and greedy clients are cut off or turned away, and everyone
//! else keeps being served. Clients come from several loopback addresses (127.0.0.0/8 is all
//! this machine), as attackers and visitors would come from different ones.

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use tokio::{
    io::{AsyncReadExt as _, AsyncWriteExt as _},
    net::{TcpSocket, TcpStream},
};

use crate::helpers::{TestApp, spawn_app_with};

fn address(app: &TestApp) -> SocketAddr {
    app.url.trim_start_matches("http://").parse().expect("the app's address")
}

/// A TCP connection to the app from the loopback address `from` (127.0.0.`from`).
async fn connect_from(app: &TestApp, from: u8) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket.bind(SocketAddr::from(([127, 0, 0, from], 0))).expect("bind a loopback address");
    socket.connect(address(app)).await.expect("the app accepts")
}

/// Reads until the peer closes; what it sent, or None if it is still open after `limit`.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut received = Vec::new();
    let read = tokio::time::timeout(limit, async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    read.ok().map(|()| String::from_utf8_lossy(&received).into_owned())
}

/// A GET of / by a well-behaved client (a new connection from 127.0.0.1): its time, or a panic.
async fn visitor_fetch(app: &TestApp) -> Duration {
    let started = Instant::now();
    let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().expect("a client");
    let response = client.get(format!("{}/", app.url)).send().await.expect("the visitor is answered");
    assert_eq!(response.status(), 200);
    response.bytes().await.expect("the page");
    started.elapsed()
}

/// `count` connections from twenty addresses send a header line every 300 ms and never finish,
/// for `run_for`, while a visitor fetches / every 400 ms: every fetch answers within 1 s, and by
/// the end the header timeout has closed every trickling connection.
pub async fn trickling_clients(count: usize, run_for: Duration, header_timeout_ms: u64) {
    let app = spawn_app_with(|c| c.connections.header_timeout_ms = header_timeout_ms).await;
    let mut tricklers = Vec::new();
    for n in 0..count {
        let from = 2 + u8::try_from(n % 20).expect("a small number");
        let mut stream = connect_from(&app, from).await;
        stream.write_all(b"GET / HTTP/1.1\r\nHost: trailers.example.com\r\n").await.expect("write");
        tricklers.push(stream);
    }
    let trickle = tokio::spawn(async move {
        let started = Instant::now();
        let mut closed = vec![false; tricklers.len()];
        while started.elapsed() < run_for {
            for (stream, closed) in tricklers.iter_mut().zip(closed.iter_mut()) {
                if !*closed && stream.write_all(b"X-Slow: yes\r\n").await.is_err() {
                    *closed = true;
                }
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        // Those a failed write did not reveal: closed if reading says so at once.
        for (stream, closed) in tricklers.iter_mut().zip(closed.iter_mut()) {
            if !*closed {
                *closed = closed_within(stream, Duration::from_millis(100)).await.is_some();
            }
        }
        closed
    });
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    while started.elapsed() < run_for {
        slowest = slowest.max(visitor_fetch(&app).await);
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
    assert!(slowest < Duration::from_secs(1), "a visitor waited {slowest:?}");
    let closed = trickle.await.expect("the trickling clients ran");
    let open = closed.iter().filter(|closed| !**closed).count();
    assert_eq!(open, 0, "every trickling connection is closed by the header timeout");
    println!(
        "figure: slow clients | {count} connections trickling headers for {} s | \
         slowest visitor fetch of / {} ms, {count} of {count} cut off by the header timeout",
        run_for.as_secs(),
        slowest.as_millis()
    );
}

#[tokio::test]
async fn clients_trickling_headers_are_cut_off_while_visitors_are_served() {
    trickling_clients(200, Duration::from_secs(4), 1500).await;
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_header_timeout() {
    let app = spawn_app_with(|c| c.connections.header_timeout_ms = 800).await;
    let mut stream = connect_from(&app, 1).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: trailers.example.com\r\n\r\n").await.expect("write");
    let mut buffer = [0u8; 1024];
    let n = stream.read(&mut buffer).await.expect("an answer");
    assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 200"));
    let started = Instant::now();
    assert!(
        closed_within(&mut stream, Duration::from_secs(3)).await.is_some(),
        "the idle connection is closed"
    );
    assert!(
        started.elapsed() >= Duration::from_millis(700),
        "not before the timeout: {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    let app = spawn_app_with(|c| c.connections.max_connections_per_address = 5).await;
    let mut greedy = Vec::new();
    for _ in 0..5 {
        greedy.push(connect_from(&app, 7).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut sixth = connect_from(&app, 7).await;
    let answer = closed_within(&mut sixth, Duration::from_secs(1)).await.expect("turned away at once");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    assert!(visitor_fetch(&app).await < Duration::from_secs(1), "another address is served");

    drop(greedy.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut again = connect_from(&app, 7).await;
    again.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.expect("write");
    let answer = closed_within(&mut again, Duration::from_secs(2)).await.expect("answered");
    assert!(answer.starts_with("HTTP/1.1 200"), "a freed place is taken again: {answer:?}");
}

#[tokio::test]
async fn past_the_total_cap_new_connections_get_a_quick_503() {
    let app = spawn_app_with(|c| c.connections.max_connections = 6).await;
    let mut held = Vec::new();
    for n in 0..6 {
        held.push(connect_from(&app, 10 + n).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let mut late = connect_from(&app, 20).await;
    let answer = closed_within(&mut late, Duration::from_secs(1)).await.expect("turned away at once");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    assert!(answer.contains("Retry-After"), "{answer:?}");
    assert!(started.elapsed() < Duration::from_secs(1));
    held.clear();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(visitor_fetch(&app).await < Duration::from_secs(1), "places come back when connections close");
}

#[tokio::test]
async fn a_body_that_trickles_is_cut_off_and_nothing_is_stored() {
    let app = spawn_app_with(|c| c.connections.body_timeout_ms = 800).await;
    let mut stream = connect_from(&app, 1).await;
    stream
        .write_all(b"POST /api/bookings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{\"name\":")
        .await
        .expect("write");
    let writer = tokio::spawn(async move {
        for _ in 0..30 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if stream.write_all(b" ").await.is_err() {
                break;
            }
        }
        stream
    });
    let mut stream = writer.await.expect("the slow writer ran");
    let answer = closed_within(&mut stream, Duration::from_secs(2)).await.expect("the connection ends");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
    assert!(answer.contains("The request took too long"), "{answer:?}");
    assert_eq!(app.count("SELECT COUNT(*) FROM bookings").await, 0);
    assert!(visitor_fetch(&app).await < Duration::from_secs(1));
}
