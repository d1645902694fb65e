//! The Vapi REST endpoints: `/assistant` and `/call`.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use jiff::Timestamp;
use serde_json::{Map, Value, json};

use crate::error::{ApiError, ApiResult, VapiJson};
use crate::ids::is_uuid;
use crate::jwt::{self, Grant};
use crate::sim::{AssistantRec, Kind, Sim, subscription_limits};
use crate::validate;

pub(crate) fn router() -> Router<Arc<Sim>> {
    Router::new()
        .route("/assistant", get(list_assistants).post(create_assistant))
        .route(
            "/assistant/{id}",
            get(get_assistant)
                .patch(update_assistant)
                .delete(delete_assistant),
        )
        .route("/call", get(list_calls).post(create_call))
        .route("/call/web", axum::routing::post(create_web_call))
        .route("/call/{id}", get(get_call))
        .route("/call/{id}/mono-recording", get(mono_recording))
}

fn object(body: Value) -> ApiResult<Map<String, Value>> {
    match body {
        Value::Object(o) => Ok(o),
        _ => Err(ApiError::BadRequest(
            "Request body must be a JSON object".into(),
        )),
    }
}

fn check_id(id: &str) -> ApiResult<()> {
    if is_uuid(id) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(
            "Validation failed (uuid is expected)".into(),
        ))
    }
}

/// The list filters Vapi's `GET /assistant` and `GET /call` share.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ListQuery {
    id: Option<String>,
    assistant_id: Option<String>,
    phone_number_id: Option<String>,
    limit: Option<String>,
    created_at_gt: Option<String>,
    created_at_lt: Option<String>,
    created_at_ge: Option<String>,
    created_at_le: Option<String>,
    updated_at_gt: Option<String>,
    updated_at_lt: Option<String>,
    updated_at_ge: Option<String>,
    updated_at_le: Option<String>,
}

/// Parsed date bounds and limit.
struct Filter {
    limit: usize,
    bounds: Vec<(bool, std::cmp::Ordering, bool, Timestamp)>,
}

impl ListQuery {
    fn filter(&self) -> ApiResult<Filter> {
        use std::cmp::Ordering::{Greater, Less};
        let mut problems = Vec::new();
        let limit = match &self.limit {
            None => 100,
            Some(l) => match l.parse::<f64>() {
                Ok(n) if (0.0..=1000.0).contains(&n) => n as usize,
                Ok(n) if n > 1000.0 => {
                    problems.push("limit must not be greater than 1000".to_string());
                    0
                }
                Ok(_) => {
                    problems.push("limit must not be less than 0".to_string());
                    0
                }
                Err(_) => {
                    problems.push(
                        "limit must be a number conforming to the specified constraints"
                            .to_string(),
                    );
                    0
                }
            },
        };
        // (is created_at, ordering wanted, equal allowed, bound)
        let specs = [
            ("createdAtGt", &self.created_at_gt, true, Greater, false),
            ("createdAtLt", &self.created_at_lt, true, Less, false),
            ("createdAtGe", &self.created_at_ge, true, Greater, true),
            ("createdAtLe", &self.created_at_le, true, Less, true),
            ("updatedAtGt", &self.updated_at_gt, false, Greater, false),
            ("updatedAtLt", &self.updated_at_lt, false, Less, false),
            ("updatedAtGe", &self.updated_at_ge, false, Greater, true),
            ("updatedAtLe", &self.updated_at_le, false, Less, true),
        ];
        let mut bounds = Vec::new();
        for (name, value, created, ord, eq) in specs {
            if let Some(v) = value {
                match parse_instant(v) {
                    Some(t) => bounds.push((created, ord, eq, t)),
                    None => problems.push(format!("{name} must be a valid ISO 8601 date string")),
                }
            }
        }
        if problems.is_empty() {
            Ok(Filter { limit, bounds })
        } else {
            Err(ApiError::Validation(problems))
        }
    }
}

/// ISO-8601 instants with a zone (`Z` or an offset), or a bare date meaning midnight UTC.
fn parse_instant(s: &str) -> Option<Timestamp> {
    s.parse::<Timestamp>().ok().or_else(|| {
        s.parse::<jiff::civil::Date>()
            .ok()
            .and_then(|d| d.to_zoned(jiff::tz::TimeZone::UTC).ok())
            .map(|z| z.timestamp())
    })
}

impl Filter {
    fn keeps(&self, created: Timestamp, updated: Timestamp) -> bool {
        self.bounds.iter().all(|(is_created, ord, eq, bound)| {
            let t = if *is_created { created } else { updated };
            let c = t.cmp(bound);
            c == *ord || (*eq && c == std::cmp::Ordering::Equal)
        })
    }
}

async fn list_assistants(
    State(sim): State<Arc<Sim>>,
    Query(q): Query<ListQuery>,
) -> ApiResult<Json<Value>> {
    let filter = q.filter()?;
    Ok(sim.with_store(|store, _| {
        let mut list: Vec<&AssistantRec> = store
            .assistants
            .values()
            .filter(|a| filter.keeps(a.created_at, a.updated_at))
            .collect();
        list.sort_by_key(|x| std::cmp::Reverse(x.seq));
        let out: Vec<Value> = list
            .into_iter()
            .take(filter.limit)
            .map(|a| store.render_assistant(a))
            .collect();
        Json(Value::Array(out))
    }))
}

async fn create_assistant(
    State(sim): State<Arc<Sim>>,
    VapiJson(body): VapiJson,
) -> ApiResult<Response> {
    let fields = object(body)?;
    validate::assistant(&fields).map_err(ApiError::Validation)?;
    let created = sim.with_store(|store, now| {
        let (id, seq) = store.next_id();
        let rec = AssistantRec {
            id: id.clone(),
            seq,
            created_at: now,
            updated_at: now,
            fields,
        };
        let out = store.render_assistant(&rec);
        store.assistants.insert(id, rec);
        out
    });
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

fn assistant_not_found() -> ApiError {
    ApiError::NotFound("Couldn't Get Assistant. `assistant` Not Found.".into())
}

async fn get_assistant(
    State(sim): State<Arc<Sim>>,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    check_id(&id)?;
    sim.with_store(|store, _| {
        let a = store.assistants.get(&id).ok_or_else(assistant_not_found)?;
        Ok(Json(store.render_assistant(a)))
    })
}

async fn update_assistant(
    State(sim): State<Arc<Sim>>,
    Path(id): Path<String>,
    VapiJson(body): VapiJson,
) -> ApiResult<Json<Value>> {
    check_id(&id)?;
    let patch = object(body)?;
    validate::assistant(&patch).map_err(ApiError::Validation)?;
    sim.with_store(|store, now| {
        let a = store
            .assistants
            .get_mut(&id)
            .ok_or_else(assistant_not_found)?;
        // Top-level fields are replaced whole, as Vapi's PATCH does.
        for (k, v) in patch {
            a.fields.insert(k, v);
        }
        a.updated_at = now;
        let a = a.clone();
        Ok(Json(store.render_assistant(&a)))
    })
}

async fn delete_assistant(
    State(sim): State<Arc<Sim>>,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    check_id(&id)?;
    sim.with_store(|store, _| {
        let a = store
            .assistants
            .remove(&id)
            .ok_or_else(assistant_not_found)?;
        Ok(Json(store.render_assistant(&a)))
    })
}

async fn list_calls(
    State(sim): State<Arc<Sim>>,
    Query(q): Query<ListQuery>,
) -> ApiResult<Json<Value>> {
    let filter = q.filter()?;
    Ok(sim.with_store(|store, _| {
        let matches = |c: &&crate::sim::CallRec| {
            let field = |k: &str| c.request.get(k).and_then(Value::as_str);
            q.id.as_deref().is_none_or(|id| c.id == id)
                && q.assistant_id
                    .as_deref()
                    .is_none_or(|a| field("assistantId") == Some(a))
                && q.phone_number_id
                    .as_deref()
                    .is_none_or(|p| field("phoneNumberId") == Some(p))
                && filter.keeps(c.created_at, c.updated_at)
        };
        let mut list: Vec<_> = store.calls.values().filter(matches).collect();
        list.sort_by_key(|x| std::cmp::Reverse(x.seq));
        let out: Vec<Value> = list
            .into_iter()
            .take(filter.limit)
            .map(|c| store.render_call(c))
            .collect();
        Json(Value::Array(out))
    }))
}

async fn get_call(State(sim): State<Arc<Sim>>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    check_id(&id)?;
    sim.with_store(|store, _| {
        let c = store.calls.get(&id).ok_or_else(call_not_found)?;
        Ok(Json(store.render_call(c)))
    })
}

fn call_not_found() -> ApiError {
    ApiError::NotFound("Couldn't Get Call. `call` Not Found.".into())
}

/// Vapi answers a 302 to a short-lived signed URL; ours is the simulator's recording URL.
async fn mono_recording(
    State(sim): State<Arc<Sim>>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    check_id(&id)?;
    sim.with_store(|store, _| {
        let c = store.calls.get(&id).ok_or_else(call_not_found)?;
        if c.recording.is_none() {
            return Err(ApiError::NotFound("Recording Not Found.".into()));
        }
        let location = format!("{}/recordings/{id}.wav", sim.base_url);
        Ok((StatusCode::FOUND, [(header::LOCATION, location)]).into_response())
    })
}

/// Checks the assistant reference of a create request (400 as Vapi answers for a missing one).
fn check_assistant_ref(store: &crate::sim::Store, body: &Map<String, Value>) -> ApiResult<()> {
    match body.get("assistantId") {
        Some(Value::String(id)) if store.assistants.contains_key(id) => Ok(()),
        Some(Value::String(_)) => Err(ApiError::BadRequest(
            "Couldn't Get Assistant. `assistantId` Not Found.".into(),
        )),
        Some(_) => Err(ApiError::Validation(vec![
            "assistantId must be a string".into(),
        ])),
        None if body.contains_key("assistant") => Ok(()),
        None if ["squadId", "squad", "workflowId", "workflow"]
            .iter()
            .any(|k| body.contains_key(*k)) =>
        {
            Err(ApiError::BadRequest(
                "The simulator supports assistants only (not squads or workflows).".into(),
            ))
        }
        None => Err(ApiError::BadRequest(
            "Need Either `assistantId` Or `assistant`.".into(),
        )),
    }
}

/// Fields of a create request that the call object echoes back.
fn echoed(body: &Map<String, Value>, drop: &[&str]) -> Map<String, Value> {
    body.iter()
        .filter(|(k, _)| !drop.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Per-customer overrides win over the call's (Vapi merges them for batch calls).
fn merge_customer_overrides(request: &mut Map<String, Value>, customer: &Value) {
    let Some(own) = customer
        .get("assistantOverrides")
        .and_then(Value::as_object)
    else {
        return;
    };
    let merged = request
        .entry("assistantOverrides")
        .or_insert_with(|| json!({}));
    if let Some(m) = merged.as_object_mut() {
        for (k, v) in own {
            match (m.get_mut(k), v) {
                (Some(Value::Object(base)), Value::Object(extra)) => {
                    base.extend(extra.iter().map(|(a, b)| (a.clone(), b.clone())));
                }
                _ => {
                    m.insert(k.clone(), v.clone());
                }
            }
        }
    }
}

async fn create_call(State(sim): State<Arc<Sim>>, VapiJson(body): VapiJson) -> ApiResult<Response> {
    let body = object(body)?;
    validate::call(&body, sim.cfg.legacy_call_fields).map_err(ApiError::Validation)?;
    if body.get("phoneNumberId").is_none() && body.get("phoneNumber").is_none() {
        return Err(ApiError::BadRequest(
            "Need Either `phoneNumberId` Or `phoneNumber`.".into(),
        ));
    }
    let answer = sim.with_store(|store, now| {
        check_assistant_ref(store, &body)?;
        let seed = sim.cfg.seed;
        if let Some(customers) = body.get("customers").and_then(Value::as_array) {
            let mut results = Vec::new();
            let mut errors = Vec::new();
            for customer in customers {
                let problems = match customer.as_object() {
                    Some(c) => validate::customer(c, "customer"),
                    None => vec!["customer must be an object".into()],
                };
                if !problems.is_empty() {
                    errors.push(json!({"customer": customer, "error": problems.join("; ")}));
                    continue;
                }
                let mut request = echoed(&body, &["customers"]);
                request.insert("customer".into(), customer.clone());
                merge_customer_overrides(&mut request, customer);
                let id = store.insert_call(Kind::Phone, request, now, seed);
                if let Some(c) = store.calls.get(&id) {
                    results.push(store.render_call(c));
                }
            }
            return Ok(json!({
                "results": results,
                "errors": errors,
                "subscriptionLimits": subscription_limits(store.active_calls()),
            }));
        }
        if !body.contains_key("customer") && !body.contains_key("customerId") {
            return Err(ApiError::BadRequest(
                "Need Either `customer` Or `customerId` Or `customers`.".into(),
            ));
        }
        let mut request = echoed(&body, &[]);
        if let Some(c) = body.get("customer") {
            merge_customer_overrides(&mut request, c);
        }
        let id = store.insert_call(Kind::Phone, request, now, seed);
        let mut call = store
            .calls
            .get(&id)
            .map(|c| store.render_call(c))
            .unwrap_or_default();
        call["subscriptionLimits"] = subscription_limits(store.active_calls());
        Ok(call)
    })?;
    sim.wake.notify_one();
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn create_web_call(
    State(sim): State<Arc<Sim>>,
    headers: HeaderMap,
    VapiJson(body): VapiJson,
) -> ApiResult<Response> {
    let body = object(body)?;
    within_restrictions(&sim, &headers, &body)?;
    validate::web_call(&body).map_err(ApiError::Validation)?;
    let answer = sim.with_store(|store, now| {
        check_assistant_ref(store, &body)?;
        let id = store.insert_call(
            Kind::Web,
            echoed(&body, &["roomDeleteOnUserLeaveEnabled"]),
            now,
            sim.cfg.seed,
        );
        let mut call = store
            .calls
            .get(&id)
            .map(|c| store.render_call(c))
            .unwrap_or_default();
        // The web SDK reads these from the answer to join the room.
        call["artifactPlan"] = json!({"videoRecordingEnabled": false});
        Ok::<_, ApiError>(call)
    })?;
    sim.wake.notify_one();
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// The bearer token of a request.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
}

/// Checks `Authorization: Bearer <key>`: the private key, a private JWT, or, only for
/// `POST /call/web`, the public key or a public JWT (its restrictions are checked there).
pub(crate) fn authorized(sim: &Sim, headers: &HeaderMap, public_ok: bool) -> bool {
    let Some(token) = bearer(headers) else {
        return false;
    };
    if token == sim.cfg.api_key {
        return true;
    }
    match jwt::verify(token, &sim.cfg.api_key, sim.now()) {
        Some(Grant::Private) => true,
        Some(Grant::Public(_)) => public_ok,
        None => public_ok && sim.cfg.public_api_key.as_deref() == Some(token),
    }
}

/// A public JWT's restrictions on the web call it starts (the gate has checked the token).
fn within_restrictions(sim: &Sim, headers: &HeaderMap, body: &Map<String, Value>) -> ApiResult<()> {
    let grant = bearer(headers).and_then(|t| jwt::verify(t, &sim.cfg.api_key, sim.now()));
    let Some(Grant::Public(Some(restrictions))) = grant else {
        return Ok(());
    };
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    restrictions.permit(body, origin).map_err(|message| {
        tracing::info!(message, "web call refused by the token's restrictions");
        ApiError::Unauthorized
    })
}
