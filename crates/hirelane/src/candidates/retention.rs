//! Retention: a person's data is kept `retention.candidate_months` after their last activity in
//! any JD, then erased, after a notice e-mail `retention.notice_days` before. People who agreed
//! to be kept for other jobs are kept; someone invited to or booked for an interview waits for
//! it to end. Recordings go sooner (`retention.recording_months`).
//!
//! One run a day over all instances: the first to claim the day (an insert) runs it, so
//! nobody gets two notices and no erasure is logged twice. A run cut short by a crash is
//! finished by the next day's.

use std::collections::{BTreeMap, HashMap};

use hirelane_core::clock::{from_millis, to_millis};
use jiff::{SignedDuration, Span, Timestamp};

use super::erase::{erase, erase_candidate};
use super::portal_link::application_link;
use crate::careers::organisation;
use crate::error::{Error, Result};
use crate::mail;
use crate::pipeline::stages::Stage;
use crate::state::AppState;
use crate::store::Db;
use crate::voice;
use crate::{execute, fetch_as, fetch_scalar, with_db};

/// What one day's run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// People told their data will be erased.
    pub noticed: usize,
    /// People (an address, or a candidate without one) erased.
    pub erased: usize,
    /// Recordings dropped.
    pub recordings: usize,
}

/// Runs today's retention if no instance has yet; `None` when another did.
pub async fn run_daily(state: &AppState) -> Result<Option<Outcome>> {
    let now = state.clock.now();
    if !claim_day(state, now).await? {
        return Ok(None);
    }
    let settings = &state.settings.retention;
    let mut outcome = Outcome::default();
    if settings.candidate_months > 0 {
        for person in people(&state.db).await? {
            match decide(state, &person, now).await? {
                Step::Wait => {}
                Step::Notice { due } => {
                    if notify(state, &person, due, now).await? {
                        outcome.noticed += 1;
                    }
                }
                Step::Erase => {
                    let erased = match &person.email {
                        Some(email) => erase(state, email, RETENTION).await?,
                        None => erase_candidate(state, person.ids[0], RETENTION).await?,
                    };
                    if erased.candidates > 0 {
                        outcome.erased += 1;
                    }
                }
            }
        }
    }
    if settings.recording_months > 0 {
        let before = shift_months(state, now, -i64::from(settings.recording_months))?;
        outcome.recordings = voice::recordings::expire(state, before).await?;
    }
    tracing::info!(?outcome, "retention run");
    Ok(Some(outcome))
}

/// Who erased them, in the erasure requests and the log.
const RETENTION: &str = "retention";

async fn claim_day(state: &AppState, now: Timestamp) -> Result<bool> {
    let day = now.to_zoned(state.time_zone.clone()).date().to_string();
    let claimed = execute!(
        &state.db,
        "INSERT INTO retention_runs (day, started_at) VALUES ($1, $2)
         ON CONFLICT (day) DO NOTHING",
        (&day, to_millis(now))
    )?;
    Ok(claimed == 1)
}

/// A person: every candidate row with one address, or one row without an address.
#[derive(Debug)]
struct Person {
    email: Option<String>,
    ids: Vec<i64>,
    /// Their latest activity in any JD (unix ms).
    last: i64,
    /// Invited to or booked for an interview somewhere.
    open: bool,
}

async fn people(db: &Db) -> Result<Vec<Person>> {
    let rows: Vec<(i64, String, i64, i64, Option<i64>, String)> = fetch_as!(
        db,
        fetch_all,
        "SELECT id, candidate_email, created_on, modified_on, stage_changed_at, stage
           FROM candidates ORDER BY id"
    )?;
    let events: Vec<(i64, i64)> = fetch_as!(
        db,
        fetch_all,
        "SELECT candidate_id, MAX(at) FROM activity_events
          WHERE candidate_id IS NOT NULL GROUP BY candidate_id"
    )?;
    let events: HashMap<i64, i64> = events.into_iter().collect();
    let mut by_email: BTreeMap<String, Person> = BTreeMap::new();
    let mut lone = Vec::new();
    for (id, email, created, modified, moved, stage) in rows {
        let last = [
            Some(created),
            Some(modified),
            moved,
            events.get(&id).copied(),
        ]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(created);
        let stage = Stage::parse(&stage).map_err(anyhow::Error::from)?;
        let open = matches!(stage, Stage::Invited | Stage::Scheduled);
        if email.is_empty() {
            lone.push(Person {
                email: None,
                ids: vec![id],
                last,
                open,
            });
            continue;
        }
        let person = by_email.entry(email.clone()).or_insert(Person {
            email: Some(email),
            ids: Vec::new(),
            last,
            open: false,
        });
        person.ids.push(id);
        person.last = person.last.max(last);
        person.open |= open;
    }
    Ok(by_email.into_values().chain(lone).collect())
}

enum Step {
    Wait,
    Notice { due: Timestamp },
    Erase,
}

async fn decide(state: &AppState, person: &Person, now: Timestamp) -> Result<Step> {
    let settings = &state.settings.retention;
    if person.open {
        return Ok(Step::Wait);
    }
    let due = shift_months(
        state,
        from_millis(person.last),
        i64::from(settings.candidate_months),
    )?;
    let Some(email) = &person.email else {
        return Ok(if now >= due { Step::Erase } else { Step::Wait });
    };
    if is_kept(&state.db, email).await? {
        return Ok(Step::Wait);
    }
    if settings.notice_days == 0 {
        return Ok(if now >= due { Step::Erase } else { Step::Wait });
    }
    let notice_span = SignedDuration::from_hours(24 * i64::from(settings.notice_days));
    match notice_of(&state.db, email).await? {
        // Told before their latest activity: that notice no longer holds.
        Some(notice) if notice.sent_at < person.last => {
            forget_notice(&state.db, email).await?;
            decide_without_notice(now, due, notice_span)
        }
        Some(notice) => Ok(if now >= from_millis(notice.due_at) {
            Step::Erase
        } else {
            Step::Wait
        }),
        None => decide_without_notice(now, due, notice_span),
    }
}

/// Notice is due `notice_days` before the erasure; someone already past it (the setting was
/// just turned on, or shortened) still gets the full notice period.
fn decide_without_notice(now: Timestamp, due: Timestamp, notice: SignedDuration) -> Result<Step> {
    let notice_from = due.checked_sub(notice).map_err(internal)?;
    if now < notice_from {
        return Ok(Step::Wait);
    }
    let earliest = now.checked_add(notice).map_err(internal)?;
    Ok(Step::Notice {
        due: due.max(earliest),
    })
}

struct Notice {
    due_at: i64,
    sent_at: i64,
}

async fn notice_of(db: &Db, email: &str) -> Result<Option<Notice>> {
    let row: Option<(i64, i64)> = fetch_as!(
        db,
        fetch_optional,
        "SELECT due_at, sent_at FROM retention_notices WHERE email = $1",
        (email)
    )?;
    Ok(row.map(|(due_at, sent_at)| Notice { due_at, sent_at }))
}

async fn forget_notice(db: &Db, email: &str) -> Result<()> {
    execute!(
        db,
        "DELETE FROM retention_notices WHERE email = $1",
        (email)
    )?;
    Ok(())
}

/// Whether the person with `email` agreed to be kept for other jobs.
pub async fn is_kept(db: &Db, email: &str) -> Result<bool> {
    let row: Option<i64> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT agreed_at FROM retention_keep WHERE email = $1",
        (email)
    )?;
    Ok(row.is_some())
}

/// Records the notice and e-mails it; the row is written first and only its writer sends, so a
/// person is told once. A failed e-mail leaves the row (they are erased on the date anyway,
/// which the privacy notice states); it is logged.
async fn notify(state: &AppState, person: &Person, due: Timestamp, now: Timestamp) -> Result<bool> {
    let Some(email) = &person.email else {
        return Ok(false);
    };
    let inserted = execute!(
        &state.db,
        "INSERT INTO retention_notices (email, due_at, sent_at) VALUES ($1, $2, $3)
         ON CONFLICT (email) DO NOTHING",
        (email, to_millis(due), to_millis(now))
    )?;
    if inserted == 0 {
        return Ok(false);
    }
    let link = application_link(state, person.ids[0]).await?;
    let date = due.to_zoned(state.time_zone.clone()).date();
    let organization = organisation::name(state).await;
    let message = mail::retention_notice(
        &organization,
        &date.strftime("%-d %B %Y").to_string(),
        &link,
    );
    if let Err(err) = state.mailer.send(email, message).await {
        tracing::warn!(error = %err, candidate = person.ids[0], "retention notice not sent");
    }
    Ok(true)
}

/// `at` moved by `months` calendar months in the organisation's zone (back when negative).
fn shift_months(state: &AppState, at: Timestamp, months: i64) -> Result<Timestamp> {
    at.to_zoned(state.time_zone.clone())
        .checked_add(Span::new().months(months))
        .map(|z| z.timestamp())
        .map_err(internal)
}

fn internal(err: jiff::Error) -> Error {
    Error::Internal(err.into())
}

/// Whether someone agreed to be kept for other jobs; agreeing again changes nothing.
pub async fn set_kept(db: &Db, email: &str, keep: bool, now: Timestamp) -> Result<()> {
    with_db!(db, |pool| {
        if keep {
            sqlx::query(
                "INSERT INTO retention_keep (email, agreed_at) VALUES ($1, $2)
                 ON CONFLICT (email) DO NOTHING",
            )
            .bind(email)
            .bind(to_millis(now))
            .execute(pool)
            .await
            .map(drop)
        } else {
            sqlx::query("DELETE FROM retention_keep WHERE email = $1")
                .bind(email)
                .execute(pool)
                .await
                .map(drop)
        }
    })?;
    // Agreeing to stay also cancels a pending erasure.
    if keep {
        forget_notice(db, email).await?;
    }
    Ok(())
}
