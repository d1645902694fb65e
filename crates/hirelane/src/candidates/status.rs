//! The fixed string sets of candidate answers, as enums that serialise to the strings the web
//! app and the database already use.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How a candidate entered their JD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Source {
    /// A recruiter uploaded their resume.
    Uploaded,
    /// A row of a recruiter's CSV list.
    Csv,
    /// They applied on the job's public page.
    Applied,
}

impl Source {
    /// The stored value of the `source` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Uploaded => "resume",
            Source::Csv => "csv",
            Source::Applied => "applied",
        }
    }
}

impl From<String> for Source {
    /// Reads the stored column (`resume`, `csv`, `applied`).
    fn from(raw: String) -> Source {
        match raw.as_str() {
            "csv" => Source::Csv,
            "applied" => Source::Applied,
            _ => Source::Uploaded,
        }
    }
}

/// Where a candidate is in analysis (the `analysis_status` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisStatus {
    Queued,
    Analysing,
    Done,
    /// The file has no readable text (scanned, encrypted, damaged): never scored as empty.
    Unreadable,
    Failed,
    /// A CSV candidate: nothing to analyse until a resume arrives.
    NoResume,
}

impl AnalysisStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AnalysisStatus::Queued => "queued",
            AnalysisStatus::Analysing => "analysing",
            AnalysisStatus::Done => "done",
            AnalysisStatus::Unreadable => "unreadable",
            AnalysisStatus::Failed => "failed",
            AnalysisStatus::NoResume => "no_resume",
        }
    }
}

impl TryFrom<String> for AnalysisStatus {
    type Error = String;

    /// Reads the stored column; any other text is a corrupt row, refused when it is read.
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        [
            AnalysisStatus::Queued,
            AnalysisStatus::Analysing,
            AnalysisStatus::Done,
            AnalysisStatus::Unreadable,
            AnalysisStatus::Failed,
            AnalysisStatus::NoResume,
        ]
        .into_iter()
        .find(|status| status.as_str() == raw)
        .ok_or_else(|| format!("unknown analysis status '{raw}'"))
    }
}

/// Why a resume is `unreadable` (the `unreadable_reason` column, [`ats::ExtractError::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnreadableReason {
    /// Cut short or broken (a download that stopped half-way): ask for a new copy.
    Damaged,
    PasswordProtected,
    /// No text layer, and OCR could not read it (or is not installed): review by hand.
    Scanned,
    Empty,
    TimedOut,
}

impl UnreadableReason {
    /// The stored code; unknown codes (none are written) read as none.
    pub fn from_code(code: Option<&str>) -> Option<UnreadableReason> {
        Some(match code? {
            "damaged" => UnreadableReason::Damaged,
            "password_protected" => UnreadableReason::PasswordProtected,
            "scanned" => UnreadableReason::Scanned,
            "empty" => UnreadableReason::Empty,
            "timed_out" => UnreadableReason::TimedOut,
            _ => return None,
        })
    }
}

/// What an upload did with one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UploadStatus {
    Created,
    /// Same e-mail as an existing candidate of this JD: their resume was replaced.
    Updated,
    Rejected,
}

/// The analysis's verdict: `Pass` (shown as Selected) or `Fail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum Recommendation {
    Pass,
    Fail,
}

impl Recommendation {
    pub fn as_str(self) -> &'static str {
        match self {
            Recommendation::Pass => "Pass",
            Recommendation::Fail => "Fail",
        }
    }

    /// Reads the stored column (written only from this enum).
    pub fn parse(raw: &str) -> Option<Recommendation> {
        match raw {
            "Pass" => Some(Recommendation::Pass),
            "Fail" => Some(Recommendation::Fail),
            _ => None,
        }
    }
}

/// Where a candidate's interview invite stands, as the recruiter's lists name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum InviteStatus {
    Invited,
    Scheduled,
    Completed,
    Closed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_serialise_to_the_stored_strings() {
        for status in [
            AnalysisStatus::Queued,
            AnalysisStatus::NoResume,
            AnalysisStatus::Unreadable,
        ] {
            assert_eq!(
                serde_json::to_value(status).expect("json"),
                serde_json::json!(status.as_str())
            );
            assert_eq!(
                AnalysisStatus::try_from(status.as_str().to_owned()),
                Ok(status)
            );
        }
        assert!(AnalysisStatus::try_from("done ".to_owned()).is_err());
        assert_eq!(
            serde_json::to_value(UploadStatus::Updated).expect("json"),
            "updated"
        );
        assert_eq!(
            serde_json::to_value(Recommendation::Pass).expect("json"),
            "Pass"
        );
        assert_eq!(Recommendation::parse("Fail"), Some(Recommendation::Fail));
        assert_eq!(
            serde_json::to_value(InviteStatus::Closed).expect("json"),
            "Closed"
        );
    }
}
