//! The operator's endpoints: liveness (`/healthz`, on both listeners), readiness (`/readyz`) and
//! the Prometheus scrape (`/metrics`), both only on the operations listener; which adds the shared queue's depth and every part's counters to this
//! instance's request figures.

use std::fmt::Write;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::fetch_as;
use crate::metrics::counter;
use crate::state::AppState;

/// `/readyz` and `/metrics` on the app's port: they live on the operations listener, so the
/// internet never learns which part is failing or how busy the server is.
pub async fn elsewhere() -> Response {
    crate::error::Error::not_found(
        crate::error::ErrorCode::NotFound,
        "Served on the operations address (server.ops_address), not on this port.",
    )
    .into_response()
}

/// Liveness with a database round trip.
pub async fn healthz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => {
            axum::Json(serde_json::json!({ "status": "ok", "database": "ok" })).into_response()
        }
        Err(err) => {
            tracing::warn!(error = %err, "health check: database unreachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(
                    serde_json::json!({ "status": "unavailable", "database": "unreachable" }),
                ),
            )
                .into_response()
        }
    }
}

/// Readiness: every part a request may need answers (database, file store, mail). A load
/// balancer sends traffic only while this is 200; a 503 names the parts that failed.
pub async fn readyz(State(state): State<AppState>) -> Response {
    let speech = async {
        match crate::voice::client::of(&state)
            .ok()
            .and_then(|voice| voice.selfhosted.as_ref())
        {
            Some(runtime) => Some(runtime.speech.healthy().await),
            None => None,
        }
    };
    let (database, storage, mail, speech) = tokio::join!(
        state.db.ping(),
        state.files.ping(),
        state.mailer.check_recent(),
        speech
    );
    let mut body = serde_json::Map::new();
    let mut failed = Vec::new();
    let mut parts = vec![
        ("database", database.map_err(|e| e.to_string())),
        ("storage", storage.map_err(|e| e.to_string())),
        ("mail", mail.map_err(|e| e.to_string())),
    ];
    // The self-hosted interviewer's speech sidecar, when it is the provider.
    if let Some(healthy) = speech {
        parts.push((
            "speech",
            if healthy {
                Ok(())
            } else {
                Err("the speech sidecar does not answer".to_owned())
            },
        ));
    }
    for (part, result) in parts {
        let value = match result {
            Ok(()) => "ok",
            Err(err) => {
                tracing::warn!(part, error = %err, "readiness check failed");
                failed.push(part);
                "unreachable"
            }
        };
        body.insert(part.into(), value.into());
    }
    let ready = failed.is_empty();
    body.insert(
        "status".into(),
        (if ready { "ready" } else { "unavailable" }).into(),
    );
    if !ready {
        body.insert("failed".into(), failed.into());
    }
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, axum::Json(serde_json::Value::Object(body))).into_response()
}

/// The scrape: this instance's counters plus the shared queue's depth from the database.
pub async fn render(state: &AppState) -> String {
    let mut out = String::new();
    state.http_metrics.render(&mut out);
    match queue_depth(state).await {
        Ok((queued, analysing)) => {
            out.push_str("# HELP hirelane_analysis_queue_depth Resumes waiting for or under analysis (all instances).\n");
            out.push_str("# TYPE hirelane_analysis_queue_depth gauge\n");
            let _ = writeln!(
                out,
                "hirelane_analysis_queue_depth{{state=\"queued\"}} {queued}"
            );
            let _ = writeln!(
                out,
                "hirelane_analysis_queue_depth{{state=\"analysing\"}} {analysing}"
            );
        }
        // The rest of the scrape is still worth having when the database is away.
        Err(err) => tracing::warn!(error = %err, "metrics: cannot read the analysis queue depth"),
    }
    let analysis = &state.analysis_counts;
    counter(
        &mut out,
        "hirelane_analyses_total",
        "Resume analyses finished by this instance, by outcome (dropped: the lease was taken over).",
        &[
            ("outcome=\"done\"", analysis.done.get()),
            ("outcome=\"failed\"", analysis.failed.get()),
            ("outcome=\"dropped\"", analysis.dropped.get()),
        ],
    );
    let (sent, failed) = state.mailer.delivered();
    counter(
        &mut out,
        "hirelane_emails_total",
        "E-mails handed to the transport by this instance, by result.",
        &[("result=\"sent\"", sent), ("result=\"failed\"", failed)],
    );
    counter(
        &mut out,
        "hirelane_voice_provider_errors_total",
        "Voice-provider requests that failed after retries, or were refused.",
        &[(
            "",
            crate::voice::client::of(state).map_or(0, |voice| voice.provider.errors()),
        )],
    );
    out
}

async fn queue_depth(state: &AppState) -> Result<(i64, i64), sqlx::Error> {
    // Both counts in one statement; the (analysis_status, lease_until) index serves it.
    let sql = "SELECT
            COALESCE(SUM(CASE WHEN analysis_status = 'queued' THEN 1 ELSE 0 END), 0),
            COALESCE(SUM(CASE WHEN analysis_status = 'analysing' THEN 1 ELSE 0 END), 0)
         FROM candidates WHERE analysis_status IN ('queued', 'analysing')";
    fetch_as!(&state.db, fetch_one, sql)
}

/// `GET /metrics`.
pub async fn metrics(State(state): State<AppState>) -> Response {
    let body = render(&state).await;
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        body,
    )
        .into_response()
}
