//! Invite rows: creation and re-sending, the slot, next-step details, the web call, reminders'
//! claims and the dashboard's counts. Every state change is one conditional UPDATE, so two
//! requests (or two instances) racing for the same change cannot both win.

use jiff::{SignedDuration, Timestamp};

use hirelane_core::clock::to_millis;
use serde_json::json;

use super::facts::{self, one_if};
use super::rules::{InviteState, REMINDERS};
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::candidates::status::Source;
use crate::error::Result;
use crate::pipeline::stages::{self, Stage};
use crate::store::{Db, Tx};
use crate::{execute, fetch_as, fetch_scalar, with_tx};

/// An invite with what its pages and e-mails show.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InviteRow {
    pub id: i64,
    pub token: String,
    pub candidate_id: i64,
    pub job_id: i64,
    pub assistant_id: String,
    #[sqlx(try_from = "String")]
    pub state: InviteState,
    pub interview_at: Option<i64>,
    pub time_zone: Option<String>,
    pub ics_sequence: i64,
    pub call_id: Option<String>,
    pub details: Option<String>,
    pub details_submitted_at: Option<i64>,
    pub candidate_name: String,
    pub candidate_email: String,
    /// How the candidate entered the JD: the invite thanks only an applicant for applying.
    #[sqlx(try_from = "String")]
    pub source: Source,
    pub jdname: String,
    pub apply_last_date: Option<String>,
    pub completed_at: Option<i64>,
    pub updated_at: i64,
}

const SELECT: &str = "SELECT i.id, i.token, i.candidate_id, i.job_id, i.assistant_id, i.state,
        i.interview_at, i.time_zone, i.ics_sequence, i.call_id, i.details,
        i.details_submitted_at, i.completed_at, i.updated_at, c.candidate_name, c.candidate_email, c.source,
        j.jdname, j.apply_last_date
    FROM interview_invites i
    JOIN candidates c ON c.id = i.candidate_id
    JOIN jobs j ON j.id = i.job_id";

/// The invite behind a link; invites of JDs in the bin are gone for the candidate too.
pub async fn find_by_token(db: &Db, token: &str) -> Result<Option<InviteRow>> {
    let sql = format!("{SELECT} WHERE i.token = $1 AND j.deleted_at IS NULL");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (token)
    )?)
}

pub async fn find(db: &Db, id: i64) -> Result<Option<InviteRow>> {
    let sql = format!("{SELECT} WHERE i.id = $1");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id)
    )?)
}

pub async fn find_by_candidate(db: &Db, candidate_id: i64) -> Result<Option<InviteRow>> {
    let sql = format!("{SELECT} WHERE i.candidate_id = $1");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (candidate_id)
    )?)
}

/// One candidate to invite: their row id, and the token a new invite would get.
/// An assistant the voice provider has, with the name the activity log shows.
pub struct ChosenAssistant {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct Invitee {
    pub candidate_id: i64,
    pub new_token: String,
}

/// Creates the invites that do not exist yet (one per candidate) and points existing, not yet
/// completed ones at `assistant` (a cancelled one is open again); returns each candidate's
/// invite and whether it is new. New invites move their candidates to Invited, logged.
pub async fn upsert(
    db: &Db,
    job_id: i64,
    assistant: &ChosenAssistant,
    invitees: &[Invitee],
    recruiter: &Actor,
    now: Timestamp,
) -> Result<Vec<(InviteRow, bool)>> {
    let at = to_millis(now);
    let recruiter_id = recruiter.recruiter_id();
    let mut created = Vec::with_capacity(invitees.len());
    let mut tx = db.begin_write().await?;
    for invitee in invitees {
        let inserted = with_tx!(&mut tx, |conn| {
            sqlx::query(
                "INSERT INTO interview_invites (token, candidate_id, job_id, assistant_id, state,
                    invited_at, created_by, updated_at)
                 VALUES ($1, $2, $3, $4, 'invited', $5, $6, $5)
                 ON CONFLICT (candidate_id) DO NOTHING",
            )
            .bind(&invitee.new_token)
            .bind(invitee.candidate_id)
            .bind(job_id)
            .bind(&assistant.id)
            .bind(at)
            .bind(recruiter_id)
            .execute(&mut **conn)
            .await
            .map(|done| done.rows_affected())
        })?;
        let reopened = if inserted == 0 {
            with_tx!(&mut tx, |conn| {
                sqlx::query_scalar::<_, i64>(
                    "UPDATE interview_invites SET assistant_id = $2, updated_at = $3,
                        state = CASE WHEN state = 'cancelled' THEN 'invited' ELSE state END,
                        interview_at = CASE WHEN state = 'cancelled' THEN NULL ELSE interview_at END,
                        invited_at = CASE WHEN state = 'cancelled' THEN $3 ELSE invited_at END
                     WHERE candidate_id = $1 AND state <> 'completed'
                     RETURNING invited_at",
                )
                .bind(invitee.candidate_id)
                .bind(&assistant.id)
                .bind(at)
                .fetch_optional(&mut **conn)
                .await
            })?
            .is_some_and(|invited_at: i64| invited_at == at)
        } else {
            false
        };
        if inserted == 1 || reopened {
            let subject = Subject::Candidate(invitee.candidate_id);
            let detail = json!({ "assistant": assistant.id, "assistantName": assistant.name });
            activity::record(&mut tx, EventKind::Invited, subject, recruiter, detail, now).await?;
            stages::advance(&mut tx, subject, Stage::Invited, now).await?;
        }
        created.push((invitee.candidate_id, inserted == 1));
    }
    tx.commit().await?;
    let mut out = Vec::with_capacity(created.len());
    for (candidate_id, is_new) in created {
        if let Some(row) = find_by_candidate(db, candidate_id).await? {
            out.push((row, is_new));
        }
    }
    Ok(out)
}

/// Counts one more e-mail of the invite link, and logs it with the subject it went with.
pub async fn mark_sent(
    db: &Db,
    id: i64,
    subject: &str,
    sender: &Actor,
    now: Timestamp,
) -> Result<()> {
    let mut tx = db.begin_write().await?;
    with_tx!(&mut tx, |conn| {
        sqlx::query(
            "UPDATE interview_invites SET sent_count = sent_count + 1, updated_at = $2
             WHERE id = $1",
        )
        .bind(id)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    let detail = json!({ "template": "interviewInvite", "subject": subject });
    activity::record(
        &mut tx,
        EventKind::EmailSent,
        Subject::Invite(id),
        sender,
        detail,
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Cancels the candidate's invite unless the interview was completed (a rejection or
/// withdrawal): their page shows the window-closed view. Answers whether one was cancelled.
pub async fn cancel_pending(tx: &mut Tx, candidate_id: i64, now: Timestamp) -> Result<bool> {
    let cancelled = with_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE interview_invites SET state = 'cancelled', updated_at = $2
             WHERE candidate_id = $1 AND state IN ('invited', 'scheduled')",
        )
        .bind(candidate_id)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    Ok(cancelled > 0)
}

/// Books (from `invited`) or moves (from `scheduled`) the slot. A move raises the calendar
/// sequence and forgets the previous web call; reminders whose lead has already begun are
/// marked as not needed. Returns the new calendar sequence, or `None` when the invite was no
/// longer in `from` (another request won).
pub async fn book(
    db: &Db,
    id: i64,
    from: InviteState,
    at: Timestamp,
    zone: &str,
    now: Timestamp,
) -> Result<Option<i64>> {
    let skip = |lead: SignedDuration| {
        (!super::rules::reminder_needed(at, lead, now)).then_some(to_millis(now))
    };
    let bump = i64::from(from == InviteState::Scheduled);
    let mut tx = db.begin_write().await?;
    let sequence: Option<i64> = with_tx!(&mut tx, |conn| {
        sqlx::query_scalar(
            "UPDATE interview_invites SET state = 'scheduled', interview_at = $3, time_zone = $4,
                ics_sequence = ics_sequence + $5, reminder_day_at = $6, reminder_hour_at = $7,
                call_id = NULL, updated_at = $8
             WHERE id = $1 AND state = $2
             RETURNING ics_sequence",
        )
        .bind(id)
        .bind(from.as_str())
        .bind(to_millis(at))
        .bind(zone)
        .bind(bump)
        .bind(skip(REMINDERS[0]))
        .bind(skip(REMINDERS[1]))
        .bind(to_millis(now))
        .fetch_optional(&mut **conn)
        .await
    })?;
    if sequence.is_some() {
        let kind = if from == InviteState::Scheduled {
            EventKind::Rescheduled
        } else {
            EventKind::Booked
        };
        let detail = json!({ "interviewAt": hirelane_core::clock::to_iso(at), "timeZone": zone });
        let subject = Subject::Invite(id);
        activity::record(&mut tx, kind, subject, &Actor::Candidate, detail, now).await?;
        stages::advance(&mut tx, subject, Stage::Scheduled, now).await?;
    }
    tx.commit().await?;
    Ok(sequence)
}

/// Stores the next-step answers (JSON) on the invite; a later submission replaces them.
pub async fn save_details(db: &Db, id: i64, details: &str, now: Timestamp) -> Result<()> {
    execute!(
        db,
        "UPDATE interview_invites SET details = $2, details_submitted_at = $3,
            updated_at = $3 WHERE id = $1",
        (id, details, to_millis(now))
    )?;
    Ok(())
}

/// Points the invite at a web call, unless another request already replaced `expected`.
/// Returns whether this request's call is now the invite's.
pub async fn set_call(
    db: &Db,
    id: i64,
    expected: Option<&str>,
    call_id: &str,
    now: Timestamp,
) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    let changed = with_tx!(&mut tx, |conn| {
        sqlx::query(
            "UPDATE interview_invites SET call_id = $3
             WHERE id = $1 AND state IN ('invited', 'scheduled')
               AND (call_id = $2 OR (call_id IS NULL AND $2 IS NULL))",
        )
        .bind(id)
        .bind(expected)
        .bind(call_id)
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    if changed == 1 {
        let detail = json!({ "callId": call_id });
        let subject = Subject::Invite(id);
        activity::record(
            &mut tx,
            EventKind::Joined,
            subject,
            &Actor::Candidate,
            detail,
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(changed == 1)
}

/// Links a call the browser started (known only from its verified metadata) to the invite.
pub async fn link_call(db: &Db, id: i64, call_id: &str) -> Result<()> {
    execute!(
        db,
        "UPDATE interview_invites SET call_id = $2
         WHERE id = $1 AND state <> 'completed'",
        (id, call_id)
    )?;
    Ok(())
}

/// Which reminder: the day-before or the hour-before one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reminder {
    Day,
    Hour,
}

impl Reminder {
    pub fn lead(self) -> SignedDuration {
        match self {
            Reminder::Day => REMINDERS[0],
            Reminder::Hour => REMINDERS[1],
        }
    }

    fn column(self) -> &'static str {
        match self {
            Reminder::Day => "reminder_day_at",
            Reminder::Hour => "reminder_hour_at",
        }
    }
}

/// Scheduled invites whose reminder is due and unclaimed.
pub async fn due_reminders(db: &Db, reminder: Reminder, now: Timestamp) -> Result<Vec<i64>> {
    let column = reminder.column();
    let sql = format!(
        "SELECT i.id FROM interview_invites i JOIN jobs j ON j.id = i.job_id
         WHERE i.state = 'scheduled' AND i.{column} IS NULL AND j.deleted_at IS NULL
           AND i.interview_at > $1 AND i.interview_at <= $2
         ORDER BY i.interview_at LIMIT 200"
    );
    let now_ms = to_millis(now);
    Ok(fetch_scalar!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (now_ms, now_ms + reminder.lead().as_millis() as i64)
    )?)
}

/// Claims a reminder for sending: exactly one caller (on any instance) gets `true`. The slot
/// is part of the claim, so a reschedule in between makes the claim fail.
pub async fn claim_reminder(
    db: &Db,
    id: i64,
    reminder: Reminder,
    interview_at: i64,
    now: Timestamp,
) -> Result<bool> {
    let column = reminder.column();
    let sql = format!(
        "UPDATE interview_invites SET {column} = $3
         WHERE id = $1 AND interview_at = $2 AND state = 'scheduled' AND {column} IS NULL"
    );
    let changed = execute!(
        db,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id, interview_at, to_millis(now))
    )?;
    Ok(changed == 1)
}

/// Gives a claimed reminder back after its e-mail failed, so the next round retries it.
pub async fn release_reminder(db: &Db, id: i64, reminder: Reminder) -> Result<()> {
    let sql = format!(
        "UPDATE interview_invites SET {} = NULL WHERE id = $1",
        reminder.column()
    );
    execute!(db, sqlx::AssertSqlSafe(sql.as_str()), (id))?;
    Ok(())
}

/// The dashboard's counts (SPEC section 3), over JDs outside the bin.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Counts {
    pub resumes: i64,
    pub invites: i64,
    pub scheduled: i64,
    pub today: i64,
    pub interviewed_today: i64,
    pub yesterday: i64,
    pub tomorrow: i64,
    pub bot_joined: i64,
    pub needs_review: i64,
    pub passed: i64,
}

/// `[start, end)` instants of yesterday, today and tomorrow.
pub struct Days {
    pub yesterday: (Timestamp, Timestamp),
    pub today: (Timestamp, Timestamp),
    pub tomorrow: (Timestamp, Timestamp),
}

pub async fn counts(db: &Db, days: &Days) -> Result<Counts> {
    // One statement, so the numbers are one consistent snapshot. Invites and bookings are
    // counted with the facts the funnel and the reports count (`facts`), over the same rows.
    let (sent, booked) = (one_if(facts::INVITE_SENT), one_if(facts::SLOT_BOOKED));
    let sql = format!(
        "SELECT
        (SELECT COUNT(*) FROM candidates c JOIN jobs j ON j.id = c.job_id
            WHERE j.deleted_at IS NULL) AS resumes,
        (SELECT COALESCE(SUM({sent}), 0) FROM {from} WHERE j.deleted_at IS NULL) AS invites,
        (SELECT COALESCE(SUM({booked}), 0) FROM {from} WHERE j.deleted_at IS NULL) AS scheduled,
        (SELECT COUNT(*) FROM interview_invites i JOIN jobs j ON j.id = i.job_id
            WHERE j.deleted_at IS NULL AND i.interview_at >= $3 AND i.interview_at < $4) AS today,
        (SELECT COUNT(*) FROM interview_invites i JOIN jobs j ON j.id = i.job_id
            WHERE j.deleted_at IS NULL AND i.interview_at >= $3 AND i.interview_at < $4
              AND i.state = 'completed') AS interviewed_today,
        (SELECT COUNT(*) FROM interview_invites i JOIN jobs j ON j.id = i.job_id
            WHERE j.deleted_at IS NULL AND i.interview_at >= $1 AND i.interview_at < $2)
            AS yesterday,
        (SELECT COUNT(*) FROM interview_invites i JOIN jobs j ON j.id = i.job_id
            WHERE j.deleted_at IS NULL AND i.interview_at >= $5 AND i.interview_at < $6)
            AS tomorrow,
        (SELECT COUNT(*) FROM voice_calls
            WHERE kind = 'webCall'
              AND (started_at IS NOT NULL OR status IN ('in-progress', 'forwarding')))
            AS bot_joined,
        (SELECT COUNT(*) FROM candidates c JOIN jobs j ON j.id = c.job_id
            WHERE j.deleted_at IS NULL AND c.interview_status = 'Needs Review') AS needs_review,
        (SELECT COUNT(*) FROM candidates c JOIN jobs j ON j.id = c.job_id
            WHERE j.deleted_at IS NULL AND c.interview_status = 'Pass') AS passed",
        from = facts::FROM
    );
    let ms = |t: Timestamp| to_millis(t);
    Ok(fetch_as!(
        db,
        fetch_one,
        sqlx::AssertSqlSafe(sql.as_str()),
        (
            ms(days.yesterday.0),
            ms(days.yesterday.1),
            ms(days.today.0),
            ms(days.today.1),
            ms(days.tomorrow.0),
            ms(days.tomorrow.1)
        )
    )?)
}

/// The calls of the given candidates' invites, inside a transaction of the caller's (an
/// erasure removes the calls with the candidates).
pub async fn call_ids_of(tx: &mut Tx, candidate_ids: &[i64]) -> Result<Vec<String>> {
    let mut ids = Vec::new();
    for candidate in candidate_ids {
        let found: Vec<String> = with_tx!(tx, |conn| {
            sqlx::query_scalar(
                "SELECT call_id FROM interview_invites WHERE candidate_id = $1 AND call_id IS NOT NULL",
            )
            .bind(candidate)
            .fetch_all(&mut **conn)
            .await
        })?;
        ids.extend(found);
    }
    Ok(ids)
}
