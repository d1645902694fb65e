//! Hiring stages and the rules for moving between them.
//!
//! New → Screened → Invited → Scheduled → Interviewed are the system's steps: intake, the ATS
//! result, the invite, the booking and the completed interview move a candidate forward on their
//! own, and never out of a stage a person chose. Shortlisted → Offer → Hired, Rejected and
//! Withdrawn are a person's: the AI never rejects anyone. A person may also send a candidate
//! back from one of their stages to where the facts put them (undoing a shortlist or a
//! rejection).

use hirelane_core::clock::to_millis;
use jiff::Timestamp;
use serde_json::json;

use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::error::Result;
use crate::interviews::rules::InviteState;
use crate::store::Tx;
use crate::with_tx;

pub use hirelane_core::stage::{ALL, Stage, label};

/// The longest reason kept with a rejection or withdrawal.
pub const MAX_REASON: usize = 500;

/// Why a person's move is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRefused {
    /// The move skips or reverses the process (e.g. Hired from New).
    NotFrom {
        from: Stage,
        to: Stage,
    },
    /// Rejected and Withdrawn need a reason.
    ReasonRequired,
    ReasonTooLong,
}

impl MoveRefused {
    pub fn message(&self) -> String {
        match self {
            MoveRefused::NotFrom { from, to } if from == to => {
                format!("The candidate is already in {}.", to.label())
            }
            MoveRefused::NotFrom { from, to } => format!(
                "A candidate in {} cannot move to {}.",
                from.label(),
                to.label()
            ),
            MoveRefused::ReasonRequired => "Please give a reason.".to_owned(),
            MoveRefused::ReasonTooLong => {
                format!("The reason cannot exceed {MAX_REASON} characters.")
            }
        }
    }
}

/// Whether a person may move a candidate from `from` to `to`. `facts` is the stage the system
/// would have them in (the target of an undo); `reason` is what they gave.
pub fn check_move(from: Stage, to: Stage, facts: Stage, reason: &str) -> Result<(), MoveRefused> {
    use Stage::*;
    let allowed = match to {
        Shortlisted => matches!(from, Screened | Invited | Scheduled | Interviewed | Offer),
        Offer => matches!(from, Interviewed | Shortlisted),
        Hired => from == Offer,
        Rejected | Withdrawn => from.rank().is_some() && from != Hired,
        // Back to where the facts put them, from a stage a person chose (not from Hired).
        automatic => {
            automatic == facts && !from.is_automatic() && from != Hired && from != automatic
        }
    };
    if !allowed {
        return Err(MoveRefused::NotFrom { from, to });
    }
    if to.ends_candidacy() {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(MoveRefused::ReasonRequired);
        }
        if reason.chars().count() > MAX_REASON {
            return Err(MoveRefused::ReasonTooLong);
        }
    }
    Ok(())
}

/// The stage the system puts a candidate in, from their analysis and their invite's state.
pub fn from_facts(analysed: bool, invite_state: Option<InviteState>) -> Stage {
    match invite_state {
        Some(InviteState::Completed) => Stage::Interviewed,
        Some(InviteState::Scheduled) => Stage::Scheduled,
        Some(InviteState::Invited) => Stage::Invited,
        Some(InviteState::Cancelled) | None if analysed => Stage::Screened,
        Some(InviteState::Cancelled) | None => Stage::New,
    }
}

/// Sets a candidate's stage if it is still `from` (the caller read it on this transaction or
/// was told it by the client); answers whether it moved. Writes the `stageChanged` event and
/// the stage history's entry (`stage_entries`, what the reports' durations are read from).
pub async fn set_stage(
    tx: &mut Tx,
    candidate_id: i64,
    from: Stage,
    to: Stage,
    reason: Option<&str>,
    actor: &Actor,
    now: Timestamp,
) -> Result<bool> {
    let moved = with_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE candidates SET stage = $3, stage_reason = $4, stage_changed_at = $5,
                furthest_stage = CASE WHEN furthest_stage < $6 THEN $6 ELSE furthest_stage END
             WHERE id = $1 AND stage = $2",
        )
        .bind(candidate_id)
        .bind(from.as_str())
        .bind(to.as_str())
        .bind(reason)
        .bind(to_millis(now))
        .bind(to.rank().unwrap_or(0))
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    if moved == 1 {
        with_tx!(tx, |conn| {
            sqlx::query(
                "INSERT INTO stage_entries (candidate_id, stage, entered_at, by_recruiter)
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(candidate_id)
            .bind(to.as_str())
            .bind(to_millis(now))
            .bind(actor.recruiter_id())
            .execute(&mut **conn)
            .await
            .map(|_| ())
        })?;
        let automatic = matches!(actor, Actor::System);
        let detail = json!({
            "from": from.as_str(), "to": to.as_str(), "reason": reason, "automatic": automatic,
        });
        activity::record(
            tx,
            EventKind::StageChanged,
            Subject::Candidate(candidate_id),
            actor,
            detail,
            now,
        )
        .await?;
    }
    Ok(moved == 1)
}

/// The system's step: moves the subject's candidate forward to `to` when they are in an earlier
/// system stage; a stage a person chose (or a later one) is left alone.
pub async fn advance(tx: &mut Tx, subject: Subject<'_>, to: Stage, now: Timestamp) -> Result<()> {
    let Some(rank) = to.rank() else {
        return Ok(());
    };
    let (sql, key) = match subject {
        Subject::Candidate(id) => (
            "SELECT id, stage FROM candidates WHERE id = $1",
            Key::Id(id),
        ),
        Subject::Invite(id) => (
            "SELECT c.id, c.stage FROM candidates c
             JOIN interview_invites i ON i.candidate_id = c.id WHERE i.id = $1",
            Key::Id(id),
        ),
        // A call moves its candidate only once it completed their interview.
        Subject::Call(call) => (
            "SELECT c.id, c.stage FROM candidates c
             JOIN interview_invites i ON i.candidate_id = c.id
             JOIN voice_calls v ON v.invite_id = i.id
             WHERE v.id = $1 AND i.state = 'completed'",
            Key::Text(call),
        ),
    };
    let found: Option<(i64, String)> = with_tx!(tx, |conn| {
        let query = sqlx::query_as(sql);
        match key {
            Key::Id(id) => query.bind(id),
            Key::Text(text) => query.bind(text),
        }
        .fetch_optional(&mut **conn)
        .await
    })?;
    let Some((candidate_id, current)) = found else {
        return Ok(());
    };
    let current = Stage::parse(&current).map_err(anyhow::Error::from)?;
    let behind = current.is_automatic() && current.rank().is_some_and(|r| r < rank);
    if behind {
        set_stage(tx, candidate_id, current, to, None, &Actor::System, now).await?;
    }
    Ok(())
}

enum Key<'a> {
    Id(i64),
    Text(&'a str),
}

#[cfg(test)]
mod tests {
    use super::Stage::*;
    use super::*;

    #[test]
    fn people_move_forward_through_their_stages_only() {
        assert!(check_move(Interviewed, Shortlisted, Interviewed, "").is_ok());
        assert!(check_move(Shortlisted, Offer, Interviewed, "").is_ok());
        assert!(check_move(Offer, Hired, Interviewed, "").is_ok());
        assert_eq!(
            check_move(New, Hired, New, ""),
            Err(MoveRefused::NotFrom {
                from: New,
                to: Hired
            })
        );
        assert!(check_move(Screened, Offer, Screened, "").is_err());
        assert!(check_move(Hired, Rejected, Interviewed, "no").is_err());
        assert!(check_move(Rejected, Shortlisted, Screened, "").is_err());
    }

    #[test]
    fn system_stages_are_reached_only_by_undoing_to_the_facts() {
        assert!(check_move(Shortlisted, Interviewed, Interviewed, "").is_ok());
        assert!(check_move(Rejected, Screened, Screened, "").is_ok());
        assert!(check_move(Rejected, Interviewed, Screened, "").is_err());
        assert!(check_move(Screened, Invited, Invited, "").is_err());
        assert!(check_move(Hired, Interviewed, Interviewed, "").is_err());
    }

    #[test]
    fn ending_a_candidacy_needs_a_reason() {
        assert_eq!(
            check_move(Screened, Rejected, Screened, "  "),
            Err(MoveRefused::ReasonRequired)
        );
        assert_eq!(
            check_move(Screened, Withdrawn, Screened, &"x".repeat(MAX_REASON + 1)),
            Err(MoveRefused::ReasonTooLong)
        );
        assert!(check_move(New, Rejected, New, "Not eligible to work here").is_ok());
    }

    #[test]
    fn facts_give_the_system_stage() {
        assert_eq!(from_facts(false, None), New);
        assert_eq!(from_facts(true, None), Screened);
        assert_eq!(from_facts(true, Some(InviteState::Scheduled)), Scheduled);
        assert_eq!(from_facts(false, Some(InviteState::Completed)), Interviewed);
        assert_eq!(from_facts(true, Some(InviteState::Cancelled)), Screened);
    }

    #[test]
    fn stages_read_back_as_written() {
        for stage in ALL {
            assert_eq!(Stage::parse(stage.as_str()), Ok(stage));
        }
        assert!(Stage::parse("junk").is_err());
    }
}
