//! A second application from an address to the same job. Anyone can type an address into a
//! form, so the new resume does not replace the candidate's until the address's owner confirms
//! it from the e-mail we send; until then it waits, with its file, for a week.

use hirelane_core::clock::to_millis;
use hirelane_core::keys::random_token;
use jiff::{SignedDuration, Timestamp};

use super::applications::{self, Consent, NewApplication};
use super::published::PublishedJob;
use crate::candidates::intake::accept::{Applicant, Sender, accept_resume};
use crate::error::{Error, ErrorCode, Result};
use crate::jobs::repo::{self as jobs, JobKey};
use crate::mail;
use crate::state::AppState;
use crate::{execute, fetch_as, fetch_scalar, with_tx};

/// How long an unconfirmed application waits.
pub const CONFIRM_WITHIN: SignedDuration = SignedDuration::from_hours(7 * 24);

/// A held application, as the form gave it.
pub struct Pending<'a> {
    pub candidate_id: i64,
    pub full_name: &'a str,
    pub phone: &'a str,
    pub note: &'a str,
    pub consent: &'a Consent,
    pub file_name: &'a str,
    pub extension: &'a str,
    pub bytes: Vec<u8>,
}

/// Stores the application and its file aside and e-mails the address a link to confirm it.
pub async fn hold(
    state: &AppState,
    job: &PublishedJob,
    email: &str,
    mut pending: Pending<'_>,
) -> Result<()> {
    let token = random_token(16);
    let key = format!("pending/{token}.{}", pending.extension);
    state
        .files
        .put(&key, std::mem::take(&mut pending.bytes))
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    let now = state.clock.now();
    let stored = insert(state, &token, &key, &pending, now).await;
    if let Err(err) = stored {
        if let Err(e) = state.files.delete(&key).await {
            tracing::warn!(error = %e, key, "could not remove a held application's file");
        }
        return Err(err);
    }
    let link = confirm_link(state, &job.slug, &token);
    let message = mail::application_update(&job.jdname, &link);
    if let Err(err) = state.mailer.send(email, message).await {
        tracing::warn!(error = %err, "the confirmation of a second application was not sent");
    }
    Ok(())
}

async fn insert(
    state: &AppState,
    token: &str,
    key: &str,
    pending: &Pending<'_>,
    now: Timestamp,
) -> Result<()> {
    let at = to_millis(now);
    let mut tx = state.db.begin_write().await?;
    applications::remember_notice(&mut tx, pending.consent, now).await?;
    with_tx!(&mut tx, |conn| {
        sqlx::query(
            "INSERT INTO pending_applications (token, candidate_id, full_name, phone, note,
                consent_version, file_key, file_name, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(token)
        .bind(pending.candidate_id)
        .bind(pending.full_name)
        .bind(pending.phone)
        .bind(pending.note)
        .bind(&pending.consent.version)
        .bind(key)
        .bind(pending.file_name)
        .bind(at)
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    tx.commit().await?;
    Ok(())
}

pub fn confirm_link(state: &AppState, slug: &str, token: &str) -> String {
    format!(
        "{}/careers/{slug}/confirm/{token}",
        state.settings.public_url()
    )
}

/// A held application, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HeldRow {
    pub token: String,
    pub candidate_id: i64,
    pub full_name: String,
    pub phone: String,
    pub note: String,
    pub consent_version: String,
    pub consent_text: String,
    pub file_key: String,
    pub file_name: String,
    pub created_at: i64,
    pub candidate_email: String,
    pub job_id: i64,
    pub jdname: String,
}

/// The held application of `token` for the job at `slug`, while it may still be confirmed.
pub async fn find(state: &AppState, slug: &str, token: &str) -> Result<Option<HeldRow>> {
    let since = to_millis(state.clock.now()) - CONFIRM_WITHIN.as_millis() as i64;
    Ok(fetch_as!(
        &state.db,
        fetch_optional,
        "SELECT p.token, p.candidate_id, p.full_name, p.phone, p.note, p.consent_version,
            n.text AS consent_text, p.file_key, p.file_name, p.created_at,
            c.candidate_email, c.job_id, j.jdname
         FROM pending_applications p
         JOIN consent_notices n ON n.version = p.consent_version
         JOIN candidates c ON c.id = p.candidate_id
         JOIN jobs j ON j.id = c.job_id
         JOIN job_postings jp ON jp.job_id = j.id
         WHERE p.token = $1 AND jp.slug = $2 AND p.created_at >= $3
           AND j.deleted_at IS NULL",
        (token, slug, since)
    )?)
}

/// Applies a held application: its resume replaces the candidate's (the older one stays in
/// their history) and is analysed again. Confirming twice finds nothing the second time.
pub async fn confirm(state: &AppState, slug: &str, token: &str) -> Result<HeldRow> {
    let held = find(state, slug, token).await?.ok_or_else(gone)?;
    // Taking the row first makes a double submit of the confirmation apply once.
    let taken = execute!(
        &state.db,
        "DELETE FROM pending_applications WHERE token = $1",
        (token)
    )?;
    if taken == 0 {
        return Err(gone());
    }
    let bytes = state
        .files
        .get(&held.file_key)
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .ok_or_else(gone)?;
    let job = jobs::find(&state.db, &JobKey::Id(held.job_id))
        .await?
        .ok_or_else(gone)?;
    let extension = held.file_key.rsplit('.').next().unwrap_or_default();
    let applicant = Applicant {
        name: held.full_name.clone(),
        email: held.candidate_email.clone(),
        phone: held.phone.clone(),
        application: NewApplication {
            note: held.note.clone(),
            consent: Consent {
                version: held.consent_version.clone(),
                text: held.consent_text.clone(),
            },
        },
    };
    accept_resume(
        state,
        &job,
        &held.file_name,
        extension,
        bytes,
        Sender::Applicant(&applicant),
    )
    .await?;
    state.analysis.wake();
    if let Err(e) = state.files.delete(&held.file_key).await {
        tracing::warn!(error = %e, key = held.file_key, "a confirmed application's held file stays");
    }
    Ok(held)
}

fn gone() -> Error {
    Error::not_found(
        ErrorCode::NotFound,
        "This link has expired or was already used. Apply again if you want to update your application.",
    )
}

/// Removes held applications nobody confirmed in time, with their files.
pub async fn prune(state: &AppState, now: Timestamp) -> Result<usize> {
    let before = to_millis(now) - CONFIRM_WITHIN.as_millis() as i64;
    let keys: Vec<String> = fetch_scalar!(
        &state.db,
        fetch_all,
        "DELETE FROM pending_applications WHERE created_at < $1 RETURNING file_key",
        (before)
    )?;
    for key in &keys {
        if let Err(e) = state.files.delete(key).await {
            tracing::warn!(error = %e, key, "an expired held application's file stays");
        }
    }
    Ok(keys.len())
}
