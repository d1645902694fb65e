//! Erasing one person completely (a data-protection erasure request): every candidate row with
//! their e-mail address in any JD, their resumes and earlier resumes in the file store, their
//! interview invites and the calls placed for them, and (outbox transport) the mails sent to
//! them. Recordings kept by the voice provider and copies at a real mail service are outside
//! our reach; the operations guide says how to handle those.

use std::path::Path;

use crate::auth::recruiters::normalize_email;
use crate::error::Result;
use crate::state::AppState;
use crate::store::BeginWrite;
use crate::with_db;

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
/// is reported, never a row pointing at a missing file).
pub async fn erase(state: &AppState, email: &str) -> Result<Erased> {
    let email = normalize_email(email)?;
    let (candidates, calls, keys) = with_db!(&state.db, |pool| {
        let mut tx = pool.begin_write().await?;
        let keys: Vec<String> = sqlx::query_scalar(
            "SELECT file_key FROM candidates WHERE candidate_email = $1 AND file_key IS NOT NULL
             UNION ALL
             SELECT h.file_key FROM resume_history h JOIN candidates c ON c.id = h.candidate_id
              WHERE c.candidate_email = $1",
        )
        .bind(&email)
        .fetch_all(&mut *tx)
        .await?;
        // Calls placed for the candidate hold their name, number and transcript.
        let calls = sqlx::query(
            "DELETE FROM voice_calls WHERE id IN (
                SELECT call_id FROM candidates WHERE candidate_email = $1 AND call_id IS NOT NULL
                UNION
                SELECT i.call_id FROM interview_invites i JOIN candidates c ON c.id = i.candidate_id
                 WHERE c.candidate_email = $1 AND i.call_id IS NOT NULL)",
        )
        .bind(&email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        // Resume history and interview invites cascade with the candidate rows.
        let candidates = sqlx::query("DELETE FROM candidates WHERE candidate_email = $1")
            .bind(&email)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok::<_, sqlx::Error>((candidates, calls, keys))
    })?;
    let mut files = 0;
    for key in &keys {
        match state.files.delete(key).await {
            Ok(()) => files += 1,
            Err(err) => tracing::warn!(error = %err, key, "erase: file not removed"),
        }
    }
    let mails = match state.settings.mail.transport {
        crate::config::MailTransport::Outbox => erase_outbox(&state.settings.outbox_dir(), &email),
        crate::config::MailTransport::Smtp => 0,
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
