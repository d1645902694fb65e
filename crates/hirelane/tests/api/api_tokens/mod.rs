//! Integrators' API tokens: what an admin makes in Settings, what the guard lets a token do, and
//! every way a token or a request for one is refused.

mod lifecycle;
mod scopes;

use serde_json::{Value, json};

use crate::helpers::TestApp;

/// Every scope a token can hold.
pub const SCOPES: [&str; 5] = [
    "candidates:read",
    "jobs:read",
    "stages:write",
    "interviews:read",
    "reports:read",
];

/// Makes a token as the recruiter signed in with `session`; answers the created token's JSON
/// (`token`, `secret`).
pub async fn create(app: &TestApp, session: &str, body: Value) -> Value {
    let (status, created) = app
        .call(
            reqwest::Method::POST,
            "/api/Settings/ApiTokens",
            session,
            Some(&body),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    created
}

/// The secret of a new token named `name` holding `scopes`.
pub async fn secret(app: &TestApp, session: &str, name: &str, scopes: &[&str]) -> String {
    let created = create(app, session, json!({ "name": name, "scopes": scopes })).await;
    created["secret"].as_str().expect("secret").to_owned()
}
