//! The single-page app, health check and HTTP hygiene (headers, request ids, compression).

use crate::helpers::{Backend, TestApp, on_each_db};

#[tokio::test]
async fn client_routes_get_the_app_and_api_misses_get_json() {
    let (app, teardown) = TestApp::spawn(&Backend::Sqlite).await;
    for path in ["/", "/login", "/folders", "/jd/abc", "/no/such/page"] {
        let response = app.client.get(app.url(path)).send().await.expect("request");
        assert_eq!(response.status(), 200, "{path}");
        let text = response.text().await.expect("text");
        assert!(
            text.contains("<div id=\"root\">"),
            "{path} serves index.html"
        );
    }
    let response = app
        .client
        .get(app.url("/api/NoSuch/Thing"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["code"], "not_found");
    teardown.run().await;
}

#[tokio::test]
async fn responses_carry_security_headers_and_request_ids() {
    let (app, teardown) = TestApp::spawn(&Backend::Sqlite).await;
    let response = app
        .client
        .get(app.url("/login"))
        .send()
        .await
        .expect("request");
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
        let response = app
            .client
            .get(app.url("/healthz"))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["database"], "ok", "on {}", app.backend);
        app.state.db.close().await;
        let response = app
            .client
            .get(app.url("/healthz"))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 503);
    })
    .await;
}
