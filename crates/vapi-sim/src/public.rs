//! Endpoints a browser reaches without the API key: the stand-in for the Daily room a web call
//! joins (`/web-call/{id}`) and the recordings (`/recordings/{id}.wav`). Like Daily room URLs
//! and Vapi's presigned recording URLs, the unguessable call id is the capability. CORS is open
//! so the product's join page (another origin) can drive them.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::clock::iso;
use crate::error::{ApiError, ApiResult, error_body};
use crate::sim::{Kind, Sim, Status};

pub(crate) fn router() -> Router<Arc<Sim>> {
    Router::new()
        .route("/web-call/{id}", get(web_call_state))
        .route("/web-call/{id}/start", post(start))
        .route("/web-call/{id}/end", post(end))
        .route("/recordings/{file}", get(recording))
        .layer(middleware::from_fn(cors))
}

async fn cors(request: Request, next: Next) -> Response {
    let mut response = if request.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(request).await
    };
    let h = response.headers_mut();
    h.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST, OPTIONS"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("content-type, range"),
    );
    h.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("content-range, accept-ranges, content-length"),
    );
    response
}

fn not_found() -> ApiError {
    ApiError::NotFound("Web call not found.".into())
}

/// What the join page needs: the call's state and where to post start/end.
fn state_json(sim: &Sim, id: &str) -> ApiResult<Value> {
    sim.with_store(|store, _| {
        let c = store
            .calls
            .get(id)
            .filter(|c| c.kind == Kind::Web)
            .ok_or_else(not_found)?;
        let call = store.render_call(c);
        let base = format!("{}/web-call/{id}", sim.base_url);
        Ok(json!({
            "id": id,
            "status": c.status.as_str(),
            "startedAt": c.started_at.map(iso),
            "endedAt": c.ended_at.map(iso),
            "endedReason": c.ended_reason,
            "transcript": call.get("artifact").and_then(|a| a.get("transcript")),
            "recordingUrl": call.get("artifact").and_then(|a| a.get("recordingUrl")),
            "startUrl": format!("{base}/start"),
            "endUrl": format!("{base}/end"),
        }))
    })
}

async fn web_call_state(
    State(sim): State<Arc<Sim>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let state = state_json(&sim, &id)?;
    let wants_html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"));
    if wants_html {
        // Opening the webCallUrl in a browser gives a bare page to drive the call by hand.
        // `<` escaped so text in the transcript cannot close the script element.
        let data = state.to_string().replace('<', "\\u003c");
        return Ok(Html(PAGE.replace("{{state}}", &data)).into_response());
    }
    Ok(Json(state).into_response())
}

/// Conflict answers in Vapi's error shape.
fn conflict(message: &str) -> Response {
    (
        StatusCode::CONFLICT,
        Json(error_body(StatusCode::CONFLICT, json!(message))),
    )
        .into_response()
}

async fn start(State(sim): State<Arc<Sim>>, Path(id): Path<String>) -> ApiResult<Response> {
    let result = sim.with_store(|store, now| {
        let c = store
            .calls
            .get(&id)
            .filter(|c| c.kind == Kind::Web)
            .ok_or_else(not_found)?;
        match c.status {
            Status::Queued => {
                store.start_conversation(&id, now);
                Ok::<_, ApiError>(None)
            }
            Status::InProgress => Ok(None),
            _ => Ok(Some("Meeting has ended")),
        }
    })?;
    sim.wake.notify_one();
    match result {
        Some(message) => Ok(conflict(message)),
        None => Ok(Json(state_json(&sim, &id)?).into_response()),
    }
}

async fn end(State(sim): State<Arc<Sim>>, Path(id): Path<String>) -> ApiResult<Response> {
    sim.with_store(|store, now| {
        let c = store
            .calls
            .get(&id)
            .filter(|c| c.kind == Kind::Web)
            .ok_or_else(not_found)?;
        if c.status != Status::Ended {
            store.end(&id, now, "customer-ended-call");
        }
        Ok::<_, ApiError>(())
    })?;
    sim.wake.notify_one();
    Ok(Json(state_json(&sim, &id)?).into_response())
}

async fn recording(
    State(sim): State<Arc<Sim>>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let id = file
        .strip_suffix(".wav")
        .ok_or_else(|| ApiError::NotFound("Recording Not Found.".into()))?;
    let bytes = sim.with_store(|store, _| store.calls.get(id).and_then(|c| c.recording.clone()));
    let bytes = bytes.ok_or_else(|| ApiError::NotFound("Recording Not Found.".into()))?;
    Ok(crate::wav::serve(&bytes, &headers))
}

const PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>vapi-sim web call</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 2rem auto">
<h1>Simulated web call</h1>
<p>Status: <strong id="status"></strong></p>
<button id="start">Start</button> <button id="end">End</button>
<pre id="transcript" style="white-space: pre-wrap"></pre>
<script>
let state = {{state}};
function show() {
  document.getElementById('status').textContent = state.status + (state.endedReason ? ' (' + state.endedReason + ')' : '');
  document.getElementById('transcript').textContent = state.transcript || '';
}
async function post(url) { const r = await fetch(url, {method: 'POST'}); if (r.ok) { state = await r.json(); } show(); }
document.getElementById('start').onclick = () => post(state.startUrl);
document.getElementById('end').onclick = () => post(state.endUrl);
show();
</script>
</body></html>
"#;
