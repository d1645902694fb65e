//! Writing the activity log: one event per change a person or the system makes on a candidate,
//! written on the change's own transaction so the log and the data cannot disagree. Each event
//! is also the source of the outgoing webhooks: its outbox rows go on the same transaction.

use hirelane_core::clock::to_millis;
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::error::Result;
use crate::store::Tx;
use crate::webhooks::outbox::{self, Event};
use crate::with_tx;

/// What happened. The stored text never changes once released (feeds filter on it).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum EventKind {
    /// A resume or CSV row created the candidate, or a newer resume replaced theirs.
    Uploaded,
    /// The ATS scored the resume (again, after the JD changed: `rescored` in the detail).
    Analysed,
    /// The resume could not be read or scored.
    AnalysisFailed,
    Invited,
    EmailSent,
    Booked,
    Rescheduled,
    /// The candidate joined the interview (a web call was created for them).
    Joined,
    /// An interview call's report came in: the analysis is stored with its outcome.
    AnalysisStored,
    /// A call's report showed the interview was changed outside the server: never scored.
    IntegrityFailed,
    /// A recruiter chose which interview attempt counts.
    AttemptChosen,
    Scorecard,
    StageChanged,
    /// The candidate's personal data was erased; the event keeps nothing that names them.
    Erased,
    /// The candidate asked, from their application page, for their data to be erased.
    ErasureRequested,
    /// The candidate asked for an alternative process or an accommodation.
    AccommodationRequested,
    /// A recruiter answered the candidate's request for an alternative process.
    AccommodationAnswered,
    /// The JD's autopilot qualified the candidate but could not invite them (`reason`).
    AutopilotSkipped,
}

stored_text!(EventKind);

/// Who made the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    Recruiter {
        id: i64,
        name: String,
    },
    /// The candidate, through their invite link.
    Candidate,
    /// The server on its own: analysis workers, webhooks, automatic stage moves.
    System,
}

impl Actor {
    pub fn kind(&self) -> &'static str {
        match self {
            Actor::Recruiter { .. } => "recruiter",
            Actor::Candidate => "candidate",
            Actor::System => "system",
        }
    }

    /// The recruiter's id; none for the candidate and the system.
    pub fn recruiter_id(&self) -> Option<i64> {
        match self {
            Actor::Recruiter { id, .. } => Some(*id),
            _ => None,
        }
    }

    fn name(&self) -> Option<&str> {
        match self {
            Actor::Recruiter { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// Which candidates an event is about, named the way the caller knows them.
#[derive(Debug, Clone, Copy)]
pub enum Subject<'a> {
    Candidate(i64),
    /// The candidate of an interview invite.
    Invite(i64),
    /// The candidate whose invite a call is an attempt of (or whose row holds the call).
    Call(&'a str),
}

impl Subject<'_> {
    /// The candidates (`id`, `job_id`) the subject names, as a SELECT with one parameter ($6).
    fn rows(&self) -> &'static str {
        match self {
            Subject::Candidate(_) => "SELECT id, job_id FROM candidates WHERE id = $6",
            Subject::Invite(_) => {
                "SELECT c.id, c.job_id FROM candidates c
                 JOIN interview_invites i ON i.candidate_id = c.id WHERE i.id = $6"
            }
            Subject::Call(_) => {
                "SELECT c.id, c.job_id FROM candidates c
                 JOIN interview_invites i ON i.candidate_id = c.id
                 JOIN voice_calls v ON v.invite_id = i.id WHERE v.id = $6"
            }
        }
    }
}

/// Appends one event about `subject` (nothing when it names no candidate, e.g. a call placed
/// from the Schedule Interview Call form).
pub async fn record(
    tx: &mut Tx,
    kind: EventKind,
    subject: Subject<'_>,
    actor: &Actor,
    detail: Value,
    now: Timestamp,
) -> Result<()> {
    let sql = format!(
        "INSERT INTO activity_events (at, kind, candidate_id, job_id, actor_kind, actor_id,
            actor_name, detail)
         SELECT $1, $2, s.id, s.job_id, $3, $4, $5, $7 FROM ({}) s
         RETURNING candidate_id, job_id",
        subject.rows()
    );
    let detail = detail.to_string();
    let about: Vec<(Option<i64>, Option<i64>)> = with_tx!(tx, |conn| {
        let query = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(to_millis(now))
            .bind(kind.as_str())
            .bind(actor.kind())
            .bind(actor.recruiter_id())
            .bind(actor.name());
        let query = match subject {
            Subject::Candidate(id) | Subject::Invite(id) => query.bind(id),
            Subject::Call(id) => query.bind(id),
        };
        query.bind(&detail).fetch_all(&mut **conn).await
    })?;
    for (candidate_id, job_id) in about {
        let event = Event {
            event_type: &outbox::event_type("candidate", kind.as_str()),
            candidate_id,
            job_id,
            detail: &detail,
        };
        outbox::enqueue(tx, &event, now).await?;
    }
    Ok(())
}

/// Appends an event about no particular candidate of `job_id` (an erasure's trace).
pub async fn record_anonymous(
    tx: &mut Tx,
    kind: EventKind,
    job_id: Option<i64>,
    actor: &Actor,
    detail: Value,
    now: Timestamp,
) -> Result<()> {
    let detail = detail.to_string();
    with_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO activity_events (at, kind, candidate_id, job_id, actor_kind, actor_id,
                actor_name, detail)
             VALUES ($1, $2, NULL, $3, $4, $5, $6, $7)",
        )
        .bind(to_millis(now))
        .bind(kind.as_str())
        .bind(job_id)
        .bind(actor.kind())
        .bind(actor.recruiter_id())
        .bind(actor.name())
        .bind(&detail)
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    let event = Event {
        event_type: &outbox::event_type("candidate", kind.as_str()),
        candidate_id: None,
        job_id,
        detail: &detail,
    };
    outbox::enqueue(tx, &event, now).await?;
    Ok(())
}

/// Removes every event about the candidates `ids` (an erasure), and what their webhook
/// deliveries kept of them; returns how many events went.
pub async fn forget(tx: &mut Tx, ids: &[i64]) -> Result<u64> {
    outbox::forget(tx, ids).await?;
    let mut removed = 0;
    for id in ids {
        removed += with_tx!(tx, |conn| {
            sqlx::query("DELETE FROM activity_events WHERE candidate_id = $1")
                .bind(id)
                .execute(&mut **conn)
                .await
                .map(|done| done.rows_affected())
        })?;
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_back_as_written() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<EventKind>(),
            Ok(())
        );
        for kind in EventKind::VARIANTS {
            let json = serde_json::to_value(kind).expect("json");
            assert_eq!(json, kind.as_str(), "feeds filter on the stored text");
        }
        assert_eq!(EventKind::AnalysisFailed.as_str(), "analysisFailed");
        assert!(EventKind::parse("dropTable").is_err());
    }
}
