//! What the server concludes from a call's report, stored with it (see `reports.rs`).

use super::analysis::Scores;
use super::evidence::Turn;
use super::verdict::Verdict;
use crate::voice::integrity::Integrity;

/// What we conclude from a report.
#[derive(Debug, Clone)]
pub struct Assessment {
    pub turns: Vec<Turn>,
    pub integrity: Integrity,
    /// The four scores; none for a call that failed its integrity check.
    pub scores: Scores,
    pub verdict: Verdict,
}
