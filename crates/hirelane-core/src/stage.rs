//! A candidate's place in the hiring process: the stages, their stored text, labels and order.
//! Kept in the kernel because every domain reads them (lists, the activity feed, exports); the
//! rules for moving between them are the pipeline domain's (`pipeline/stages.rs`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A candidate's place in the hiring process.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
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

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::New => "new",
            Stage::Screened => "screened",
            Stage::Invited => "invited",
            Stage::Scheduled => "scheduled",
            Stage::Interviewed => "interviewed",
            Stage::Shortlisted => "shortlisted",
            Stage::Offer => "offer",
            Stage::Hired => "hired",
            Stage::Rejected => "rejected",
            Stage::Withdrawn => "withdrawn",
        }
    }

    /// The stored value; text we never write reads as `new`, the column's default.
    pub fn parse(raw: &str) -> Option<Stage> {
        ALL.into_iter().find(|s| s.as_str() == raw)
    }

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

impl From<String> for Stage {
    fn from(raw: String) -> Stage {
        Stage::parse(&raw).unwrap_or(Stage::New)
    }
}

/// The label of a stored stage text ("" and unknown text read as New).
pub fn label(raw: &str) -> &'static str {
    Stage::parse(raw).unwrap_or(Stage::New).label()
}
