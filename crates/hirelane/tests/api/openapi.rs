//! The OpenAPI document is the list of routes: every protected operation in it refuses missing,
//! malformed, forged and expired tokens, and no route reaches the router without being in it.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jiff::SignedDuration;
use utoipa::openapi::HttpMethod;

use crate::helpers::{Backend, TestApp, backends};

/// `(method, path)` of every documented operation, with whether it requires a bearer token.
fn operations() -> Vec<(reqwest::Method, String, bool)> {
    let doc = hirelane::app::openapi();
    let mut all = Vec::new();
    for (path, item) in doc.paths.paths.iter() {
        let ops = [
            (HttpMethod::Get, &item.get),
            (HttpMethod::Post, &item.post),
            (HttpMethod::Put, &item.put),
            (HttpMethod::Patch, &item.patch),
            (HttpMethod::Delete, &item.delete),
        ];
        for (method, op) in ops {
            let Some(op) = op else { continue };
            let method = match method {
                HttpMethod::Get => reqwest::Method::GET,
                HttpMethod::Post => reqwest::Method::POST,
                HttpMethod::Put => reqwest::Method::PUT,
                HttpMethod::Patch => reqwest::Method::PATCH,
                _ => reqwest::Method::DELETE,
            };
            let protected = op.security.as_ref().is_some_and(|s| !s.is_empty());
            // Path parameters get a plausible value; the guard must answer before they matter.
            let concrete = path
                .split('/')
                .map(|seg| if seg.starts_with('{') { "1" } else { seg })
                .collect::<Vec<_>>()
                .join("/");
            all.push((method, format!("/api{concrete}"), protected));
        }
    }
    all
}

#[tokio::test]
async fn every_protected_route_refuses_bad_tokens() {
    let (app, teardown) = TestApp::spawn(&Backend::Sqlite).await;
    let session = app.sign_in().await;
    let good = session["token"].as_str().expect("token").to_owned();
    let parts: Vec<&str> = good.split('.').collect();
    let forged_payload = URL_SAFE_NO_PAD.encode(
        r#"{"sub":"1","email":"admin@example.com","iat":0,"exp":99999999999,"iss":"hirelane"}"#,
    );
    let forged = format!("{}.{forged_payload}.{}", parts[0], parts[2]);
    let protected: Vec<_> = operations().into_iter().filter(|op| op.2).collect();
    assert!(!protected.is_empty(), "the document marks protected routes");

    let bad_headers: Vec<(&str, Option<String>)> = vec![
        ("missing", None),
        ("not bearer", Some(format!("Basic {good}"))),
        ("malformed", Some("Bearer not-a-token".to_owned())),
        ("forged", Some(format!("Bearer {forged}"))),
        ("empty", Some("Bearer ".to_owned())),
    ];
    for (method, path, _) in &protected {
        for (label, header) in &bad_headers {
            let mut request = app.client.request(method.clone(), app.url(path));
            if let Some(h) = header {
                request = request.header("authorization", h);
            }
            let response = request
                .json(&serde_json::json!({}))
                .send()
                .await
                .expect("request");
            assert_eq!(
                response.status(),
                401,
                "{method} {path} with a {label} token"
            );
            let body: serde_json::Value = response.json().await.expect("json");
            assert_eq!(body["code"], "unauthorized", "{method} {path}");
        }
    }
    app.advance(SignedDuration::from_mins(31));
    for (method, path, _) in &protected {
        let response = app
            .client
            .request(method.clone(), app.url(path))
            .bearer_auth(&good)
            .send()
            .await
            .expect("request");
        assert_eq!(
            response.status(),
            401,
            "{method} {path} with an expired token"
        );
    }
    teardown.run().await;
}

#[tokio::test]
async fn every_documented_route_is_served() {
    let backend = backends().remove(0);
    let (app, teardown) = TestApp::spawn(&backend).await;
    for (method, path, _) in operations() {
        let response = app
            .client
            .request(method.clone(), app.url(&path))
            .send()
            .await
            .expect("request");
        let status = response.status().as_u16();
        // A routed handler may answer 404 for the placeholder id (an unknown invite); only the
        // API's fallback answers "Not found." for a path no route matched.
        let body: serde_json::Value = response.json().await.unwrap_or_default();
        let unrouted = status == 405 || (status == 404 && body["message"] == "Not found.");
        assert!(
            !unrouted,
            "{method} {path} is documented but not routed ({status})"
        );
    }
    let doc = app
        .client
        .get(app.url("/api-docs/openapi.json"))
        .send()
        .await
        .expect("request");
    assert_eq!(doc.status(), 200);
    let doc: serde_json::Value = doc.json().await.expect("json");
    assert_eq!(doc["servers"][0]["url"], "/api");
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
    teardown.run().await;
}

/// The web app's API types are generated from a committed copy of the served document, so a
/// change to the API shows up as a change to that file in review. `HIRELANE_UPDATE_SNAPSHOTS=1`
/// rewrites it (then `npm run api:types` in web/ regenerates the types).
#[tokio::test]
async fn the_committed_snapshot_is_the_served_document() {
    let (app, teardown) = TestApp::spawn(&Backend::Sqlite).await;
    let served: serde_json::Value = app
        .client
        .get(app.url("/api-docs/openapi.json"))
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    teardown.run().await;
    let served = format!("{}\n", serde_json::to_string_pretty(&served).expect("json"));
    let snapshot =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/lib/api/openapi.json");
    if std::env::var_os("HIRELANE_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&snapshot, &served).expect("write the snapshot");
    }
    let committed = std::fs::read_to_string(&snapshot).unwrap_or_default();
    assert!(
        committed == served,
        "{} differs from the served OpenAPI document: run the tests with \
         HIRELANE_UPDATE_SNAPSHOTS=1, then `npm run api:types` in web/",
        snapshot.display()
    );
}

/// Routes join the API only through `utoipa_axum::routes!`, which documents them. A plain
/// `.route(` anywhere but the application's own wiring would add an undocumented route.
#[test]
fn no_route_bypasses_the_document() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("src dir")
            .filter_map(Result::ok)
        {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && path != src.join("app.rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                if text.contains(".route(") || text.contains(".route_service(") {
                    offenders.push(path.display().to_string());
                }
            }
        }
    }
    assert!(offenders.is_empty(), "undocumented routes in {offenders:?}");
}
