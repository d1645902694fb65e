//! Reminder e-mails a day and an hour before a scheduled interview, sent by a loop on every
//! serving instance.

use std::time::Duration;

use hirelane_core::clock::from_millis;

use super::emails::{guidelines_link, invite_link, mail_parts, when_text};
use super::repo::{self, Reminder};
use crate::candidates::portal_link::application_link;
use crate::error::Result;
use crate::mail;
use crate::state::AppState;

/// Sends every due reminder once; returns how many went out. Safe on several instances at
/// once: each reminder is claimed by one conditional UPDATE before its e-mail is sent.
pub async fn send_due_reminders(state: &AppState) -> Result<usize> {
    let mut sent = 0;
    for reminder in [Reminder::Day, Reminder::Hour] {
        let now = state.clock.now();
        for id in repo::due_reminders(&state.db, reminder, now).await? {
            let Some(invite) = repo::find(&state.db, id).await? else {
                continue;
            };
            let Some(at) = invite.interview_at else {
                continue;
            };
            if !repo::claim_reminder(&state.db, id, reminder, at, now).await? {
                continue;
            }
            let link = invite_link(state, &invite.token);
            let guidelines = guidelines_link(state);
            let zone = invite.time_zone.as_deref().unwrap_or("UTC");
            let lead = match reminder {
                Reminder::Day => "tomorrow",
                Reminder::Hour => "in one hour",
            };
            let own_page = application_link(state, invite.candidate_id).await?;
            let email = mail::interview_reminder(
                &mail_parts(&invite, &link, &guidelines),
                &when_text(from_millis(at), zone),
                lead,
            )
            .with_application_link(&own_page);
            match state.mailer.send(&invite.candidate_email, email).await {
                Ok(()) => sent += 1,
                Err(err) => {
                    tracing::warn!(error = %err, invite = id, "reminder e-mail failed; will retry");
                    repo::release_reminder(&state.db, id, reminder).await?;
                }
            }
        }
    }
    Ok(sent)
}

/// The reminder loop of a serving instance.
pub async fn run_reminders(state: AppState) {
    let every = state.settings.background.reminder_interval_seconds.max(1);
    let mut tick = tokio::time::interval(Duration::from_secs(every));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        match send_due_reminders(&state).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "interview reminders sent"),
            Err(err) => tracing::warn!(error = %err, "interview reminders failed"),
        }
    }
}
