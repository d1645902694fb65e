//! The fairness settings: which voluntary self-identification questions candidates are asked,
//! and how small a group the bias audit still reports a ratio for.

use serde::Deserialize;

/// The category set candidates may self-identify in; `off` asks nothing.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CategoryChoice {
    Off,
    /// Sex and race/ethnicity in the categories of the US EEO-1 report, as NYC Local Law 144's
    /// audits use them.
    #[default]
    Eeo1,
    /// Sex only (woman, man, non-binary): for employers where asking race is not the custom.
    SexOnly,
    /// Sex as `sex-only`, and the five ethnic groups of the 2021 Census of England and Wales.
    UkOns,
}

impl CategoryChoice {
    /// The set's id in the audit crate, or `None` when nothing is asked.
    pub fn set_id(self) -> Option<&'static str> {
        match self {
            CategoryChoice::Off => None,
            CategoryChoice::Eeo1 => Some("eeo1"),
            CategoryChoice::SexOnly => Some("sex-only"),
            CategoryChoice::UkOns => Some("uk-ons"),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FairnessSettings {
    /// `eeo1`, `sex-only`, `uk-ons` or `off`.
    pub self_identification: CategoryChoice,
    /// A group smaller than this shows "not enough data" in the bias audit instead of a ratio:
    /// with a handful of people one decision swings a ratio past any threshold.
    pub min_per_cell: u32,
    /// The day this deployment began using the automated scoring (an LL144 summary states the
    /// tool's distribution date); unset, the audit gives the day it first scored a candidate.
    pub distribution_date: Option<jiff::civil::Date>,
}

impl Default for FairnessSettings {
    fn default() -> Self {
        Self {
            self_identification: CategoryChoice::Eeo1,
            min_per_cell: 5,
            distribution_date: None,
        }
    }
}
