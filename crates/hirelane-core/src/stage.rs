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
}
