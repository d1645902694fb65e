//! The simulator's own test hooks under `/_sim` (not part of Vapi): move the clock, inject
//! faults, read the webhook log. They need the same private key as the Vapi endpoints.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use jiff::{SignedDuration, Timestamp};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::clock::{ClockMode, iso};
use crate::config::Faults;
use crate::error::{ApiError, ApiResult, VapiJson};
use crate::sim::Sim;

pub(crate) fn router() -> Router<Arc<Sim>> {
    Router::new()
        .route("/_sim/clock", get(clock).post(move_clock))
        .route(
            "/_sim/faults",
            get(faults).post(set_faults).delete(clear_faults),
        )
        .route("/_sim/webhooks", get(webhooks))
}

fn clock_json(sim: &Sim) -> Value {
    json!({"now": iso(sim.now()), "mode": sim.cfg.clock.mode()})
}

async fn clock(State(sim): State<Arc<Sim>>) -> Json<Value> {
    Json(clock_json(&sim))
}

/// `POST /_sim/clock` body: any of `mode` ("manual" freezes, "real" resumes), `set` (an
/// ISO instant; freezes there), `advanceSeconds` (moves forward). Applied in that order.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ClockChange {
    mode: Option<ClockMode>,
    set: Option<String>,
    advance_seconds: Option<f64>,
}

async fn move_clock(
    State(sim): State<Arc<Sim>>,
    VapiJson(body): VapiJson,
) -> ApiResult<Json<Value>> {
    let change: ClockChange =
        serde_json::from_value(body).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let clock = &sim.cfg.clock;
    match change.mode {
        Some(ClockMode::Manual) => clock.freeze(),
        Some(ClockMode::Real) => clock.resume(),
        None => {}
    }
    if let Some(at) = change.set {
        let at: Timestamp = at.parse().map_err(|_| {
            ApiError::Validation(vec!["set must be a valid ISO 8601 date string".into()])
        })?;
        clock.set(at);
    }
    if let Some(secs) = change.advance_seconds {
        if !secs.is_finite() {
            return Err(ApiError::Validation(vec![
                "advanceSeconds must be a number".into(),
            ]));
        }
        clock.advance(SignedDuration::from_secs_f64(secs));
    }
    // Run what became due before answering, so the caller sees the new state at once.
    sim.idle().await;
    Ok(Json(clock_json(&sim)))
}

async fn faults(State(sim): State<Arc<Sim>>) -> Json<Faults> {
    Json(sim.with_store(|s, _| s.faults.clone()))
}

/// Replaces the fault rules with the body (see [`Faults`]).
async fn set_faults(
    State(sim): State<Arc<Sim>>,
    VapiJson(body): VapiJson,
) -> ApiResult<Json<Faults>> {
    let faults: Faults =
        serde_json::from_value(body).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let problems = faults.problems();
    if !problems.is_empty() {
        return Err(ApiError::Validation(problems));
    }
    sim.with_store(|s, _| s.faults = faults.clone());
    Ok(Json(faults))
}

async fn clear_faults(State(sim): State<Arc<Sim>>) -> Json<Faults> {
    sim.with_store(|s, _| s.faults = Faults::default());
    Json(Faults::default())
}

async fn webhooks(State(sim): State<Arc<Sim>>) -> Json<Value> {
    Json(json!(sim.with_store(|s, _| s.log.clone())))
}
