//! The OpenAPI document's frame (title, server, tags, the bearer scheme) and the answers every
//! operation shares because they come from the shared extractors and the guard, not from the
//! handler: each operation's own attributes list only what its handler decides.

use std::collections::BTreeSet;

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::{Http, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi as Document, Ref, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use crate::token_scopes::TOKEN_SCHEME;

#[derive(OpenApi)]
#[openapi(
    info(title = "Hirelane API", description = "Recruiter and candidate API of Hirelane."),
    servers((url = "/api")),
    modifiers(&BearerScheme),
    tags(
        (name = "auth", description = "Sign-in by e-mailed one-time code"),
        (name = "jobs", description = "Job descriptions, their folders and the bin"),
        (name = "candidates", description = "Resume and CSV intake, ATS analysis, candidate lists"),
        (name = "voice", description = "AI interview assistants, calls, analysis and the provider's webhooks"),
        (name = "interviews", description = "Invites, candidate self-scheduling, joining, next-step details, dashboard"),
        (name = "pipeline", description = "Hiring stages, the board, decisions and their e-mails, scorecards, the funnel"),
        (name = "activity", description = "The activity log: who did what to which candidate, and when"),
        (name = "team", description = "Recruiters and their roles"),
        (name = "careers", description = "Published job pages, the public job board and applying, the autopilot"),
        (name = "candidate portal", description = "A candidate's own page from the link in their e-mails: status, withdrawal, their data, erasure, self-identification"),
        (name = "api tokens", description = "Integrators' API tokens (admins): an operation an API token may call names its scope under the `apiToken` security scheme; any other refuses a token with 403 `token_scope`"),
        (name = "reports", description = "Aggregate reports: the hiring reports (funnel, time in stage, sources, AI interviews, recruiters) and the bias audit of every automated step (admins and recruiters given the reports permission)"),
        (name = "webhooks", description = "Signed outgoing webhooks: endpoints, their secrets and delivery logs (admins)"),
    )
)]
pub struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
        // OpenAPI 3.1 lets a non-OAuth requirement list role names: each operation an API token
        // may call lists the one scope it needs, and the guard enforces exactly that list.
        components.add_security_scheme(
            TOKEN_SCHEME,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("hl_…")
                    .description(Some(
                        "An integrator's API token (Settings › API tokens), sent as \
                         `Authorization: Bearer hl_…`. The operation's requirement names the scope \
                         the token must hold.",
                    ))
                    .build(),
            ),
        );
    }
}

/// What the routes' own attributes leave out of the document.
pub fn complete(doc: &mut Document) {
    document_shared_answers(doc);
    answers_have_every_field(doc);
}

/// Marks every property of an answer-only schema as required. utoipa calls an `Option` field
/// optional, which is right for a request (it may be left out) but not for an answer: our
/// answers write every field, `null` when there is no value, so a client may rely on the key.
fn answers_have_every_field(doc: &mut Document) {
    let Some(components) = doc.components.as_mut() else {
        return;
    };
    let paths = serde_json::to_value(&doc.paths).unwrap_or_default();
    let mut sent = BTreeSet::new();
    let mut read = BTreeSet::new();
    if let Some(paths) = paths.as_object() {
        for item in paths.values().filter_map(|v| v.as_object()) {
            for operation in item.values() {
                collect_refs(&operation["responses"], &mut sent);
                collect_refs(&operation["requestBody"], &mut read);
                collect_refs(&operation["parameters"], &mut read);
            }
        }
    }
    // Schemas reached from others count as used the same way.
    let schemas = serde_json::to_value(&components.schemas).unwrap_or_default();
    for set in [&mut sent, &mut read] {
        let mut pending: Vec<String> = set.iter().cloned().collect();
        while let Some(name) = pending.pop() {
            let mut inner = BTreeSet::new();
            collect_refs(&schemas[&name], &mut inner);
            pending.extend(inner.into_iter().filter(|n| set.insert(n.clone())));
        }
    }
    for name in sent.difference(&read) {
        if let Some(RefOr::T(Schema::Object(object))) = components.schemas.get_mut(name) {
            object.required = object.properties.keys().cloned().collect();
        }
    }
}

/// Every `#/components/schemas/NAME` under `value`.
fn collect_refs(value: &serde_json::Value, names: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(|r| r.as_str())
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
            {
                names.insert(name.to_owned());
            }
            map.values().for_each(|v| collect_refs(v, names));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_refs(v, names)),
        _ => {}
    }
}

/// Adds to every operation the answers of the parts it shares with all others: a query string
/// or JSON body that cannot be read is a 400 (`invalid_query`, `invalid_json`, `invalid_body`),
/// and a protected operation refuses a missing or bad token with a 401 and an API token outside
/// its scope with a 403.
fn document_shared_answers(doc: &mut Document) {
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            if reads_query(operation) || reads_json_body(operation) {
                add_error(
                    operation,
                    "400",
                    "The query string or body cannot be read, or a value breaks a rule (`message` says which)",
                );
            }
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                add_error(
                    operation,
                    "401",
                    "Missing, expired or invalid access token; an unknown, expired or revoked API token (`token_invalid`, `token_expired`, `token_revoked`)",
                );
                add_error(
                    operation,
                    "403",
                    "An API token without the scope the `apiToken` requirement names, or on an operation that names none (`token_scope`, with `scope`)",
                );
            }
        }
    }
}

fn reads_query(operation: &Operation) -> bool {
    operation
        .parameters
        .iter()
        .flatten()
        .any(|parameter| matches!(parameter, RefOr::T(p) if p.parameter_in == ParameterIn::Query))
}

fn reads_json_body(operation: &Operation) -> bool {
    matches!(&operation.request_body, Some(RefOr::T(body)) if body.content.contains_key("application/json"))
}

/// Documents `status` with the error body unless the operation already describes it.
fn add_error(operation: &mut Operation, status: &str, description: &str) {
    operation
        .responses
        .responses
        .entry(status.to_owned())
        .or_insert_with(|| {
            RefOr::T(
                ResponseBuilder::new()
                    .description(description)
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(Ref::from_schema_name("ErrorBody")))
                            .build(),
                    )
                    .build(),
            )
        });
}
