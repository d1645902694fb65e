//! Every operation of the document the application serves, called with API tokens: the scope
//! its `apiToken` requirement names is exactly what lets a token through, and an operation that
//! names none (team, templates, settings, API tokens themselves, sign-out) refuses every token.

use serde_json::{Value, json};

use super::{SCOPES, secret};
use crate::helpers::{TestApp, on_each_db};

/// One documented operation.
struct Operation {
    method: reqwest::Method,
    /// With `1` for every path parameter: the guard answers before it matters.
    path: String,
    /// Whether it asks for credentials at all (public routes ignore them).
    protected: bool,
    /// The scope an API token needs, if a token may call it.
    scope: Option<String>,
}

async fn document(app: &TestApp) -> Value {
    app.client
        .get(app.url("/api-docs/openapi.json"))
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json")
}

/// The operations of the document the application serves.
async fn operations(app: &TestApp) -> Vec<Operation> {
    let doc = document(app).await;
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let method = match method.as_str() {
                "get" => reqwest::Method::GET,
                "post" => reqwest::Method::POST,
                "put" => reqwest::Method::PUT,
                "patch" => reqwest::Method::PATCH,
                "delete" => reqwest::Method::DELETE,
                _ => continue,
            };
            let security = operation["security"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let scope = security
                .iter()
                .find_map(|requirement| requirement["apiToken"].as_array())
                .map(|scopes| {
                    assert_eq!(scopes.len(), 1, "{method} {path} names one scope");
                    scopes[0].as_str().expect("scope").to_owned()
                });
            let concrete = path
                .split('/')
                .map(|seg| if seg.starts_with('{') { "1" } else { seg })
                .collect::<Vec<_>>()
                .join("/");
            all.push(Operation {
                method,
                path: format!("/api{concrete}"),
                protected: !security.is_empty(),
                scope,
            });
        }
    }
    all
}

async fn call(app: &TestApp, op: &Operation, token: &str) -> (u16, Value) {
    let body = (op.method != reqwest::Method::GET).then(|| json!({}));
    app.call(op.method.clone(), &op.path, token, body.as_ref())
        .await
}

#[tokio::test]
async fn every_documented_route_lets_a_token_through_only_with_its_scope() {
    on_each_db(|app| async move {
        let session = app.token().await;
        let all = secret(&app, &session, "every scope", &SCOPES).await;
        let mut only = Vec::new();
        let mut without = Vec::new();
        for scope in SCOPES {
            only.push((scope, secret(&app, &session, scope, &[scope]).await));
            let rest: Vec<&str> = SCOPES.into_iter().filter(|s| *s != scope).collect();
            without.push((scope, secret(&app, &session, scope, &rest).await));
        }
        let token_for = |list: &[(&str, String)], scope: &str| {
            list.iter()
                .find(|(s, _)| *s == scope)
                .map(|(_, t)| t.clone())
                .unwrap_or_else(|| panic!("the document names an unknown scope {scope}"))
        };
        let operations = operations(&app).await;
        let scoped = operations.iter().filter(|op| op.scope.is_some()).count();
        assert!(scoped >= 10, "the document names scopes ({scoped})");
        for op in operations.iter().filter(|op| op.protected) {
            let (method, path) = (&op.method, &op.path);
            match &op.scope {
                Some(scope) => {
                    let (status, body) = call(&app, op, &token_for(&without, scope)).await;
                    assert_eq!(status, 403, "{method} {path} without {scope}: {body}");
                    assert_eq!(body["code"], "token_scope", "{method} {path}");
                    assert_eq!(body["scope"], scope.as_str(), "{method} {path}");
                    let (status, body) = call(&app, op, &token_for(&only, scope)).await;
                    assert!(
                        status != 401 && status != 403,
                        "{method} {path} with only {scope}: {status} {body}"
                    );
                }
                None => {
                    let (status, body) = call(&app, op, &all).await;
                    assert_eq!(status, 403, "{method} {path} with every scope: {body}");
                    assert_eq!(body["code"], "token_scope", "{method} {path}");
                    assert_eq!(body["scope"], Value::Null, "{method} {path}");
                }
            }
        }
        // What the issue names as out of every token's reach, by construction.
        for (method, path) in [
            ("GET", "/api/Team"),
            ("POST", "/api/Team"),
            ("GET", "/api/Settings/EmailTemplates"),
            ("GET", "/api/Settings/ApiTokens"),
            ("POST", "/api/Settings/ApiTokens"),
            ("GET", "/api/auth/me"),
        ] {
            let op = operations
                .iter()
                .find(|op| op.method.as_str() == method && op.path == path)
                .unwrap_or_else(|| panic!("{method} {path} is documented"));
            assert!(op.protected && op.scope.is_none(), "{method} {path}");
        }
        let doc = document(&app).await;
        let scheme = &doc["components"]["securitySchemes"]["apiToken"];
        assert_eq!(scheme["scheme"], "bearer", "{scheme}");
        let scope_schema = doc["components"]["schemas"]["Scope"].to_string();
        for scope in SCOPES {
            assert!(scope_schema.contains(scope), "{scope} in {scope_schema}");
        }
    })
    .await;
}
