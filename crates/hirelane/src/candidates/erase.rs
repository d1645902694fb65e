//! Erasing one person completely (a data-protection erasure request): every candidate row with
//! their e-mail address in any JD, their resumes and earlier resumes in the file store, their
//! interview invites and the calls placed for them, and (outbox transport) the mails sent to
//! them. Recordings kept by the voice provider and copies at a real mail service are outside
//! our reach; the operations guide says how to handle those.

use std::path::Path;

use serde_json::json;

use crate::activity::{self, Actor, EventKind};
use crate::auth::recruiters::normalize_email;
use crate::error::Result;
use crate::state::AppState;
use crate::store::Tx;
use crate::{interviews, voice, with_tx};

/// What an erasure removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Erased {
    pub candidates: u64,
    pub files: usize,
    pub calls: u64,
    pub mails: usize,
}

/// Removes everything stored about the candidate with `email`. Rows go in one transaction;
/// files and mails are removed after it commits (a failure there leaves an orphan file, which
/// is reported, never a row pointing at a missing file). The candidate's waiting erasure
/// requests are marked done by `by` and forget the address.
pub async fn erase(state: &AppState, email: &str, by: &str) -> Result<Erased> {
    let email = normalize_email(email)?;
    let mut tx = state.db.begin_write().await?;
    let ids: Vec<i64> = with_tx!(&mut tx, |conn| {
        sqlx::query_scalar("SELECT id FROM candidates WHERE candidate_email = $1")
            .bind(&email)
            .fetch_all(&mut **conn)
            .await
    })?;
    erase_rows(state, tx, &ids, Some(&email), by).await
}

/// Removes one candidate row the way [`erase`] removes a person: for a candidate whose resume
/// gave no address (nothing else can be theirs).
pub async fn erase_candidate(state: &AppState, id: i64, by: &str) -> Result<Erased> {
    let tx = state.db.begin_write().await?;
    erase_rows(state, tx, &[id], None, by).await
}

async fn erase_rows(
    state: &AppState,
    mut tx: Tx,
    ids: &[i64],
    email: Option<&str>,
    by: &str,
) -> Result<Erased> {
    let mut keys: Vec<String> = Vec::new();
    let mut jobs: Vec<i64> = Vec::new();
    let mut call_ids: Vec<String> = Vec::new();
    for id in ids {
        keys.extend(with_tx!(&mut tx, |conn| {
            sqlx::query_scalar::<_, String>(
                "SELECT file_key FROM candidates WHERE id = $1 AND file_key IS NOT NULL
                 UNION ALL
                 SELECT file_key FROM resume_history WHERE candidate_id = $1",
            )
            .bind(id)
            .fetch_all(&mut **conn)
            .await
        })?);
        let row: Option<(i64, Option<String>)> = with_tx!(&mut tx, |conn| {
            sqlx::query_as("SELECT job_id, call_id FROM candidates WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut **conn)
                .await
        })?;
        if let Some((job, call)) = row {
            jobs.push(job);
            call_ids.extend(call);
        }
    }
    jobs.sort_unstable();
    jobs.dedup();
    // Calls placed for the candidate hold their name, number and transcript.
    call_ids.extend(interviews::repo::call_ids_of(&mut tx, ids).await?);
    call_ids.sort();
    call_ids.dedup();
    let calls = voice::repo::delete_calls(&mut tx, &call_ids).await?;
    // Resume history, interview invites and self-identification cascade with the rows.
    let mut candidates = 0;
    for id in ids {
        candidates += with_tx!(&mut tx, |conn| {
            sqlx::query("DELETE FROM candidates WHERE id = $1")
                .bind(id)
                .execute(&mut **conn)
                .await
                .map(|done| done.rows_affected())
        })?;
    }
    // The log forgets the person; an anonymous trace of the erasure stays with each JD.
    activity::log::forget(&mut tx, ids).await?;
    let now = state.clock.now();
    if let Some(email) = email {
        with_tx!(&mut tx, |conn| {
            sqlx::query(
                "UPDATE erasure_requests SET state = 'erased', decided_at = $2, decided_by = $3,
                    email = '', candidate_name = '', job_title = ''
                 WHERE email = $1 AND state = 'pending'",
            )
            .bind(email)
            .bind(hirelane_core::clock::to_millis(now))
            .bind(by)
            .execute(&mut **conn)
            .await
            .map(drop)
        })?;
        for table in ["retention_keep", "retention_notices"] {
            with_tx!(&mut tx, |conn| {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DELETE FROM {table} WHERE email = $1"
                )))
                .bind(email)
                .execute(&mut **conn)
                .await
                .map(drop)
            })?;
        }
    }
    for job in jobs {
        let kind = EventKind::Erased;
        activity::log::record_anonymous(&mut tx, kind, Some(job), &Actor::System, json!({}), now)
            .await?;
    }
    tx.commit().await?;
    let mut files = 0;
    for key in &keys {
        match state.files.delete(key).await {
            Ok(()) => files += 1,
            Err(err) => tracing::warn!(error = %err, key, "erase: file not removed"),
        }
    }
    let mails = match (email, &state.settings.mail.transport) {
        (Some(email), crate::config::MailTransport::Outbox) => {
            erase_outbox(&state.settings.outbox_dir(), email)
        }
        _ => 0,
    };
    Ok(Erased {
        candidates,
        files,
        calls,
        mails,
    })
}

/// Removes the outbox's `.eml` copies addressed to `email`.
fn erase_outbox(dir: &Path, email: &str) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let to = format!("to: {email}");
    entries
        .filter_map(std::result::Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .filter(|p| {
            std::fs::read_to_string(p).is_ok_and(|text| {
                text.lines()
                    .take_while(|l| !l.is_empty())
                    .any(|l| l.to_ascii_lowercase() == to)
            })
        })
        .filter(|p| std::fs::remove_file(p).is_ok())
        .count()
}
