//! The single-page app, health check and HTTP hygiene (headers, request ids, compression).

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Backend, TestApp, on_each_db, on_each_db_configured};

#[tokio::test]
async fn client_routes_get_the_app_and_api_misses_get_json() {
    let (app, teardown) = TestApp::spawn(&Backend::Sqlite).await;
    for path in ["/", "/login", "/folders", "/jd/abc", "/no/such/page"] {
        let response = get(&app, &app.url(path)).await;
        assert_eq!(response.status(), 200, "{path}");
        let text = response.text().await.expect("text");
        assert!(
            text.contains("<div id=\"root\">"),
            "{path} serves index.html"
        );
    }
    let response = get(&app, &app.url("/api/NoSuch/Thing")).await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["code"], "not_found");
    teardown.run().await;
}

#[tokio::test]
async fn responses_carry_security_headers_and_request_ids() {
    let (app, teardown) = TestApp::spawn(&Backend::Sqlite).await;
    let response = get(&app, &app.url("/login")).await;
    let headers = response.headers();
    let csp = headers["content-security-policy"].to_str().expect("csp");
    assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert!(headers["x-request-id"].len() >= 12);
    assert_eq!(
        headers["cache-control"], "no-cache",
        "the app shell is revalidated"
    );
    let compressed = app
        .client
        .get(app.url("/"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .expect("request");
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    teardown.run().await;
}

#[tokio::test]
async fn health_check_reaches_the_database() {
    on_each_db(|app: TestApp| async move {
        let response = get(&app, &app.url("/healthz")).await;
        assert_eq!(response.status(), 200);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["database"], "ok", "on {}", app.backend);
        app.state.db.close().await;
        let response = get(&app, &app.url("/healthz")).await;
        assert_eq!(response.status(), 503);
    })
    .await;
}

#[tokio::test]
async fn readiness_names_each_part_and_the_one_that_failed() {
    on_each_db(|app: TestApp| async move {
        let response = get(&app, &app.ops_url("/readyz")).await;
        assert_eq!(response.status(), 200, "on {}", app.backend);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["status"], "ready");
        for part in ["database", "storage", "mail"] {
            assert_eq!(body[part], "ok", "{part} on {}", app.backend);
        }
        app.state.db.close().await;
        let response = get(&app, &app.ops_url("/readyz")).await;
        assert_eq!(response.status(), 503);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["database"], "unreachable");
        assert_eq!(body["storage"], "ok");
        assert_eq!(body["failed"], serde_json::json!(["database"]));
    })
    .await;
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_mails_in_prometheus_text() {
    on_each_db(|app: TestApp| async move {
        app.sign_in().await;
        // Two hits on one parameterised route must share one series.
        for id in ["abc", "def"] {
            app.client
                .get(app.url(&format!("/api/Drive/GetJDByID?jdid={id}")))
                .send()
                .await
                .expect("request");
        }
        let response = get(&app, &app.ops_url("/metrics")).await;
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-type"]
                .to_str()
                .expect("type")
                .starts_with("text/plain; version=0.0.4"),
        );
        let text = response.text().await.expect("text");
        for expected in [
            "# TYPE hirelane_http_requests_total counter",
            "hirelane_http_requests_total{route=\"/api/auth/requestotp\",method=\"POST\",status=\"2xx\"} 1",
            "hirelane_http_requests_total{route=\"/api/auth/verifyotp\",method=\"POST\",status=\"2xx\"} 1",
            "# TYPE hirelane_http_request_duration_seconds histogram",
            "hirelane_http_request_duration_seconds_bucket{route=\"/api/auth/requestotp\",method=\"POST\",status=\"2xx\",le=\"+Inf\"} 1",
            "hirelane_analysis_queue_depth{state=\"queued\"} 0",
            "hirelane_analyses_total{outcome=\"done\"} 0",
            "hirelane_emails_total{result=\"sent\"} 1",
            "hirelane_emails_total{result=\"failed\"} 0",
            "hirelane_voice_provider_errors_total 0",
        ] {
            assert!(text.contains(expected), "missing {expected} on {}:\n{text}", app.backend);
        }
        let get_jd = text
            .lines()
            .filter(|l| l.starts_with("hirelane_http_requests_total{route=\"/api/Drive/GetJDByID\""))
            .count();
        assert_eq!(get_jd, 1, "one series per route and status class:\n{text}");
    })
    .await;
}

/// Start-up opens every configured part and stops with the failing part's name.
#[tokio::test]
async fn start_up_fails_fast_naming_an_unreachable_bucket_or_mail_server() {
    use hirelane::config::{MailTransport, Secret, Settings, SmtpSecurity, StorageBackend};
    let dir = tempfile::tempdir().expect("temp dir");
    // A port nothing listens on: bound, then released.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port")
        .port();
    let base = || {
        let mut settings = Settings {
            data_dir: dir.path().to_path_buf(),
            ..Settings::default()
        };
        settings.database.url = Some(Secret::new(format!(
            "sqlite://{}",
            dir.path().join("hirelane.db").display()
        )));
        settings
    };
    let clock = std::sync::Arc::new(hirelane_core::clock::SystemClock);

    let mut settings = base();
    settings.storage.backend = StorageBackend::S3;
    settings.storage.s3.bucket = "resumes".into();
    settings.storage.s3.endpoint = Some(format!("http://127.0.0.1:{closed}"));
    settings.storage.s3.allow_http = true;
    settings.storage.s3.request_timeout_seconds = 2;
    // Without keys the client would ask the cloud's instance-metadata service first.
    settings.storage.s3.access_key_id = Some("test".into());
    settings.storage.s3.secret_access_key = Some(Secret::new("test"));
    let err = hirelane::app::build_state(settings, clock.clone())
        .await
        .expect_err("no bucket there");
    let message = format!("{err:#}");
    assert!(
        message.starts_with("storage: bucket 'resumes' at http://127.0.0.1:"),
        "{message}"
    );

    let mut settings = base();
    settings.mail.transport = MailTransport::Smtp;
    settings.mail.smtp.host = "127.0.0.1".into();
    settings.mail.smtp.port = closed;
    settings.mail.smtp.security = SmtpSecurity::None;
    let err = hirelane::app::build_state(settings, clock)
        .await
        .expect_err("no mail server there");
    assert!(format!("{err:#}").starts_with("mail"), "{err:#}");
}

/// A GET without credentials.
async fn get(app: &TestApp, url: &str) -> reqwest::Response {
    app.client.get(url).send().await.expect("request")
}

/// `/readyz` and `/metrics` answer only on the operations listener; the app's port (the one a
/// proxy exposes) says where they went, and keeps the liveness check.
#[tokio::test]
async fn operations_endpoints_are_not_on_the_app_port() {
    on_each_db(|app: TestApp| async move {
        for path in ["/readyz", "/metrics"] {
            let response = get(&app, &app.url(path)).await;
            assert_eq!(response.status(), 404, "{path} on the app port");
            let body: serde_json::Value = response.json().await.expect("json");
            assert_eq!(body["code"], "not_found");
            let response = get(&app, &app.ops_url(path)).await;
            assert_eq!(response.status(), 200, "{path} on the operations port");
        }
        for url in [app.url("/healthz"), app.ops_url("/healthz")] {
            let response = get(&app, &url).await;
            assert_eq!(response.status(), 200, "{url}");
        }
        let response = get(&app, &app.ops_url("/api/auth/me")).await;
        assert_eq!(
            response.status(),
            404,
            "the API is not on the operations port"
        );
    })
    .await;
}

/// What the server sends back on a raw connection before closing it (within ten seconds).
async fn raw_exchange(app: &TestApp, request: &[u8]) -> String {
    let address = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    stream.write_all(request).await.expect("write");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the server closed the connection");
    String::from_utf8_lossy(&answer).into_owned()
}

/// Slowloris: headers that never end, or a body that never comes, do not hold a connection.
#[tokio::test]
async fn slow_clients_are_cut_off() {
    let configure = |settings: &mut hirelane::config::Settings| {
        settings.server.header_read_timeout_seconds = 1;
        settings.server.request_timeout_seconds = 1;
    };
    on_each_db_configured(configure, |app: TestApp| async move {
        // Headers started, never finished: closed without an answer.
        let answer = raw_exchange(&app, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: 1").await;
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
            "{answer}"
        );
        // A body promised and not sent: 408 in the API's error shape.
        let answer = raw_exchange(
            &app,
            b"POST /api/auth/verifyotp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\nConnection: close\r\n\r\n{\"email\":",
        )
        .await;
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
        // The server answers everyone else as before.
        let response = get(&app, &app.url("/healthz")).await;
        assert_eq!(response.status(), 200);
    })
    .await;
}
