//! The fixed string sets of candidate answers, as enums that serialise to the strings the web
//! app and the database already use.

use hirelane_core::stored_text;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

/// How a candidate entered their JD.
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
pub enum Source {
    /// A recruiter uploaded their resume (stored as `resume`).
    #[strum(serialize = "resume")]
    Uploaded,
    /// A row of a recruiter's CSV list.
    Csv,
    /// They applied on the job's public page.
    Applied,
}

stored_text!(Source);

/// Where a candidate is in analysis (the `analysis_status` column).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
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

stored_text!(AnalysisStatus);

/// Why a resume is `unreadable` (the `unreadable_reason` column, [`ats::ExtractError::code`]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum UnreadableReason {
    /// Cut short or broken (a download that stopped half-way): ask for a new copy.
    Damaged,
    PasswordProtected,
    /// No text layer, and OCR could not read it (or is not installed): review by hand.
    Scanned,
    Empty,
    TimedOut,
}

stored_text!(UnreadableReason);

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
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
pub enum Recommendation {
    Pass,
    Fail,
}

stored_text!(Recommendation);

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
    use hirelane_core::stored::check_round_trip;

    use super::*;

    #[test]
    fn stored_texts_read_back_and_unknown_text_is_refused() {
        assert_eq!(check_round_trip::<Source>(), Ok(()));
        assert_eq!(check_round_trip::<AnalysisStatus>(), Ok(()));
        assert_eq!(check_round_trip::<Recommendation>(), Ok(()));
        assert_eq!(check_round_trip::<UnreadableReason>(), Ok(()));
        for reason in UnreadableReason::VARIANTS {
            assert_eq!(serde_json::to_value(reason).expect("json"), reason.as_str());
        }
        assert_eq!(Source::Uploaded.as_str(), "resume");
        assert_eq!(Source::parse("applied"), Ok(Source::Applied));
        assert!(
            Source::parse("uploaded").is_err(),
            "the API's name is not the stored one"
        );
        assert!(AnalysisStatus::try_from("done ".to_owned()).is_err());
    }

    #[test]
    fn the_api_names_the_stored_texts_except_an_upload() {
        for status in AnalysisStatus::VARIANTS {
            assert_eq!(serde_json::to_value(status).expect("json"), status.as_str());
        }
        for verdict in Recommendation::VARIANTS {
            assert_eq!(
                serde_json::to_value(verdict).expect("json"),
                verdict.as_str()
            );
        }
        assert_eq!(
            serde_json::to_value(Source::Uploaded).expect("json"),
            "uploaded"
        );
        assert_eq!(
            serde_json::to_value(UploadStatus::Updated).expect("json"),
            "updated"
        );
        assert_eq!(
            serde_json::to_value(InviteStatus::Closed).expect("json"),
            "Closed"
        );
    }
}
