//! Pass, Fail or Needs Review, and why: the rule that decided it (documented in
//! `docs/interviews.md`) and whether the evidence behind it is complete. An interview with
//! incomplete evidence or a failed integrity check is never Pass (nor Fail: it needs a person).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::analysis::{InterviewStatus, Scores};
use super::evidence::{Coverage, Turn};
use crate::voice::integrity::{Integrity, IntegrityStatus};

/// A call shorter than this is not an interview, whatever its analysis says.
pub const MIN_INTERVIEW_SECONDS: i64 = 60;

/// The rule that produced the status, in the order the rules are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum VerdictRule {
    /// The integrity check failed: the call is not scored.
    IntegrityFailed,
    /// Questions were skipped, the call was too short or parts of the record are missing.
    IncompleteEvidence,
    /// The provider's evaluation says the candidate does not meet the bar.
    EvaluationFailed,
    /// The mean of the main scores is under 50.
    LowScores,
    /// The evaluation says yes and the mean of the main scores is at least 70.
    MetTheBar,
    /// Anything else: a mean of 50-69, or no evaluation or scores.
    Undecided,
}

/// Why the evidence is incomplete, or where the record is partial.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum GapKind {
    /// Blocks a verdict: scripted questions were not asked.
    QuestionsNotAsked,
    /// Blocks a verdict: the call lasted under a minute.
    CallTooShort,
    /// Blocks a verdict: the provider sent no conversation.
    NoTranscript,
    /// Blocks a verdict: the call was changed from outside.
    IntegrityFailed,
    /// Partial: the turns have no times, so they cannot seek the recording.
    NoTimestamps,
    /// Partial: the analysis gave no per-question scores.
    NoQuestionScores,
    /// Partial: the analysis gave no scores at all.
    NoScores,
}

impl GapKind {
    /// Whether this gap makes the evidence incomplete (and the interview Needs Review).
    pub fn blocks(self) -> bool {
        matches!(
            self,
            GapKind::QuestionsNotAsked
                | GapKind::CallTooShort
                | GapKind::NoTranscript
                | GapKind::IntegrityFailed
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Gap {
    pub kind: GapKind,
    pub message: String,
}

/// The status and its explanation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    pub status: InterviewStatus,
    pub rule: VerdictRule,
    /// One sentence for the recruiter.
    pub explanation: String,
    /// All questions asked, the call long enough, the conversation recorded, no tampering.
    pub evidence_complete: bool,
    pub gaps: Vec<Gap>,
}

/// What the verdict weighs.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    pub integrity: &'a Integrity,
    pub success_evaluation: Option<&'a str>,
    pub scores: &'a Scores,
    pub turns: &'a [Turn],
    pub coverage: Coverage,
    /// Per-question scores given.
    pub question_scores: usize,
    /// How long the call lasted, when both ends are known.
    pub duration_seconds: Option<i64>,
}

/// The gaps in the evidence, blocking ones first.
pub fn gaps(facts: &Facts<'_>) -> Vec<Gap> {
    let mut gaps = Vec::new();
    let mut add = |kind: GapKind, message: String| gaps.push(Gap { kind, message });
    if facts.integrity.status == IntegrityStatus::Failed {
        let detail = facts
            .integrity
            .detail
            .as_deref()
            .unwrap_or("The call was changed.");
        add(GapKind::IntegrityFailed, detail.to_owned());
    }
    let Coverage { asked, total } = facts.coverage;
    if asked < total {
        add(
            GapKind::QuestionsNotAsked,
            format!(
                "{} of {total} questions {} not asked.",
                total - asked,
                were(total - asked)
            ),
        );
    }
    if let Some(seconds) = facts
        .duration_seconds
        .filter(|s| *s < MIN_INTERVIEW_SECONDS)
    {
        add(
            GapKind::CallTooShort,
            format!(
                "The call lasted {seconds} seconds; an interview needs at least {MIN_INTERVIEW_SECONDS}."
            ),
        );
    }
    if facts.turns.is_empty() {
        add(
            GapKind::NoTranscript,
            "The provider sent no conversation turns.".into(),
        );
    } else if facts.turns.iter().all(|t| t.start_seconds.is_none()) {
        add(
            GapKind::NoTimestamps,
            "The turns have no times, so they cannot be followed in the recording.".into(),
        );
    }
    if facts.scores.main_mean().is_none() {
        add(GapKind::NoScores, "The analysis gave no scores.".into());
    }
    if total > 0 && facts.question_scores == 0 {
        add(
            GapKind::NoQuestionScores,
            "The analysis scored no single question.".into(),
        );
    }
    gaps
}

fn were(n: usize) -> &'static str {
    if n == 1 { "was" } else { "were" }
}

/// Applies the rules in order (docs/interviews.md, "Interview status").
pub fn verdict(facts: &Facts<'_>) -> Verdict {
    let gaps = gaps(facts);
    let complete = !gaps.iter().any(|g| g.kind.blocks());
    let evaluation = facts
        .success_evaluation
        .map(|s| s.trim().to_ascii_lowercase());
    let mean = facts.scores.main_mean();
    let mean_text = |m: f64| format!("{}", (m * 10.0).round() / 10.0);
    let (status, rule, explanation) = if facts.integrity.status == IntegrityStatus::Failed {
        (
            InterviewStatus::NeedsReview,
            VerdictRule::IntegrityFailed,
            "The call was changed from outside, so it is not scored: review the recording."
                .to_owned(),
        )
    } else if !complete {
        let reasons: Vec<&str> = gaps
            .iter()
            .filter(|g| g.kind.blocks())
            .map(|g| g.message.as_str())
            .collect();
        (
            InterviewStatus::NeedsReview,
            VerdictRule::IncompleteEvidence,
            format!("The evidence is incomplete: {}", reasons.join(" ")),
        )
    } else if evaluation.as_deref() == Some("false") {
        (
            InterviewStatus::Fail,
            VerdictRule::EvaluationFailed,
            "The evaluation says the candidate does not meet the bar for the role.".to_owned(),
        )
    } else if let Some(m) = mean.filter(|m| *m < 50.0) {
        (
            InterviewStatus::Fail,
            VerdictRule::LowScores,
            format!(
                "The mean of the technical, communication and problem-solving scores is {}, under 50.",
                mean_text(m)
            ),
        )
    } else if let (Some("true"), Some(m)) = (evaluation.as_deref(), mean.filter(|m| *m >= 70.0)) {
        (
            InterviewStatus::Pass,
            VerdictRule::MetTheBar,
            format!(
                "The evaluation says the candidate meets the bar and the mean of the main scores is {}, at least 70.",
                mean_text(m)
            ),
        )
    } else {
        let why = match (evaluation.as_deref(), mean) {
            (_, Some(m)) => format!(
                "The mean of the main scores is {}, between 50 and 70.",
                mean_text(m)
            ),
            (None, None) => "The analysis gave neither an evaluation nor scores.".to_owned(),
            (Some(_), None) => "The analysis gave no scores.".to_owned(),
        };
        (InterviewStatus::NeedsReview, VerdictRule::Undecided, why)
    };
    Verdict {
        status,
        rule,
        explanation,
        evidence_complete: complete,
        gaps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::voice::conclusions::evidence::Speaker;

    fn turn() -> Turn {
        Turn {
            speaker: Speaker::Candidate,
            text: "Hello".into(),
            start_seconds: Some(1.0),
            end_seconds: Some(2.0),
            not_transcribed: false,
        }
    }

    fn scores(t: i64, c: i64, p: i64) -> Scores {
        Scores {
            technical: Some(t),
            communication: Some(c),
            problem_solving: Some(p),
            cultural_fit: None,
        }
    }

    const VERIFIED: Integrity = Integrity {
        status: IntegrityStatus::Verified,
        detail: None,
    };

    fn status(
        evaluation: Option<&str>,
        s: &Scores,
        coverage: (usize, usize),
        seconds: i64,
    ) -> (InterviewStatus, VerdictRule) {
        let turns = [turn()];
        let v = verdict(&Facts {
            integrity: &VERIFIED,
            success_evaluation: evaluation,
            scores: s,
            turns: &turns,
            coverage: Coverage {
                asked: coverage.0,
                total: coverage.1,
            },
            question_scores: coverage.0,
            duration_seconds: Some(seconds),
        });
        (v.status, v.rule)
    }

    #[test]
    fn the_rules_in_order() {
        use InterviewStatus::*;
        assert_eq!(
            status(Some("true"), &scores(70, 70, 70), (3, 3), 300),
            (Pass, VerdictRule::MetTheBar)
        );
        assert_eq!(
            status(Some("TRUE"), &scores(90, 60, 60), (3, 3), 300).0,
            Pass
        );
        assert_eq!(
            status(Some("true"), &scores(60, 60, 60), (3, 3), 300),
            (NeedsReview, VerdictRule::Undecided)
        );
        assert_eq!(
            status(Some("false"), &scores(90, 90, 90), (3, 3), 300),
            (Fail, VerdictRule::EvaluationFailed)
        );
        assert_eq!(
            status(Some("true"), &scores(40, 50, 50), (3, 3), 300),
            (Fail, VerdictRule::LowScores)
        );
        assert_eq!(
            status(None, &scores(90, 90, 90), (3, 3), 300).0,
            NeedsReview
        );
        assert_eq!(
            status(Some("true"), &Scores::default(), (0, 0), 300).0,
            NeedsReview
        );
    }

    #[test]
    fn incomplete_evidence_is_never_pass_nor_fail() {
        use InterviewStatus::*;
        let strong = scores(90, 90, 90);
        assert_eq!(
            status(Some("true"), &strong, (4, 5), 300),
            (NeedsReview, VerdictRule::IncompleteEvidence)
        );
        assert_eq!(
            status(Some("true"), &strong, (3, 3), 59),
            (NeedsReview, VerdictRule::IncompleteEvidence)
        );
        assert_eq!(
            status(Some("false"), &scores(10, 10, 10), (1, 3), 300).0,
            NeedsReview
        );
        let v = verdict(&Facts {
            integrity: &VERIFIED,
            success_evaluation: Some("true"),
            scores: &strong,
            turns: &[],
            coverage: Coverage { asked: 0, total: 0 },
            question_scores: 0,
            duration_seconds: None,
        });
        assert_eq!(v.status, NeedsReview);
        assert_eq!(v.gaps[0].kind, GapKind::NoTranscript);
    }

    #[test]
    fn a_tampered_call_is_not_scored() {
        let tampered = Integrity {
            status: IntegrityStatus::Failed,
            detail: Some("The call's settings were overridden from outside (model).".into()),
        };
        let turns = [turn()];
        let v = verdict(&Facts {
            integrity: &tampered,
            success_evaluation: Some("true"),
            scores: &scores(100, 100, 100),
            turns: &turns,
            coverage: Coverage { asked: 3, total: 3 },
            question_scores: 3,
            duration_seconds: Some(600),
        });
        assert_eq!(
            (v.status, v.rule),
            (InterviewStatus::NeedsReview, VerdictRule::IntegrityFailed)
        );
        assert!(!v.evidence_complete);
        assert!(v.gaps[0].message.contains("model"));
    }
}
