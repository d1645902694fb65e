//! Stored calls: placed, updated by webhooks, completed by the end-of-call report or the
//! reconciler.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};
use serde_json::json;

use super::conclusions::analysis::Scores;
use super::conclusions::assessment::Assessment;
use super::integrity::IntegrityStatus;
use super::vapi::Report;
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::candidates::interview_outcome;
use crate::error::Result;
use crate::interviews::completion;
use crate::pipeline::stages::{self, Stage};
use crate::store::{Db, Tx};
use crate::{execute, fetch_as, fetch_scalar, with_tx};

/// A stored call.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CallRow {
    pub id: String,
    pub assistant_id: Option<String>,
    pub kind: String,
    pub candidate_name: String,
    pub phone: Option<String>,
    pub status: String,
    pub ended_reason: Option<String>,
    pub scheduled_at: Option<i64>,
    pub started_at: Option<i64>,
    pub ended_at: Option<i64>,
    pub transcript: Option<String>,
    pub recording_url: Option<String>,
    pub summary: Option<String>,
    pub success_evaluation: Option<String>,
    pub structured_data: Option<String>,
    pub technical_score: Option<i64>,
    pub communication_score: Option<i64>,
    pub problem_solving_score: Option<i64>,
    pub cultural_fit_score: Option<i64>,
    pub interview_status: Option<String>,
    pub report_received_at: Option<i64>,
    pub created_at: i64,
    pub created_by: Option<i64>,
    pub invite_id: Option<i64>,
    /// The scripted questions (JSON array) when we created the call.
    pub questions: Option<String>,
    /// The conversation's turns (JSON).
    pub turns: Option<String>,
    pub integrity: Option<String>,
    pub integrity_detail: Option<String>,
    /// Why `interview_status` is what it is (JSON).
    pub verdict: Option<String>,
}

impl CallRow {
    /// The four stored scores.
    pub fn scores(&self) -> Scores {
        Scores {
            technical: self.technical_score,
            communication: self.communication_score,
            problem_solving: self.problem_solving_score,
            cultural_fit: self.cultural_fit_score,
        }
    }

    /// How long the call lasted, when both ends are known.
    pub fn duration_seconds(&self) -> Option<i64> {
        self.started_at
            .zip(self.ended_at)
            .map(|(start, end)| (end - start) / 1000)
    }
}

const SELECT: &str = "SELECT id, assistant_id, kind, candidate_name, phone, status, ended_reason,
    scheduled_at, started_at, ended_at, transcript, recording_url, summary, success_evaluation,
    structured_data, technical_score, communication_score, problem_solving_score,
    cultural_fit_score, interview_status, report_received_at, created_at, created_by, invite_id,
    questions, turns, integrity, integrity_detail, verdict FROM voice_calls";

/// A call we have just learnt of.
#[derive(Debug, Clone)]
pub struct NewCall<'a> {
    pub id: &'a str,
    pub assistant_id: Option<&'a str>,
    pub kind: &'a str,
    pub candidate_name: &'a str,
    pub phone: Option<&'a str>,
    pub status: &'a str,
    pub scheduled_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub created_by: Option<i64>,
    /// The invite the call is an attempt of.
    pub invite_id: Option<i64>,
    /// The assistant's scripted questions.
    pub questions: Option<&'a [String]>,
}

/// Records a call unless it is already known (a webhook may arrive before our own insert).
pub async fn insert(db: &Db, call: &NewCall<'_>, now: Timestamp) -> Result<()> {
    let due = call.scheduled_at.unwrap_or(call.created_at);
    let questions = call
        .questions
        .map(|q| serde_json::Value::from(q.to_vec()).to_string());
    execute!(
        db,
        "INSERT INTO voice_calls (id, assistant_id, kind, candidate_name, phone, status,
            scheduled_at, due_at, created_at, updated_at, created_by, invite_id, questions)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (id) DO UPDATE SET
            assistant_id = COALESCE(voice_calls.assistant_id, excluded.assistant_id),
            invite_id = COALESCE(voice_calls.invite_id, excluded.invite_id),
            questions = COALESCE(voice_calls.questions, excluded.questions),
            phone = COALESCE(voice_calls.phone, excluded.phone),
            created_by = COALESCE(voice_calls.created_by, excluded.created_by),
            candidate_name = CASE WHEN voice_calls.candidate_name = ''
                THEN excluded.candidate_name ELSE voice_calls.candidate_name END",
        (
            call.id,
            call.assistant_id,
            call.kind,
            call.candidate_name,
            call.phone,
            call.status,
            call.scheduled_at.map(to_millis),
            to_millis(due),
            to_millis(call.created_at),
            to_millis(now),
            call.created_by,
            call.invite_id,
            questions.as_deref()
        )
    )?;
    Ok(())
}

/// Order of the statuses a call moves through; an older update never overwrites a newer one.
fn rank(status: &str) -> i64 {
    match status {
        "scheduled" => 1,
        "queued" => 2,
        "ringing" => 3,
        "in-progress" => 4,
        "forwarding" => 5,
        "ended" => 6,
        _ => 0,
    }
}

const RANK_SQL: &str = "CASE status WHEN 'scheduled' THEN 1 WHEN 'queued' THEN 2 \
    WHEN 'ringing' THEN 3 WHEN 'in-progress' THEN 4 WHEN 'forwarding' THEN 5 \
    WHEN 'ended' THEN 6 ELSE 0 END";

/// Moves a call forward to `status`; returns whether anything changed.
pub async fn apply_status(
    db: &Db,
    id: &str,
    status: &str,
    ended_reason: Option<&str>,
    now: Timestamp,
) -> Result<bool> {
    let sql = format!(
        "UPDATE voice_calls SET status = $2, ended_reason = COALESCE($3, ended_reason),
            updated_at = $4
         WHERE id = $1 AND {RANK_SQL} < $5"
    );
    let changed = execute!(
        db,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id, status, ended_reason, to_millis(now), rank(status))
    )?;
    Ok(changed == 1)
}

fn millis(iso: Option<&str>) -> Option<i64> {
    iso.and_then(|s| s.parse::<Timestamp>().ok()).map(to_millis)
}

/// Stores the end-of-call report and its assessment once: a duplicate (or the reconciler after
/// the webhook) changes nothing. Returns whether this call stored it. In the same transaction,
/// the invite the call is an attempt of is completed (when this attempt counts) and its
/// candidate gets the call and the outcome.
pub async fn store_report(
    db: &Db,
    id: &str,
    report: &Report,
    assessment: &Assessment,
    now: Timestamp,
) -> Result<bool> {
    let scores = &assessment.scores;
    let status = assessment.verdict.status;
    let turns = serde_json::to_string(&assessment.turns).map_err(anyhow::Error::from)?;
    let verdict = serde_json::to_string(&assessment.verdict).map_err(anyhow::Error::from)?;
    let mut tx = db.begin_write().await?;
    let stored = with_tx!(&mut tx, |conn| {
        sqlx::query(
            "UPDATE voice_calls SET status = 'ended', ended_reason = COALESCE($2, ended_reason),
                started_at = COALESCE($3, started_at), ended_at = COALESCE($4, ended_at),
                transcript = $5, recording_url = $6, summary = $7, success_evaluation = $8,
                structured_data = $9, technical_score = $10, communication_score = $11,
                problem_solving_score = $12, cultural_fit_score = $13, interview_status = $14,
                report_received_at = $15, updated_at = $15, claimed_until = NULL, turns = $16,
                integrity = $17, integrity_detail = $18, verdict = $19
             WHERE id = $1 AND report_received_at IS NULL",
        )
        .bind(id)
        .bind(report.ended_reason.as_deref())
        .bind(millis(report.started_at.as_deref()))
        .bind(millis(report.ended_at.as_deref()))
        .bind(report.transcript.as_deref())
        .bind(report.recording_url.as_deref())
        .bind(report.summary.as_deref())
        .bind(report.success_evaluation.as_deref())
        .bind(report.structured_data.as_ref().map(|v| v.to_string()))
        .bind(scores.technical)
        .bind(scores.communication)
        .bind(scores.problem_solving)
        .bind(scores.cultural_fit)
        .bind(status.as_str())
        .bind(to_millis(now))
        .bind(turns.as_str())
        .bind(assessment.integrity.status.as_str())
        .bind(assessment.integrity.detail.as_deref())
        .bind(verdict.as_str())
        .execute(&mut **conn)
        .await?
        .rows_affected()
    });
    if stored == 1 {
        completion::complete_by_call(&mut tx, id, now).await?;
        interview_outcome::link_completed_call(&mut tx, id, status, now).await?;
        log_report(&mut tx, id, assessment, now).await?;
    }
    tx.commit().await?;
    Ok(stored == 1)
}

/// Logs a stored report on its candidate's timeline and moves them to Interviewed once it
/// completed their interview.
async fn log_report(tx: &mut Tx, id: &str, assessment: &Assessment, now: Timestamp) -> Result<()> {
    let subject = Subject::Call(id);
    let (kind, detail) = if assessment.integrity.status == IntegrityStatus::Failed {
        let reason = assessment
            .integrity
            .detail
            .as_deref()
            .unwrap_or("changed outside Hirelane");
        (
            EventKind::IntegrityFailed,
            json!({ "callId": id, "reason": reason }),
        )
    } else {
        let status = assessment.verdict.status.as_str();
        (
            EventKind::AnalysisStored,
            json!({ "callId": id, "interviewStatus": status }),
        )
    };
    activity::record(tx, kind, subject, &Actor::System, detail, now).await?;
    stages::advance(tx, subject, Stage::Interviewed, now).await
}

/// Marks a call as an attempt of `invite_id` (a browser-started call, known from its verified
/// reference); a call already tied to an invite keeps it.
pub async fn set_invite(db: &Db, id: &str, invite_id: i64) -> Result<()> {
    execute!(
        db,
        "UPDATE voice_calls SET invite_id = $2 WHERE id = $1 AND invite_id IS NULL",
        (id, invite_id)
    )?;
    Ok(())
}

pub async fn find(db: &Db, id: &str) -> Result<Option<CallRow>> {
    let sql = format!("{SELECT} WHERE id = $1");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id)
    )?)
}

/// Calls created inside `(after, before)`, newest first.
pub async fn list(
    db: &Db,
    after: Option<Timestamp>,
    before: Option<Timestamp>,
    limit: i64,
) -> Result<Vec<CallRow>> {
    let sql = format!(
        "{SELECT} WHERE created_at > $1 AND created_at < $2 ORDER BY created_at DESC LIMIT $3"
    );
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (
            after.map(to_millis).unwrap_or(i64::MIN),
            before.map(to_millis).unwrap_or(i64::MAX),
            limit
        )
    )?)
}

/// Calls that should have ended by now but have no report: due more than `grace` ago and not
/// leased by another instance.
pub async fn unreported(db: &Db, now: Timestamp, grace: SignedDuration) -> Result<Vec<String>> {
    let due_before = to_millis(now) - grace.as_millis() as i64;
    Ok(fetch_scalar!(
        db,
        fetch_all,
        "SELECT id FROM voice_calls
         WHERE report_received_at IS NULL AND due_at <= $1
           AND (claimed_until IS NULL OR claimed_until <= $2)
         ORDER BY due_at LIMIT 50",
        (due_before, to_millis(now))
    )?)
}

/// Leases one call to this instance for `lease`: a single atomic UPDATE, so of several
/// instances exactly one wins. The lease also spaces out polls of a call still in progress.
pub async fn claim(db: &Db, id: &str, now: Timestamp, lease: SignedDuration) -> Result<bool> {
    let until = to_millis(now) + lease.as_millis() as i64;
    let claimed = execute!(
        db,
        "UPDATE voice_calls SET claimed_until = $2
         WHERE id = $1 AND report_received_at IS NULL
           AND (claimed_until IS NULL OR claimed_until <= $3)",
        (id, until, to_millis(now))
    )?;
    Ok(claimed == 1)
}

/// Deletes the given calls inside a transaction of the caller's; answers how many were ours.
pub async fn delete_calls(tx: &mut Tx, ids: &[String]) -> Result<u64> {
    let mut deleted = 0;
    for id in ids {
        deleted += with_tx!(tx, |conn| {
            sqlx::query("DELETE FROM voice_calls WHERE id = $1")
                .bind(id)
                .execute(&mut **conn)
                .await
                .map(|done| done.rows_affected())
        })?;
    }
    Ok(deleted)
}

/// The calls of an invite (its attempts), first started first.
pub async fn of_invite(db: &Db, invite_id: i64) -> Result<Vec<CallRow>> {
    let sql = format!(
        "{SELECT} WHERE invite_id = $1 ORDER BY COALESCE(started_at, created_at), created_at, id"
    );
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (invite_id)
    )?)
}
