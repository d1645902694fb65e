//! The delivery worker: each instance claims due deliveries (exactly one instance gets each)
//! and sends them concurrently, each on its own time limits, so a slow endpoint holds one slot
//! and never the request that caused the event nor the other endpoints' deliveries.

use std::sync::Arc;
use std::time::Duration;

use hirelane_core::clock::to_millis;
use jiff::SignedDuration;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::deliveries::{self, Claimed};
use super::send::{Signed, send};
use super::{endpoints, payload, signature};
use crate::auth::recruiters::{self, Role};
use crate::error::Result;
use crate::mail;
use crate::state::AppState;

/// The loop: claims as many deliveries as it has free slots, as soon as a slot frees, and
/// looks again every `webhooks.poll_interval_ms` when nothing is due.
pub async fn run(state: AppState) {
    let poll = state.settings.webhooks.poll_interval_ms;
    if poll == 0 {
        return;
    }
    let slots = Arc::new(Semaphore::new(state.settings.webhooks.concurrency.max(1)));
    loop {
        let Ok(first) = slots.clone().acquire_owned().await else {
            return;
        };
        let claimed = match claim(&state, slots.available_permits() + 1).await {
            Ok(claimed) => claimed,
            Err(err) => {
                tracing::warn!(error = %err, "webhooks: claiming deliveries failed");
                Vec::new()
            }
        };
        if claimed.is_empty() {
            drop(first);
            tokio::time::sleep(Duration::from_millis(poll)).await;
            continue;
        }
        let mut first = Some(first);
        for delivery in claimed {
            let slot = match first.take() {
                Some(slot) => slot,
                None => match slots.clone().acquire_owned().await {
                    Ok(slot) => slot,
                    Err(_) => return,
                },
            };
            let state = state.clone();
            tokio::spawn(async move {
                deliver(&state, delivery).await;
                drop(slot);
            });
        }
    }
}

/// Sends every delivery due now, concurrently, and waits for them; returns how many were sent.
/// What the loop does without waiting (tests and tools call this; a candidate's next event is
/// due only on the next call, once this one's was delivered).
pub async fn deliver_due(state: &AppState) -> Result<usize> {
    let claimed = claim(state, state.settings.webhooks.concurrency.max(1)).await?;
    let count = claimed.len();
    let mut running = JoinSet::new();
    for delivery in claimed {
        let state = state.clone();
        running.spawn(async move { deliver(&state, delivery).await });
    }
    while running.join_next().await.is_some() {}
    Ok(count)
}

async fn claim(state: &AppState, limit: usize) -> Result<Vec<Claimed>> {
    // Held past the longest attempt, so a live worker's lease never runs out under it.
    let lease = SignedDuration::from_secs(state.settings.webhooks.timeout_seconds as i64 + 60);
    deliveries::claim(&state.db, state.clock.now(), lease, limit).await
}

/// One attempt at `claimed`, its outcome stored; errors are logged (the lease runs out and
/// another attempt follows).
async fn deliver(state: &AppState, claimed: Claimed) {
    if let Err(err) = attempt(state, &claimed).await {
        tracing::warn!(error = %err, delivery = claimed.id, "webhooks: delivery failed to run");
    }
}

async fn attempt(state: &AppState, claimed: &Claimed) -> Result<()> {
    let body = payload::body(state, claimed).await?;
    let timestamp = to_millis(state.clock.now()) / 1000;
    let signature = signature::sign(&claimed.secret, &claimed.event_id, timestamp, &body)?;
    let signed = Signed {
        id: &claimed.event_id,
        timestamp,
        signature: &signature,
        body: &body,
    };
    let outcome = send(&state.settings.webhooks, &claimed.url, &signed).await;
    let now = state.clock.now();
    if !deliveries::finish(&state.db, claimed, &outcome, now).await? {
        return Ok(());
    }
    if outcome.succeeded() {
        return endpoints::succeeded(&state.db, claimed.endpoint_id).await;
    }
    tracing::info!(
        delivery = claimed.id,
        endpoint = claimed.endpoint_id,
        error = outcome.error.as_deref().unwrap_or_default(),
        "webhooks: delivery attempt failed"
    );
    let settings = &state.settings.webhooks;
    let period = SignedDuration::from_hours(settings.pause_after_hours as i64);
    let paused = endpoints::failed(
        &state.db,
        claimed.endpoint_id,
        now,
        settings.pause_after_failures,
        period,
    )
    .await?;
    if paused {
        tell_admins(state, claimed.endpoint_id).await?;
    }
    Ok(())
}

/// E-mails every admin that the endpoint was paused.
async fn tell_admins(state: &AppState, endpoint_id: i64) -> Result<()> {
    let Some(endpoint) = endpoints::find(&state.db, endpoint_id).await? else {
        return Ok(());
    };
    tracing::warn!(
        endpoint = endpoint_id,
        "webhooks: endpoint paused after repeated failures"
    );
    let link = format!("{}/settings/webhooks", state.settings.public_url());
    for admin in recruiters::list(&state.db).await? {
        if admin.role != Role::Admin {
            continue;
        }
        let email = mail::webhook_paused(
            &admin.full_name,
            &endpoint.url,
            endpoint.consecutive_failures,
            &link,
        );
        if let Err(err) = state.mailer.send(&admin.email, email).await {
            tracing::warn!(error = %err, recruiter_id = admin.id, "webhook paused e-mail failed");
        }
    }
    Ok(())
}
