//! The demographic questions a candidate may answer, as stable codes (what the database
//! stores) with labels (what a report shows).
//!
//! Codes never change once stored: a relabelling must not rewrite history. Labels follow the
//! presentation of the rules' example tables (6 RCNY § 5-301), which name every race category
//! but Hispanic or Latino with "(Not Hispanic or Latino)", because EEO-1 Component 1 counts
//! Hispanic or Latino people there whatever their race. The category names themselves are the
//! EEO-1 ones ("American Indian or Alaska Native", "Native Hawaiian or Other Pacific
//! Islander"); the rules' examples paraphrase two of them.

use std::fmt;

/// One answer to one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Category {
    /// Stable code, stored in the database.
    pub code: &'static str,
    /// Display label.
    pub label: &'static str,
}

/// The questions asked of candidates of one employer, and their possible answers.
#[derive(Debug, PartialEq, Eq)]
pub struct CategorySet {
    /// Stable id, stored with the employer's settings.
    pub id: &'static str,
    /// Answers to the sex question, in report order.
    pub sex: &'static [Category],
    /// Answers to the race/ethnicity question, in report order; empty when it is not asked.
    pub race: &'static [Category],
    /// How that question is put to candidates ("Race/ethnicity", "Ethnic group").
    pub race_question: &'static str,
}

/// "I prefer not to say": valid for every question asked, and unknown for an audit.
pub const DECLINED: Category = Category {
    code: "declined",
    label: "I prefer not to say",
};

/// US employers: the EEO-1 Component 1 categories that 6 RCNY § 5-301 audits.
pub const EEO1: CategorySet = CategorySet {
    id: "eeo1",
    sex: &[
        Category {
            code: "female",
            label: "Female",
        },
        Category {
            code: "male",
            label: "Male",
        },
    ],
    race: &[
        Category {
            code: "hispanic_latino",
            label: "Hispanic or Latino",
        },
        Category {
            code: "white",
            label: "White (Not Hispanic or Latino)",
        },
        Category {
            code: "black",
            label: "Black or African American (Not Hispanic or Latino)",
        },
        Category {
            code: "pacific_islander",
            label: "Native Hawaiian or Other Pacific Islander (Not Hispanic or Latino)",
        },
        Category {
            code: "asian",
            label: "Asian (Not Hispanic or Latino)",
        },
        Category {
            code: "native_american",
            label: "American Indian or Alaska Native (Not Hispanic or Latino)",
        },
        Category {
            code: "two_or_more",
            label: "Two or More Races (Not Hispanic or Latino)",
        },
    ],
    race_question: "Race/ethnicity",
};

/// Employers outside the US, where asking race is unlawful or meaningless: sex only.
pub const SEX_ONLY: CategorySet = CategorySet {
    id: "sex-only",
    sex: &[
        Category {
            code: "female",
            label: "Woman",
        },
        Category {
            code: "male",
            label: "Man",
        },
        Category {
            code: "non_binary",
            label: "Non-binary",
        },
    ],
    race: &[],
    race_question: "",
};

/// Employers in the United Kingdom: sex as [`SEX_ONLY`] asks it, and the five high-level ethnic
/// groups of the 2021 Census of England and Wales (ONS), the classification UK employers'
/// equality monitoring uses.
pub const UK_ONS: CategorySet = CategorySet {
    id: "uk-ons",
    sex: SEX_ONLY.sex,
    race: &[
        Category {
            code: "ons_asian",
            label: "Asian, Asian British or Asian Welsh",
        },
        Category {
            code: "ons_black",
            label: "Black, Black British, Black Welsh, Caribbean or African",
        },
        Category {
            code: "ons_mixed",
            label: "Mixed or Multiple ethnic groups",
        },
        Category {
            code: "ons_white",
            label: "White",
        },
        Category {
            code: "ons_other",
            label: "Other ethnic group",
        },
    ],
    race_question: "Ethnic group",
};

const SETS: [&CategorySet; 3] = [&EEO1, &SEX_ONLY, &UK_ONS];

/// The category set stored under `id` ("eeo1", "sex-only", "uk-ons").
pub fn set(id: &str) -> Option<&'static CategorySet> {
    SETS.into_iter().find(|s| s.id == id)
}

/// Why an answer does not belong to a category set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// The sex code is not one of the set's answers nor `declined`.
    Sex(String),
    /// The race/ethnicity code is not one of the set's answers nor `declined`.
    Race(String),
    /// A race/ethnicity answer was given to a set that does not ask the question.
    RaceNotAsked,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Sex(code) => write!(f, "unknown sex code {code:?}"),
            Invalid::Race(code) => write!(f, "unknown race/ethnicity code {code:?}"),
            Invalid::RaceNotAsked => f.write_str("this category set asks no race/ethnicity"),
        }
    }
}

impl std::error::Error for Invalid {}

impl CategorySet {
    /// Whether the set asks the race/ethnicity question at all.
    pub fn asks_race(&self) -> bool {
        !self.race.is_empty()
    }

    /// Refuses codes outside the set, so that nothing the audit cannot place is ever stored.
    /// `None` (unanswered) is always valid; a race answer is refused when the set asks none.
    pub fn validate(&self, sex: Option<&str>, race: Option<&str>) -> Result<(), Invalid> {
        if let Some(code) = sex
            && !answers(self.sex, code)
        {
            return Err(Invalid::Sex(code.to_owned()));
        }
        match race {
            None => Ok(()),
            Some(_) if !self.asks_race() => Err(Invalid::RaceNotAsked),
            Some(code) if answers(self.race, code) => Ok(()),
            Some(code) => Err(Invalid::Race(code.to_owned())),
        }
    }

    /// The index of `code` among the sex answers; `None` for unknown (unanswered, declined or
    /// not in the set).
    pub(crate) fn sex_index(&self, code: Option<&str>) -> Option<usize> {
        known_index(self.sex, code)
    }

    /// The index of `code` among the race answers; `None` for unknown.
    pub(crate) fn race_index(&self, code: Option<&str>) -> Option<usize> {
        known_index(self.race, code)
    }
}

fn answers(categories: &[Category], code: &str) -> bool {
    code == DECLINED.code || categories.iter().any(|c| c.code == code)
}

fn known_index(categories: &[Category], code: Option<&str>) -> Option<usize> {
    let code = code?;
    categories.iter().position(|c| c.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_found_by_id() {
        assert_eq!(set("eeo1"), Some(&EEO1));
        assert_eq!(set("sex-only"), Some(&SEX_ONLY));
        assert_eq!(set("uk-ons"), Some(&UK_ONS));
        assert_eq!(set("EEO1"), None);
        assert_eq!(set(""), None);
    }

    #[test]
    fn codes_are_unique_within_each_question() {
        for s in SETS {
            for question in [s.sex, s.race] {
                for (i, a) in question.iter().enumerate() {
                    assert_ne!(a.code, DECLINED.code, "{}", s.id);
                    assert!(
                        question[i + 1..].iter().all(|b| b.code != a.code),
                        "{}",
                        s.id
                    );
                }
            }
        }
    }

    #[test]
    fn eeo1_accepts_its_codes_declined_and_unanswered() {
        assert_eq!(
            EEO1.validate(Some("female"), Some("hispanic_latino")),
            Ok(())
        );
        assert_eq!(EEO1.validate(Some("male"), Some("two_or_more")), Ok(()));
        assert_eq!(EEO1.validate(Some("declined"), Some("declined")), Ok(()));
        assert_eq!(EEO1.validate(None, None), Ok(()));
        assert_eq!(EEO1.validate(None, Some("asian")), Ok(()));
    }

    #[test]
    fn eeo1_refuses_codes_outside_the_set() {
        assert_eq!(
            EEO1.validate(Some("non_binary"), None),
            Err(Invalid::Sex("non_binary".into()))
        );
        assert_eq!(
            EEO1.validate(Some("female"), Some("martian")),
            Err(Invalid::Race("martian".into()))
        );
        // Codes are case-sensitive: the database stores them exactly.
        assert_eq!(
            EEO1.validate(Some("Female"), None),
            Err(Invalid::Sex("Female".into()))
        );
    }

    #[test]
    fn sex_only_refuses_any_race_answer() {
        assert_eq!(SEX_ONLY.validate(Some("non_binary"), None), Ok(()));
        assert_eq!(SEX_ONLY.validate(Some("declined"), None), Ok(()));
        assert_eq!(
            SEX_ONLY.validate(Some("female"), Some("white")),
            Err(Invalid::RaceNotAsked)
        );
        assert_eq!(
            SEX_ONLY.validate(None, Some("declined")),
            Err(Invalid::RaceNotAsked)
        );
    }

    #[test]
    fn declined_and_foreign_codes_are_unknown_to_the_audit() {
        assert_eq!(EEO1.sex_index(Some("male")), Some(1));
        assert_eq!(EEO1.sex_index(Some("declined")), None);
        assert_eq!(EEO1.sex_index(None), None);
        assert_eq!(EEO1.race_index(Some("asian")), Some(4));
        assert_eq!(SEX_ONLY.race_index(Some("asian")), None);
    }

    #[test]
    fn invalid_says_what_is_wrong() {
        assert_eq!(
            Invalid::Race("x".into()).to_string(),
            "unknown race/ethnicity code \"x\""
        );
    }

    #[test]
    fn the_uk_set_asks_the_census_ethnic_groups_and_refuses_the_us_codes() {
        assert_eq!(
            UK_ONS.validate(Some("non_binary"), Some("ons_mixed")),
            Ok(())
        );
        assert_eq!(UK_ONS.validate(Some("female"), Some("declined")), Ok(()));
        assert_eq!(
            UK_ONS.validate(None, Some("hispanic_latino")),
            Err(Invalid::Race("hispanic_latino".into()))
        );
        assert_eq!(UK_ONS.race_question, "Ethnic group");
        // Codes are unique across the sets that ask race, so a stored code names one category.
        assert!(
            UK_ONS
                .race
                .iter()
                .all(|c| EEO1.race.iter().all(|e| e.code != c.code))
        );
    }
}
