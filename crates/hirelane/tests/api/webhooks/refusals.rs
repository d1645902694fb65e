//! What Settings > Webhooks refuses: internal targets (at subscription, and again at delivery
//! when the name came to resolve to one), plain http, bad event types, non-admins.

use hirelane::auth::Role;
use reqwest::Method;
use serde_json::json;

use super::receiver::Receiver;
use super::{deliver_all, log};
use crate::helpers::{TestApp, on_each_db_configured};
use crate::interviews::support::{create_job, import};

const PUBLIC: &str = "https://93.184.216.34/hooks";

async fn post(app: &TestApp, token: &str, url: &str, types: serde_json::Value) -> (u16, String) {
    let body = json!({"url": url, "eventTypes": types});
    let (status, answer) = app
        .call(Method::POST, "/api/Settings/Webhooks", token, Some(&body))
        .await;
    (
        status,
        answer["code"].as_str().unwrap_or_default().to_owned(),
    )
}

#[tokio::test]
async fn internal_targets_and_bad_subscriptions_are_refused() {
    let configure = |s: &mut hirelane::config::Settings| s.webhooks.poll_interval_ms = 0;
    on_each_db_configured(configure, |app: TestApp| async move {
        let token = app.token().await;
        let types = json!(["candidate.uploaded"]);
        for url in [
            "https://127.0.0.1/hooks",
            "https://localhost:8443/hooks",
            "https://169.254.169.254/latest/meta-data",
            "https://10.0.0.8/",
            "https://192.168.1.10/",
            "https://100.64.0.1/",
            "https://0.0.0.0/",
            "https://[::1]/",
            "https://[fd00::1]/",
            "https://[fe80::1]/",
            "https://[::ffff:10.0.0.1]/",
            "https://0x7f.1/",
        ] {
            let refused = post(&app, &token, url, types.clone()).await;
            assert_eq!(refused, (400, "webhook_target_refused".into()), "{url}");
        }
        for url in [
            "",
            "not a url",
            "ftp://example.com/",
            "http://93.184.216.34/hooks",
            "https://user:password@93.184.216.34/",
        ] {
            let refused = post(&app, &token, url, types.clone()).await;
            assert_eq!(refused, (400, "invalid_webhook_url".into()), "{url:?}");
        }
        let long = format!("https://example.com/{}", "a".repeat(2000));
        assert_eq!(
            post(&app, &token, &long, types.clone()).await.1,
            "invalid_webhook_url"
        );
        for bad in [json!([]), json!(["candidate.nope"]), json!(["candidate.%"])] {
            let refused = post(&app, &token, PUBLIC, bad.clone()).await;
            assert_eq!(refused, (400, "invalid_event_type".into()), "{bad}");
        }

        // A public address is taken; unknown ids are 404; removal ends it.
        let (status, code) = post(&app, &token, PUBLIC, types.clone()).await;
        assert_eq!((status, code.as_str()), (201, ""));
        let (_, list) = app.get_with_token("/api/Settings/Webhooks", &token).await;
        let id = list["endpoints"][0]["id"].as_i64().expect("id");
        assert!(
            list["eventTypes"]
                .as_array()
                .expect("types")
                .contains(&json!("candidate.erased"))
        );
        for path in [
            "/api/Settings/Webhooks/999/Secret",
            "/api/Settings/Webhooks/x/Resume",
        ] {
            let (status, body) = app.call(Method::POST, path, &token, None).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (404, Some("not_found")),
                "{path}"
            );
        }
        let missing = format!("/api/Settings/Webhooks/{id}/Deliveries/12345/Resend");
        assert_eq!(app.call(Method::POST, &missing, &token, None).await.0, 404);
        let endpoint = format!("/api/Settings/Webhooks/{id}");
        assert_eq!(
            app.call(Method::DELETE, &endpoint, &token, None).await.0,
            204
        );
        assert_eq!(
            app.call(Method::DELETE, &endpoint, &token, None).await.0,
            404
        );

        // Only admins; nobody without a token.
        let (_, recruiter) = app
            .add_and_sign_in("rita@example.com", "Rita Recruiter", Role::Recruiter)
            .await;
        assert_eq!(post(&app, &recruiter, PUBLIC, types.clone()).await.0, 403);
        let (status, _) = app
            .get_with_token("/api/Settings/Webhooks", &recruiter)
            .await;
        assert_eq!(status, 403);
        assert_eq!(post(&app, "not-a-token", PUBLIC, types).await.0, 401);
    })
    .await;
}

#[tokio::test]
async fn a_host_that_comes_to_resolve_to_an_internal_address_is_refused_at_delivery() {
    let configure = |s: &mut hirelane::config::Settings| s.webhooks.poll_interval_ms = 0;
    on_each_db_configured(configure, |app: TestApp| async move {
        let token = app.token().await;
        let receiver = Receiver::start().await;
        // As if the name had resolved to a public address when it was subscribed: the row is
        // written directly, since the API would (rightly) refuse it today. The URL is https, so
        // the only refusal left is the address the name resolves to.
        let url = receiver
            .url
            .replace("http://127.0.0.1", "https://localhost");
        hirelane::execute!(
            &app.state.db,
            "INSERT INTO webhook_endpoints (url, events, secret, created_at)
             VALUES ($1, ',candidate.uploaded,', 'c2VjcmV0', 0)",
            (&url)
        )
        .expect("an endpoint");
        let jd = create_job(&app, &token, "2026-04-30").await;
        import(&app, &token, jd, &[("Ana Lima", "ana@example.com")]).await;

        assert_eq!(deliver_all(&app).await, 1);
        assert!(receiver.got().is_empty(), "never connected to");
        let (_, list) = app.get_with_token("/api/Settings/Webhooks", &token).await;
        let id = list["endpoints"][0]["id"].as_i64().expect("id");
        let entry = &log(&app, &token, id).await[0];
        assert_eq!(entry["status"], "pending");
        assert_eq!(entry["responseCode"], json!(null));
        let error = entry["error"].as_str().expect("why");
        assert!(error.contains("internal address"), "{error}");
    })
    .await;
}
