//! The bias audit as the product shows it: each automated step of the hiring process, audited
//! as New York City's Local Law 144 rules define it (6 RCNY § 5-300), over the candidates held.
//! The figures come from the `audit` crate; this module chooses the steps and the people.

use audit::{Audit, CategorySet, Dimension, Measure, Person, Rules, Status};
use hirelane_core::stored_text;
use serde::Serialize;
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use super::sample::Subject;

/// An automated step, audited.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum Step {
    /// The ATS's Pass/Fail recommendation: selection rate of Pass.
    AtsRecommendation,
    /// The ATS score: scoring rate above the sample's median.
    AtsScore,
    /// The AI interview's grade: scoring rate above the sample's median.
    InterviewGrade,
    /// Moving on after the AI interview (shortlisted or further): selection rate.
    AdvancedAfterInterview,
}

stored_text!(Step);

impl Step {
    pub fn label(self) -> &'static str {
        match self {
            Step::AtsRecommendation => "ATS recommendation (Pass)",
            Step::AtsScore => "ATS score",
            Step::InterviewGrade => "AI interview grade",
            Step::AdvancedAfterInterview => "Advanced after the AI interview",
        }
    }
}

/// What a step's rate counts.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum AuditMeasure {
    /// The share selected (or classified as Pass).
    Selection,
    /// The share scoring above the whole sample's median.
    Scoring,
}

/// Which categories a table compares.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum AuditDimension {
    Sex,
    Race,
    /// Sex and race/ethnicity together.
    Intersection,
}

/// Whether a group is compared.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, IntoStaticStr, EnumString, VariantArray,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum RowStatus {
    /// Compared: it has a ratio and a p-value (unless it is the reference).
    Reported,
    /// Under 2 % of the known sample: shown with its count, not compared.
    Excluded,
    /// Under the configured minimum per group.
    NotEnoughData,
}

stored_text!(AuditMeasure);
stored_text!(AuditDimension);
stored_text!(RowStatus);

/// One step's figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepAudit {
    pub step: Step,
    pub label: &'static str,
    pub measure: AuditMeasure,
    /// Everyone the step applied to, known categories or not.
    pub individuals: u32,
    /// The whole sample's median score (scoring steps).
    pub median: Option<f64>,
    pub tables: Vec<AuditTable>,
}

/// One dimension of a step: sex, race/ethnicity, or their intersection.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditTable {
    pub dimension: AuditDimension,
    /// People whose category is unknown (not answered, or "I prefer not to say"): counted,
    /// never in a rate.
    pub unknown: u32,
    pub rows: Vec<AuditRow>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    /// The category's code (`female`, `female+hispanic_latino`).
    pub category: String,
    pub label: String,
    pub count: u32,
    /// Selected (selection steps) or scoring above the median (scoring steps).
    pub positives: u32,
    /// Selection steps: `positives / count` (null in scoring steps).
    pub selection_rate: Option<f64>,
    /// Scoring steps: `positives / count` (null in selection steps).
    pub scoring_rate: Option<f64>,
    /// The rate over the highest rate of a reported category; absent when excluded or with
    /// not enough data.
    pub impact_ratio: Option<f64>,
    /// Two-sided Fisher's exact test against the highest-rate category: how likely a gap this
    /// large is by chance alone (small samples mislead).
    pub p_value: Option<f64>,
    pub status: RowStatus,
    /// Reported with an impact ratio under 0.8 (the four-fifths rule).
    pub adverse: bool,
}

/// Audits every step over `subjects`, in the steps' order.
pub fn audit_steps(set: &CategorySet, subjects: &[Subject], rules: &Rules) -> Vec<StepAudit> {
    let analysed: Vec<(Person<'_>, bool)> = subjects
        .iter()
        .filter_map(|s| Some((person(set, s), s.recommendation.as_deref()? == "Pass")))
        .collect();
    let scored: Vec<(Person<'_>, f64)> = subjects
        .iter()
        .filter_map(|s| Some((person(set, s), s.ats_score? as f64)))
        .collect();
    let graded: Vec<(&Subject, f64)> = subjects
        .iter()
        .filter_map(|s| Some((s, s.interview_grade()?)))
        .collect();
    let grades: Vec<(Person<'_>, f64)> = graded.iter().map(|(s, g)| (person(set, s), *g)).collect();
    let advanced: Vec<(Person<'_>, bool)> = graded
        .iter()
        .map(|(s, _)| (person(set, s), s.advanced_after_interview()))
        .collect();
    vec![
        step(
            Step::AtsRecommendation,
            audit::selection(set, &analysed, rules),
        ),
        step(Step::AtsScore, audit::scoring(set, &scored, rules)),
        step(Step::InterviewGrade, audit::scoring(set, &grades, rules)),
        step(
            Step::AdvancedAfterInterview,
            audit::selection(set, &advanced, rules),
        ),
    ]
}

/// The audit's view of a subject: their categories, and nothing else.
fn person<'a>(set: &CategorySet, subject: &'a Subject) -> Person<'a> {
    // Answers given in another category set than today's are not today's categories.
    let current = subject.category_set.as_deref() == Some(set.id);
    Person {
        sex: subject.sex.as_deref().filter(|_| current),
        race: subject.race.as_deref().filter(|_| current),
    }
}

fn step(step: Step, audit: Audit) -> StepAudit {
    let selection = matches!(audit.measure, Measure::Selection);
    StepAudit {
        step,
        label: step.label(),
        measure: if selection {
            AuditMeasure::Selection
        } else {
            AuditMeasure::Scoring
        },
        individuals: audit.individuals,
        median: audit.median,
        tables: audit
            .dimensions
            .into_iter()
            .map(|table| AuditTable {
                dimension: match table.dimension {
                    Dimension::Sex => AuditDimension::Sex,
                    Dimension::Race => AuditDimension::Race,
                    Dimension::Intersection => AuditDimension::Intersection,
                },
                unknown: table.unknown,
                rows: table
                    .rows
                    .into_iter()
                    .map(|row| AuditRow {
                        selection_rate: selection.then_some(row.rate),
                        scoring_rate: (!selection).then_some(row.rate),
                        impact_ratio: row.impact_ratio,
                        p_value: row.p_value,
                        status: match row.status {
                            Status::Reported => RowStatus::Reported,
                            Status::Excluded => RowStatus::Excluded,
                            Status::NotEnoughData => RowStatus::NotEnoughData,
                        },
                        adverse: row.adverse && row.status == Status::Reported,
                        category: row.category,
                        label: row.label,
                        count: row.count,
                        positives: row.positives,
                    })
                    .collect(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use hirelane_core::stored::check_round_trip;

    use super::*;

    #[test]
    fn texts_read_back_and_unknown_text_is_refused() {
        assert_eq!(check_round_trip::<Step>(), Ok(()));
        assert_eq!(check_round_trip::<AuditMeasure>(), Ok(()));
        assert_eq!(check_round_trip::<AuditDimension>(), Ok(()));
        assert_eq!(check_round_trip::<RowStatus>(), Ok(()));
        for status in RowStatus::VARIANTS {
            assert_eq!(serde_json::to_value(status).expect("json"), status.as_str());
        }
        assert_eq!(Step::AtsScore.as_str(), "atsScore");
    }
}
