//! A candidate's place in the hiring process: the stages, their stored text, labels and order.
//! Kept in the kernel because every domain reads them (lists, the activity feed, exports); the
//! rules for moving between them are the pipeline domain's (`pipeline/stages.rs`).

use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::stored_text;

/// A candidate's place in the hiring process.
#[derive(
    Debug,
    Default,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum Stage {
    #[default]
    New,
    Screened,
    Invited,
    Scheduled,
    Interviewed,
    Shortlisted,
    Offer,
    Hired,
    Rejected,
    Withdrawn,
}

/// Every stage, in board order.
pub const ALL: [Stage; 10] = [
    Stage::New,
    Stage::Screened,
    Stage::Invited,
    Stage::Scheduled,
    Stage::Interviewed,
    Stage::Shortlisted,
    Stage::Offer,
    Stage::Hired,
    Stage::Rejected,
    Stage::Withdrawn,
];

stored_text!(Stage);

impl Stage {
    pub fn label(self) -> &'static str {
        match self {
            Stage::New => "New",
            Stage::Screened => "Screened",
            Stage::Invited => "Invited",
            Stage::Scheduled => "Scheduled",
            Stage::Interviewed => "Interviewed",
            Stage::Shortlisted => "Shortlisted",
            Stage::Offer => "Offer",
            Stage::Hired => "Hired",
            Stage::Rejected => "Rejected",
            Stage::Withdrawn => "Withdrawn",
        }
    }

    /// How far along the process the stage is (the funnel's order); ended candidacies have none.
    pub fn rank(self) -> Option<i64> {
        match self {
            Stage::New => Some(0),
            Stage::Screened => Some(1),
            Stage::Invited => Some(2),
            Stage::Scheduled => Some(3),
            Stage::Interviewed => Some(4),
            Stage::Shortlisted => Some(5),
            Stage::Offer => Some(6),
            Stage::Hired => Some(7),
            Stage::Rejected | Stage::Withdrawn => None,
        }
    }

    /// Whether the system moves candidates into (and out of) this stage.
    pub fn is_automatic(self) -> bool {
        matches!(
            self,
            Stage::New | Stage::Screened | Stage::Invited | Stage::Scheduled | Stage::Interviewed
        )
    }

    /// Whether the candidacy ended (a reason is kept with it).
    pub fn ends_candidacy(self) -> bool {
        matches!(self, Stage::Rejected | Stage::Withdrawn)
    }

    /// Whether a candidate in this stage is done with the process (hired, rejected or
    /// withdrawn): the reports' pass-through rates count these only.
    pub fn is_finished(self) -> bool {
        self == Stage::Hired || self.ends_candidacy()
    }

    /// "Reached this stage", the one definition the dashboard's funnel, the reports and the
    /// bias audit count with: the furthest stage the candidate was ever in (`furthest`, a
    /// rank; a rejection keeps the rank before it) is this one or a later one. Reaching a
    /// later stage counts as passing the ones before it, so a move from Screened straight to
    /// Shortlisted passes Invited, Scheduled and Interviewed: pass-through measures how far
    /// people get. Whether an invite was sent or an interview held is a fact of its own,
    /// counted from the invite (docs/reports.md). Rejected and Withdrawn are never reached.
    pub fn reached_by(self, furthest: i64) -> bool {
        self.rank().is_some_and(|rank| furthest >= rank)
    }

    /// [`Stage::is_finished`] as an SQL condition on a stage column (`c.stage`).
    pub fn finished_sql(stage_column: &str) -> String {
        let finished: Vec<String> = ALL
            .into_iter()
            .filter(|s| s.is_finished())
            .map(|s| format!("'{}'", s.as_str()))
            .collect();
        format!("{stage_column} IN ({})", finished.join(", "))
    }

    /// [`Stage::reached_by`] as an SQL condition on a column holding the furthest rank
    /// (`c.furthest_stage`); the rank is a constant of ours, never input.
    pub fn reached_sql(self, furthest_column: &str) -> String {
        match self.rank() {
            Some(rank) => format!("{furthest_column} >= {rank}"),
            None => "1 = 0".to_owned(),
        }
    }
}

/// The label of a stage text in an activity event's detail (an event from before its candidate
/// had a stage has none, and reads as New: the detail is history to show, not state to act on).
pub fn label(raw: &str) -> &'static str {
    Stage::parse(raw).unwrap_or_default().label()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_read_back_from_their_stored_text_and_unknown_text_is_refused() {
        assert_eq!(crate::stored::check_round_trip::<Stage>(), Ok(()));
        assert_eq!(
            Stage::VARIANTS,
            ALL.as_slice(),
            "every stage is in board order"
        );
        assert_eq!(Stage::Shortlisted.as_str(), "shortlisted");
        assert!(Stage::parse("junk").is_err());
    }

    #[test]
    fn a_later_stage_counts_as_reaching_the_ones_before_it() {
        let shortlisted = Stage::Shortlisted.rank().expect("a rank");
        for stage in [
            Stage::New,
            Stage::Invited,
            Stage::Interviewed,
            Stage::Shortlisted,
        ] {
            assert!(stage.reached_by(shortlisted), "{stage:?}");
        }
        assert!(!Stage::Offer.reached_by(shortlisted));
        assert!(!Stage::Rejected.reached_by(7));
        assert_eq!(
            Stage::Invited.reached_sql("c.furthest_stage"),
            "c.furthest_stage >= 2"
        );
        assert_eq!(Stage::Withdrawn.reached_sql("c.furthest_stage"), "1 = 0");
        assert!(Stage::Hired.is_finished() && Stage::Withdrawn.is_finished());
        assert!(!Stage::Offer.is_finished());
        assert_eq!(
            Stage::finished_sql("c.stage"),
            "c.stage IN ('hired', 'rejected', 'withdrawn')"
        );
    }
}
