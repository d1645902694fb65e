//! Signed outgoing webhooks on both databases, delivered to a real local receiver: signatures,
//! personal data, retries on the schedule, order per candidate, pausing, SSRF refusals,
//! redirects, endless answers and two instances sharing the outbox.

mod delivery;
mod instances;
mod jobs;
mod receiver;
mod refusals;

use hirelane::config::Settings;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;

/// The tests' receiver is on 127.0.0.1 over http, so they turn the operator setting on; they
/// run the worker themselves (`deliver_due`) so no timed loop races their assertions.
pub(crate) fn local_receivers(settings: &mut Settings) {
    settings.webhooks.allow_private_targets = true;
    settings.webhooks.poll_interval_ms = 0;
    settings.webhooks.timeout_seconds = 2;
    settings.webhooks.pause_after_failures = 7;
    settings.webhooks.pause_after_hours = 1;
}

/// Subscribes `url` to `types`; returns the endpoint's id and its secret.
pub(crate) async fn subscribe(
    app: &TestApp,
    token: &str,
    url: &str,
    types: &[&str],
    personal: bool,
) -> (i64, String) {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Settings/Webhooks",
            token,
            Some(&json!({"url": url, "eventTypes": types, "includePersonalData": personal})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let secret = body["secret"].as_str().expect("a secret").to_owned();
    (body["endpoint"]["id"].as_i64().expect("an id"), secret)
}

/// The endpoint's delivery log, newest first.
pub(crate) async fn log(app: &TestApp, token: &str, endpoint: i64) -> Vec<Value> {
    let (status, body) = app
        .get_with_token(
            &format!("/api/Settings/Webhooks/{endpoint}/Deliveries"),
            token,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body.as_array().expect("deliveries").clone()
}

/// Runs the worker until nothing is due; returns how many attempts it made.
pub(crate) async fn deliver_all(app: &TestApp) -> usize {
    let mut total = 0;
    loop {
        let sent = hirelane::webhooks::deliver_due(&app.state)
            .await
            .expect("deliveries run");
        if sent == 0 {
            return total;
        }
        total += sent;
    }
}
