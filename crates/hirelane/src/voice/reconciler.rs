//! The reconciler: fetches the end-of-call reports whose webhook never came.

use std::time::Duration;

use jiff::SignedDuration;

use super::conclusions::reports;
use super::provider::ProviderError;
use super::{repo, vapi};
use crate::error::Result;
use crate::state::AppState;

/// A call due this long ago without a report is polled at the provider.
const RECONCILE_GRACE: SignedDuration = SignedDuration::from_mins(2);
/// A poll leases its call this long, which also spaces out polls of a call still running.
const RECONCILE_LEASE: SignedDuration = SignedDuration::from_mins(5);

/// Polls the provider for calls that should have ended but whose report never came (Vapi does
/// not retry webhooks). Safe on several instances: each call is claimed by one atomic UPDATE.
/// Returns how many reports it stored.
pub async fn reconcile(state: &AppState) -> Result<usize> {
    let now = state.clock.now();
    let mut stored = 0;
    for id in repo::unreported(&state.db, now, RECONCILE_GRACE).await? {
        if !repo::claim(&state.db, &id, now, RECONCILE_LEASE).await? {
            continue;
        }
        match crate::voice::client::of(state)?
            .provider
            .get_call(&id)
            .await
        {
            Ok(call) if call.is_ended() => {
                if reports::store(state, &id, &call.report()).await? {
                    tracing::info!(call_id = %id, "reconciler stored a missing end-of-call report");
                    stored += 1;
                }
            }
            Ok(call) => {
                if let Some(status) = call.status.as_deref() {
                    repo::apply_status(&state.db, &id, status, None, now).await?;
                }
            }
            Err(ProviderError::NotFound) => {
                // Deleted at the provider: close it so it is not polled for ever.
                let report = vapi::Report {
                    ended_reason: Some("not-found".into()),
                    ..Default::default()
                };
                if reports::store(state, &id, &report).await? {
                    tracing::info!(call_id = %id, "reconciler closed a call the provider no longer knows");
                }
            }
            Err(err) => {
                tracing::warn!(call_id = %id, error = %err, "reconciler: provider unreachable")
            }
        }
    }
    Ok(stored)
}

/// The reconciler's loop: every `voice.reconcile_interval_seconds`, first run at start.
pub async fn run_reconciler(state: AppState) {
    let seconds = state.settings.voice.reconcile_interval_seconds;
    if seconds == 0 {
        return;
    }
    let mut tick = tokio::time::interval(Duration::from_secs(seconds));
    loop {
        tick.tick().await;
        if let Err(err) = reconcile(&state).await {
            tracing::warn!(error = %err, "voice reconciler failed");
        }
    }
}
