//! A token's life: made by an admin (every bad request refused), used, listed with its last use,
//! expired by the clock, revoked at once on another instance, rate-limited, and gone with the
//! admin who made it; what it does is logged under its name.

use hirelane::auth::Role;
use jiff::SignedDuration;
use reqwest::Method;
use serde_json::{Value, json};

use super::{create, secret};
use crate::helpers::{TestApp, backends, on_each_db, on_each_db_configured};
use crate::interviews::support::setup;

const READ: &str = "/api/Drive/GetAllCandidates";
const TOKENS: &str = "/api/Settings/ApiTokens";

async fn listed(app: &TestApp, session: &str) -> Vec<Value> {
    let (status, body) = app.get_with_token(TOKENS, session).await;
    assert_eq!(status, 200, "{body}");
    body.as_array().expect("a list").clone()
}

#[tokio::test]
async fn a_bad_request_for_a_token_is_refused_with_its_code() {
    on_each_db(|app| async move {
        let session = app.token().await;
        let long = "x".repeat(81);
        let cases: Vec<(&str, Value, &str)> = vec![
            ("no name", json!({ "name": "", "scopes": ["jobs:read"] }), "invalid_body"),
            ("a blank name", json!({ "name": "   ", "scopes": ["jobs:read"] }), "invalid_body"),
            ("a long name", json!({ "name": long, "scopes": ["jobs:read"] }), "invalid_body"),
            ("two lines", json!({ "name": "a\nb", "scopes": ["jobs:read"] }), "invalid_body"),
            ("no scope", json!({ "name": "CI", "scopes": [] }), "invalid_body"),
            ("an unknown scope", json!({ "name": "CI", "scopes": ["team:write"] }), "invalid_json"),
            ("scopes left out", json!({ "name": "CI" }), "invalid_json"),
            (
                "an expiry that is no instant",
                json!({ "name": "CI", "scopes": ["jobs:read"], "expiresAt": "tomorrow" }),
                "invalid_date_time",
            ),
            (
                "an expiry in the past",
                json!({ "name": "CI", "scopes": ["jobs:read"], "expiresAt": "2026-03-01T00:00:00Z" }),
                "invalid_date_time",
            ),
        ];
        for (label, body, code) in cases {
            let (status, answer) = app.call(Method::POST, TOKENS, &session, Some(&body)).await;
            assert_eq!(status, 400, "{label}: {answer}");
            assert_eq!(answer["code"], code, "{label}");
        }
        assert!(listed(&app, &session).await.is_empty(), "nothing was made");

        for id in ["999", "abc"] {
            let (status, body) = app
                .call(Method::DELETE, &format!("{TOKENS}/{id}"), &session, None)
                .await;
            assert_eq!((status, body["code"].clone()), (404, json!("not_found")), "{id}");
        }

        // A recruiter who is not an admin manages no tokens.
        let (_, sam) = app
            .add_and_sign_in("sam@example.com", "Sam Recruiter", Role::Recruiter)
            .await;
        let body = json!({ "name": "CI", "scopes": ["jobs:read"] });
        for (method, path) in [(Method::GET, TOKENS), (Method::POST, TOKENS)] {
            let (status, answer) = app.call(method.clone(), path, &sam, Some(&body)).await;
            assert_eq!(status, 403, "{method} {path}: {answer}");
            assert_eq!(answer["code"], "forbidden");
        }

        // Presented tokens that are not one.
        let real = secret(&app, &session, "CI", &["candidates:read"]).await;
        let mut altered = real.clone();
        let last = if altered.ends_with('A') { "B" } else { "A" };
        altered.replace_range(altered.len() - 1.., last);
        for presented in ["hl_", "hl_not-a-token", altered.as_str()] {
            let (status, body) = app.get_with_token(READ, presented).await;
            assert_eq!(status, 401, "{presented}: {body}");
            assert_eq!(body["code"], "token_invalid");
        }
    })
    .await;
}

#[tokio::test]
async fn a_token_is_shown_once_and_listed_with_its_last_use() {
    on_each_db(|app| async move {
        let session = app.token().await;
        let created = create(
            &app,
            &session,
            json!({ "name": " HRIS sync ", "scopes": ["jobs:read", "candidates:read", "jobs:read"] }),
        )
        .await;
        let secret = created["secret"].as_str().expect("secret").to_owned();
        assert!(secret.starts_with("hl_") && secret.len() >= 40, "{secret}");
        let token = &created["token"];
        assert_eq!(token["name"], "HRIS sync");
        assert_eq!(token["scopes"], json!(["candidates:read", "jobs:read"]));
        assert_eq!(token["hint"], secret[..8]);
        assert_eq!(token["createdBy"], "Admin User");
        assert_eq!(token["expiresAt"], Value::Null);
        assert_eq!(token["lastUsedAt"], Value::Null);

        let list = listed(&app, &session).await;
        assert_eq!(list.len(), 1);
        assert!(!Value::Array(list).to_string().contains(&secret), "the secret is not listed");

        let (status, body) = app.get_with_token(READ, &secret).await;
        assert_eq!(status, 200, "{body}");
        let first = listed(&app, &session).await[0].clone();
        assert_eq!(first["lastUsedAt"], "2026-03-02T09:00:00Z");
        assert_eq!(first["lastUsedFrom"], "127.0.0.1");

        app.advance(SignedDuration::from_mins(5));
        let (status, _) = app.get_with_token("/api/Drive/JDFolders", &secret).await;
        assert_eq!(status, 200);
        let later = listed(&app, &session).await[0].clone();
        assert_eq!(later["lastUsedAt"], "2026-03-02T09:05:00Z");

        // The session's own routes stay closed to it, whatever it holds.
        let (status, body) = app.get_with_token("/api/auth/me", &secret).await;
        assert_eq!((status, body["code"].clone()), (403, json!("token_scope")));
    })
    .await;
}

#[tokio::test]
async fn a_token_stops_at_its_expiry_by_the_servers_clock() {
    on_each_db(|app| async move {
        let session = app.token().await;
        let created = create(
            &app,
            &session,
            json!({ "name": "A week", "scopes": ["candidates:read"], "expiresAt": "2026-03-02T10:00:00Z" }),
        )
        .await;
        let secret = created["secret"].as_str().expect("secret").to_owned();
        assert_eq!(created["token"]["expiresAt"], "2026-03-02T10:00:00Z");
        app.advance(SignedDuration::from_mins(59));
        assert_eq!(app.get_with_token(READ, &secret).await.0, 200);
        app.advance(SignedDuration::from_mins(1));
        let (status, body) = app.get_with_token(READ, &secret).await;
        assert_eq!((status, body["code"].clone()), (401, json!("token_expired")), "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_revoked_token_stops_at_once_on_every_instance() {
    for backend in backends() {
        let (app, teardown) = TestApp::spawn(&backend).await;
        let (other, stop_other, other_server) = app.sibling(&teardown).await;
        let session = app.token().await;
        let secret = secret(&app, &session, "Sync", &["candidates:read"]).await;
        let id = listed(&app, &session).await[0]["id"].as_i64().expect("id");
        assert_eq!(other.get_with_token(READ, &secret).await.0, 200);

        let (status, revoked) = app
            .call(Method::DELETE, &format!("{TOKENS}/{id}"), &session, None)
            .await;
        assert_eq!(status, 200, "{revoked}");
        assert_eq!(revoked["revokedAt"], "2026-03-02T09:00:00Z");
        for instance in [&other, &app] {
            let (status, body) = instance.get_with_token(READ, &secret).await;
            assert_eq!(
                (status, body["code"].clone()),
                (401, json!("token_revoked"))
            );
        }
        // Revoking again changes nothing; the list keeps it, with when.
        app.advance(SignedDuration::from_mins(1));
        let (status, again) = app
            .call(Method::DELETE, &format!("{TOKENS}/{id}"), &session, None)
            .await;
        assert_eq!(
            (status, again["revokedAt"].clone()),
            (200, revoked["revokedAt"].clone())
        );
        let _ = stop_other.send(());
        let _ = other_server.await;
        teardown.run().await;
    }
}

#[tokio::test]
async fn a_token_over_its_rate_gets_a_429_until_the_minute_ends() {
    on_each_db_configured(
        |settings| settings.auth.api_token_requests_per_minute = 3,
        |app| async move {
            let session = app.token().await;
            let busy = secret(&app, &session, "Busy", &["candidates:read"]).await;
            let calm = secret(&app, &session, "Calm", &["candidates:read"]).await;
            for _ in 0..3 {
                assert_eq!(app.get_with_token(READ, &busy).await.0, 200);
            }
            let response = app
                .client
                .get(app.url(READ))
                .bearer_auth(&busy)
                .send()
                .await
                .expect("request");
            assert_eq!(response.status(), 429);
            assert_eq!(response.headers()["retry-after"], "60");
            let body: Value = response.json().await.expect("json");
            assert_eq!(body["code"], "rate_limited");
            assert!(
                body["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("API token"))
            );
            // Another token, and the admin's own session, are not held back.
            assert_eq!(app.get_with_token(READ, &calm).await.0, 200);
            assert_eq!(app.get_with_token(READ, &session).await.0, 200);
            app.advance(SignedDuration::from_secs(60));
            assert_eq!(app.get_with_token(READ, &busy).await.0, 200);
        },
    )
    .await;
}

#[tokio::test]
async fn a_token_goes_with_the_admin_who_made_it() {
    on_each_db(|app| async move {
        let session = app.token().await;
        let (ops, theirs) = app
            .add_and_sign_in("ops@example.com", "Ops Lead", Role::Admin)
            .await;
        let secret = secret(&app, &theirs, "Their sync", &["candidates:read"]).await;
        assert_eq!(app.get_with_token(READ, &secret).await.0, 200);
        let (status, _) = app
            .call(Method::DELETE, &format!("/api/Team/{ops}"), &session, None)
            .await;
        assert_eq!(status, 200);
        let (status, body) = app.get_with_token(READ, &secret).await;
        assert_eq!(
            (status, body["code"].clone()),
            (401, json!("token_invalid"))
        );
    })
    .await;
}

#[tokio::test]
async fn what_a_token_does_is_logged_under_its_name() {
    on_each_db(|app| async move {
        let s = setup(&app, "2026-03-10", &[("Ana Lima", "ana@example.com")]).await;
        let token = secret(&app, &s.token, "ATS sync", &["stages:write"]).await;
        let body = json!({
            "candidates": [{ "resumeId": s.ids[0], "fromStage": "new" }],
            "stage": "rejected",
            "reason": "Not eligible to work here",
        });
        let (status, answer) = app
            .call(Method::POST, "/api/Pipeline/Move", &token, Some(&body))
            .await;
        assert_eq!(status, 200, "{answer}");
        let (status, log) = app
            .get_with_token(
                &format!("/api/Activity?resumeId={}&kind=stageChanged", s.ids[0]),
                &s.token,
            )
            .await;
        assert_eq!(status, 200, "{log}");
        let by_token = json!("Admin User (API token ATS sync)");
        let events = log["events"].as_array().expect("events");
        assert!(
            events.iter().any(|e| e["actor"]["name"] == by_token),
            "{log}"
        );
    })
    .await;
}
