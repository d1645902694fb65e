//! The figures of a bias audit of an automated employment decision tool (AEDT) as New York
//! City Local Law 144 of 2021 requires them, with the definitions of the Department of
//! Consumer and Worker Protection's rules, 6 RCNY § 5-300 (definitions) and § 5-301 (bias
//! audit), adopted April 2023:
//!
//! - **Selection rate**: "the rate at which individuals in a category are either selected to
//!   move forward in the hiring process or assigned a classification by an AEDT" — selected
//!   divided by the individuals of the category ([`selection`]).
//! - **Scoring rate**: "the rate at which individuals in a category receive a score above the
//!   sample's median score" ([`scoring`]). The median is that of the full sample (§ 5-301(c)(1)),
//!   people of unknown category included; "above" is strict, so a score equal to the median
//!   does not count.
//! - **Impact ratio**: the category's rate divided by the rate of the most selected (highest
//!   scoring) category. Sex, race/ethnicity and their intersection are separate tables
//!   (§ 5-301(b)(3), (c)(4)).
//! - **Unknown category**: individuals whose category is unknown are left out of the rates and
//!   counted, since the summary must state their number (§ 5-301(b)(5), (c)(5)).
//! - **Small categories**: a category under 2 % of the data may be excluded from the impact
//!   ratios; its count and rate are still reported (§ 5-301(d)).
//!
//! Beyond the rules, each ratio carries a two-sided Fisher's exact p-value against the
//! reference category, a four-fifths flag (the EEOC Uniform Guidelines' rule of thumb,
//! 29 CFR § 1607.4(D)), and a minimum cell size under which no ratio is computed, because a
//! ratio between two handfuls of people says nothing.
//!
//! Pure and deterministic: no I/O, no clock, no randomness; rows come in the category set's
//! order whatever the order of the input.

mod categories;
mod compute;
mod fisher;

pub use categories::{Category, CategorySet, DECLINED, EEO1, Invalid, SEX_ONLY, set};
pub use fisher::two_sided as fisher_two_sided;

/// Version of the method, stored with every audit so a figure can be traced to the code that
/// produced it. Bump on any change to what a figure means or how it is computed.
pub const VERSION: &str = "audit-1.0.0";

/// The auditor's choices that the rules leave open.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    /// A category with fewer individuals gets no impact ratio and no p-value
    /// ([`Status::NotEnoughData`]), nor can it be the reference.
    pub min_per_cell: u32,
    /// A category holding less than this share of its dimension's known individuals is
    /// [`Status::Excluded`] from the impact ratios (§ 5-301(d) allows 2 %).
    pub exclusion_share: f64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            min_per_cell: 5,
            exclusion_share: 0.02,
        }
    }
}

/// One assessed individual's answers, as codes of the audit's [`CategorySet`]. `None`,
/// [`DECLINED`] and any code outside the set are unknown (validate answers on the way in with
/// [`CategorySet::validate`], so that the last case does not happen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Person<'a> {
    pub sex: Option<&'a str>,
    pub race: Option<&'a str>,
}

/// What the AEDT's output was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// Selected or not (pass/fail, moved forward, classified).
    Selection,
    /// A score, turned into "above the sample median" or not.
    Scoring,
}

impl Measure {
    pub fn as_str(self) -> &'static str {
        match self {
            Measure::Selection => "selection",
            Measure::Scoring => "scoring",
        }
    }
}

/// The results of one audit.
#[derive(Debug, Clone, PartialEq)]
pub struct Audit {
    pub measure: Measure,
    /// Individuals assessed (for scoring, those with a score).
    pub individuals: u32,
    /// Median score of the full sample; `None` for selection, or when nobody has a score.
    pub median: Option<f64>,
    /// Sex, then race/ethnicity and the intersection when the set asks race.
    pub dimensions: Vec<Table>,
}

impl Audit {
    /// The table of one dimension, if the audit has it.
    pub fn table(&self, dimension: Dimension) -> Option<&Table> {
        self.dimensions.iter().find(|t| t.dimension == dimension)
    }
}

/// The ways individuals are grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dimension {
    Sex,
    Race,
    /// Sex × race/ethnicity.
    Intersection,
}

impl Dimension {
    pub fn as_str(self) -> &'static str {
        match self {
            Dimension::Sex => "sex",
            Dimension::Race => "race",
            Dimension::Intersection => "intersection",
        }
    }
}

/// One dimension's table: a row per category, even empty ones, so a report always shows the
/// full table.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub dimension: Dimension,
    /// Individuals whose category is unknown on this dimension (for the intersection: unknown
    /// sex or unknown race), left out of every row.
    pub unknown: u32,
    pub rows: Vec<Row>,
}

/// One category's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The category's code; for the intersection, "sex+race" (e.g. "female+hispanic_latino").
    pub category: String,
    /// Display label; for the intersection, "race · sex" (e.g. "Hispanic or Latino · Female").
    pub label: String,
    /// Individuals in the category.
    pub count: u32,
    /// Of them, selected (selection) or scoring above the median (scoring).
    pub positives: u32,
    /// `positives / count`, 0 for an empty category. Shown whatever the status: the rules ask
    /// for the rate of excluded categories too.
    pub rate: f64,
    /// `rate / reference rate`, for reported categories when the reference rate is above 0.
    pub impact_ratio: Option<f64>,
    /// Two-sided Fisher's exact test of this category against the reference; `None` for the
    /// reference itself and wherever the impact ratio is `None`.
    pub p_value: Option<f64>,
    pub status: Status,
    /// Four-fifths rule: reported and impact ratio below 0.8.
    pub adverse: bool,
}

/// Whether a category takes part in the impact ratios.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Compared with the reference (the highest rate among reported categories).
    Reported,
    /// Under the exclusion share (§ 5-301(d)): count and rate only.
    Excluded,
    /// Fewer than `min_per_cell` individuals: count and rate only.
    NotEnoughData,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Reported => "reported",
            Status::Excluded => "excluded",
            Status::NotEnoughData => "not_enough_data",
        }
    }
}

/// A selection-rate audit: `true` for each individual the AEDT selected (moved forward or
/// classified into the audited group).
pub fn selection(set: &CategorySet, people: &[(Person<'_>, bool)], rules: &Rules) -> Audit {
    compute::audit(set, Measure::Selection, None, people, rules)
}

/// A scoring-rate audit. Individuals with a non-finite score (NaN, ±∞) have no score: they are
/// left out of the sample, the median and `individuals`.
pub fn scoring(set: &CategorySet, people: &[(Person<'_>, f64)], rules: &Rules) -> Audit {
    let scored: Vec<(Person<'_>, f64)> = people
        .iter()
        .copied()
        .filter(|(_, score)| score.is_finite())
        .collect();
    let median = compute::median(scored.iter().map(|(_, score)| *score));
    let above: Vec<(Person<'_>, bool)> = scored
        .iter()
        .map(|(person, score)| (*person, median.is_some_and(|m| *score > m)))
        .collect();
    compute::audit(set, Measure::Scoring, median, &above, rules)
}
