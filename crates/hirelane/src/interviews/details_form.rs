//! The next-step details form as admins configure it: the spec's questions are its default set
//! (each can be turned off, made optional or relabelled), the office's name and the pay unit
//! are settings, and up to [`MAX_CUSTOM`] questions of the organisation's own can be added.
//!
//! Nothing saved means the spec's form exactly: [`DetailsFormSettings::spec`] is what
//! [`load`] answers then, and the submission check treats it exactly as it always did.

use std::collections::{BTreeMap, BTreeSet};

use hirelane_core::clock::{from_millis, to_iso, to_millis};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::error::{Error, ErrorCode, Result};
use crate::store::Db;
use crate::with_db;

/// The spec's questions (SPEC section 3), in the order the form asks them.
pub const SPEC_FIELDS: [&str; 15] = [
    "totalExp",
    "relevantExp",
    "currentCTC",
    "expectedCTC",
    "noticePeriod",
    "servingNotice",
    "organization",
    "reasonForLeaving",
    "lastWorkingDate",
    "currentLocation",
    "hometown",
    "faridabadOffice",
    "relocateDays",
    "skills",
    "additionalInfo",
];

/// The spec's office (the label "…our Faridabad office?") and pay unit ("CTC in LPA").
pub const SPEC_OFFICE: &str = "Faridabad";
pub const SPEC_PAY_UNIT: &str = "LPA";

pub const MAX_CUSTOM: usize = 20;
pub const MAX_CHOICES: usize = 20;
pub const MAX_LABEL: usize = 200;
const MAX_CHOICE: usize = 100;
const MAX_OFFICE: usize = 100;
const MAX_PAY_UNIT: usize = 20;
const MAX_ID: usize = 40;

/// One of the spec's questions as configured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecQuestion {
    /// The field's name (`totalExp`…); a relabelled question keeps it.
    pub name: String,
    /// Asked at all; a question turned off is neither required nor stored.
    pub enabled: bool,
    /// Must be answered. For `reasonForLeaving` and `lastWorkingDate`, only when not serving
    /// notice (as the spec says); `servingNotice` always has an answer (`No` by default).
    pub required: bool,
    /// Shown instead of the spec's label; null keeps the spec's.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub label: Option<String>,
}

/// What a custom question asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum QuestionKind {
    Text,
    Number,
    Yesno,
    Choice,
    Date,
}

/// A question the organisation added.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomQuestion {
    /// Letters, digits, `-` and `_` (at most 40); the key of its answer. Given on saving when
    /// blank (`q1`, `q2`…).
    pub id: String,
    #[schema(max_length = 200)]
    pub label: String,
    pub kind: QuestionKind,
    pub required: bool,
    /// The answers to choose from (`choice` only): 2 to 20, each at most 100 characters; empty
    /// for the other kinds.
    pub choices: Vec<String>,
}

/// The details form: the spec's questions, the office, the pay unit and the custom questions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsFormSettings {
    /// All fifteen, in the spec's order. On saving, a question left out keeps the spec's
    /// setting.
    pub fields: Vec<SpecQuestion>,
    /// Replaces "Faridabad" in the office question (the field stays `faridabadOffice`).
    /// Blank keeps the spec's.
    #[schema(max_length = 100)]
    pub office_name: String,
    /// Replaces "LPA" beside the pay questions. Blank keeps the spec's.
    #[schema(max_length = 20)]
    pub pay_unit: String,
    /// At most 20, in the order the form asks them (after the spec's).
    pub custom_questions: Vec<CustomQuestion>,
}

fn spec_office() -> String {
    SPEC_OFFICE.to_owned()
}

fn spec_pay_unit() -> String {
    SPEC_PAY_UNIT.to_owned()
}

impl DetailsFormSettings {
    /// The spec's form: every question on, all required but `additionalInfo`, its own labels.
    pub fn spec() -> Self {
        DetailsFormSettings {
            fields: SPEC_FIELDS
                .iter()
                .map(|&name| SpecQuestion {
                    name: name.to_owned(),
                    enabled: true,
                    required: name != "additionalInfo",
                    label: None,
                })
                .collect(),
            office_name: spec_office(),
            pay_unit: spec_pay_unit(),
            custom_questions: Vec::new(),
        }
    }

    /// How the form asks `name` (one of [`SPEC_FIELDS`]).
    pub fn field(&self, name: &str) -> Option<&SpecQuestion> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Checks what an admin sent and brings it to the stored shape: every spec question once,
    /// in order; blanks read as the spec's; ids given to new custom questions.
    pub fn checked(self) -> Result<Self> {
        let mut errors = BTreeMap::new();
        let mut given: BTreeMap<String, SpecQuestion> = BTreeMap::new();
        for field in self.fields {
            match SPEC_FIELDS
                .iter()
                .find(|n| n.eq_ignore_ascii_case(&field.name))
            {
                Some(&name) => {
                    let label = blank_to_none(field.label);
                    if label
                        .as_ref()
                        .is_some_and(|l| l.chars().count() > MAX_LABEL)
                    {
                        errors.insert(
                            format!("fields.{name}"),
                            format!("Label cannot exceed {MAX_LABEL} characters."),
                        );
                    }
                    given.insert(
                        name.to_owned(),
                        SpecQuestion {
                            name: name.to_owned(),
                            label,
                            ..field
                        },
                    );
                }
                None => {
                    errors.insert(
                        "fields".into(),
                        format!("{} is not one of the form's questions.", field.name.trim()),
                    );
                }
            }
        }
        let fields = DetailsFormSettings::spec()
            .fields
            .into_iter()
            .map(|default| given.remove(&default.name).unwrap_or(default))
            .collect();
        let office_name = or_spec(self.office_name, SPEC_OFFICE);
        if office_name.chars().count() > MAX_OFFICE {
            errors.insert(
                "officeName".into(),
                format!("Office name cannot exceed {MAX_OFFICE} characters."),
            );
        }
        let pay_unit = or_spec(self.pay_unit, SPEC_PAY_UNIT);
        if pay_unit.chars().count() > MAX_PAY_UNIT {
            errors.insert(
                "payUnit".into(),
                format!("Pay unit cannot exceed {MAX_PAY_UNIT} characters."),
            );
        }
        let custom_questions = check_custom(self.custom_questions, &mut errors);
        if let Some(first) = errors.values().next().cloned() {
            return Err(Error::BadRequest {
                code: ErrorCode::Validation,
                message: first,
                extra: Some(json!({ "fields": errors })),
            });
        }
        Ok(DetailsFormSettings {
            fields,
            office_name,
            pay_unit,
            custom_questions,
        })
    }
}

fn blank_to_none(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

fn or_spec(text: String, spec: &str) -> String {
    blank_to_none(Some(text)).unwrap_or_else(|| spec.to_owned())
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Checks the custom questions; errors are keyed `customQuestions.{n}` (from 1, as the page
/// numbers them).
fn check_custom(
    questions: Vec<CustomQuestion>,
    errors: &mut BTreeMap<String, String>,
) -> Vec<CustomQuestion> {
    if questions.len() > MAX_CUSTOM {
        errors.insert(
            "customQuestions".into(),
            format!("Custom questions cannot exceed {MAX_CUSTOM}."),
        );
        return Vec::new();
    }
    // Answers are keyed by id, so an id is never shared, nor taken by a spec question.
    let mut taken: BTreeSet<String> = SPEC_FIELDS.iter().map(|n| n.to_ascii_lowercase()).collect();
    taken.extend(
        questions
            .iter()
            .map(|q| q.id.trim().to_ascii_lowercase())
            .filter(|id| !id.is_empty()),
    );
    let mut seen = BTreeSet::new();
    let mut next = 1;
    let mut checked = Vec::with_capacity(questions.len());
    for (n, question) in questions.into_iter().enumerate() {
        let key = format!("customQuestions.{}", n + 1);
        let mut fail = |message: String| {
            errors.entry(key.clone()).or_insert(message);
        };
        let number = n + 1;
        let mut id = question.id.trim().to_owned();
        if id.is_empty() {
            while taken.contains(&format!("q{next}")) {
                next += 1;
            }
            id = format!("q{next}");
            taken.insert(id.clone());
        } else if !valid_id(&id) {
            fail(format!(
                "Question {number}: the id may hold only letters, digits, - and _ (at most {MAX_ID})."
            ));
        } else if SPEC_FIELDS.iter().any(|f| f.eq_ignore_ascii_case(&id))
            || !seen.insert(id.to_ascii_lowercase())
        {
            fail(format!("Question {number}: the id {id} is already used."));
        }
        let label = question.label.trim().to_owned();
        if label.is_empty() {
            fail(format!("Question {number}: the label is required."));
        } else if label.chars().count() > MAX_LABEL {
            fail(format!(
                "Question {number}: the label cannot exceed {MAX_LABEL} characters."
            ));
        }
        let choices: Vec<String> = if question.kind == QuestionKind::Choice {
            question
                .choices
                .iter()
                .map(|c| c.trim().to_owned())
                .filter(|c| !c.is_empty())
                .collect()
        } else {
            Vec::new()
        };
        if question.kind == QuestionKind::Choice {
            let distinct: BTreeSet<&String> = choices.iter().collect();
            if choices.len() < 2 {
                fail(format!(
                    "Question {number}: at least 2 choices are required."
                ));
            } else if choices.len() > MAX_CHOICES {
                fail(format!(
                    "Question {number}: choices cannot exceed {MAX_CHOICES}."
                ));
            } else if distinct.len() != choices.len() {
                fail(format!("Question {number}: each choice must be different."));
            } else if choices.iter().any(|c| c.chars().count() > MAX_CHOICE) {
                fail(format!(
                    "Question {number}: a choice cannot exceed {MAX_CHOICE} characters."
                ));
            }
        }
        checked.push(CustomQuestion {
            id,
            label,
            kind: question.kind,
            required: question.required,
            choices,
        });
    }
    checked
}

/// The saved form, or the spec's when none was saved (or what was saved no longer reads, which
/// is logged: the candidate still gets a form).
pub async fn load(db: &Db) -> Result<DetailsFormSettings> {
    Ok(load_row(db)
        .await?
        .map(|row| row.settings)
        .unwrap_or_else(DetailsFormSettings::spec))
}

/// The saved form with when it was saved.
pub struct SavedForm {
    pub settings: DetailsFormSettings,
    pub updated_at: String,
}

pub async fn load_row(db: &Db) -> Result<Option<SavedForm>> {
    let row: Option<(String, i64)> = with_db!(db, |pool| {
        sqlx::query_as("SELECT settings, updated_at FROM details_form_settings WHERE id = 1")
            .fetch_optional(pool)
            .await
    })?;
    Ok(row.and_then(|(json, at)| match serde_json::from_str(&json) {
        Ok(settings) => Some(SavedForm {
            settings,
            updated_at: to_iso(from_millis(at)),
        }),
        Err(e) => {
            tracing::error!(error = %e, "the saved details form does not read; asking the spec's");
            None
        }
    }))
}

/// Stores the (checked) form, replacing the saved one.
pub async fn save(db: &Db, settings: &DetailsFormSettings, by: i64, now: Timestamp) -> Result<()> {
    let json = serde_json::to_string(settings).map_err(|e| Error::Internal(e.into()))?;
    with_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO details_form_settings (id, settings, updated_by, updated_at)
             VALUES (1, $1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET settings = excluded.settings,
               updated_by = excluded.updated_by, updated_at = excluded.updated_at",
        )
        .bind(&json)
        .bind(by)
        .bind(to_millis(now))
        .execute(pool)
        .await
        .map(drop)
    })?;
    Ok(())
}

/// Back to the spec's form.
pub async fn reset(db: &Db) -> Result<()> {
    with_db!(db, |pool| {
        sqlx::query("DELETE FROM details_form_settings")
            .execute(pool)
            .await
            .map(drop)
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(settings: DetailsFormSettings) -> serde_json::Value {
        match settings.checked() {
            Err(Error::BadRequest {
                extra: Some(extra), ..
            }) => extra["fields"].clone(),
            other => panic!("expected errors, got {other:?}"),
        }
    }

    fn question(kind: QuestionKind, choices: &[&str]) -> CustomQuestion {
        CustomQuestion {
            id: String::new(),
            label: "Visa needed?".into(),
            kind,
            required: true,
            choices: choices.iter().map(|c| (*c).to_owned()).collect(),
        }
    }

    #[test]
    fn the_spec_form_checks_to_itself() {
        let spec = DetailsFormSettings::spec();
        assert_eq!(spec.clone().checked().expect("valid"), spec);
    }

    #[test]
    fn left_out_questions_keep_the_spec_setting_and_blanks_read_as_the_spec() {
        let sent = DetailsFormSettings {
            fields: vec![SpecQuestion {
                name: "CURRENTctc".into(),
                enabled: false,
                required: true,
                label: Some("  ".into()),
            }],
            office_name: " ".into(),
            pay_unit: "EUR / year".into(),
            custom_questions: vec![question(QuestionKind::Text, &["ignored"])],
        };
        let saved = sent.checked().expect("valid");
        assert_eq!(saved.fields.len(), 15);
        let ctc = saved.field("currentCTC").expect("kept");
        assert!(!ctc.enabled);
        assert_eq!(ctc.label, None);
        assert_eq!(saved.office_name, "Faridabad");
        assert_eq!(saved.pay_unit, "EUR / year");
        assert_eq!(saved.custom_questions[0].id, "q1");
        assert!(saved.custom_questions[0].choices.is_empty());
    }

    #[test]
    fn bad_settings_are_named() {
        let mut sent = DetailsFormSettings::spec();
        sent.fields.push(SpecQuestion {
            name: "salaryHistory".into(),
            enabled: true,
            required: true,
            label: None,
        });
        sent.custom_questions = vec![
            question(QuestionKind::Choice, &["Yes"]),
            CustomQuestion {
                id: "hometown".into(),
                ..question(QuestionKind::Text, &[])
            },
            CustomQuestion {
                label: "x".repeat(201),
                ..question(QuestionKind::Date, &[])
            },
            question(QuestionKind::Choice, &["A", "A"]),
        ];
        let named = errors(sent);
        assert_eq!(
            named["fields"],
            "salaryHistory is not one of the form's questions."
        );
        assert_eq!(
            named["customQuestions.1"],
            "Question 1: at least 2 choices are required."
        );
        assert_eq!(
            named["customQuestions.2"],
            "Question 2: the id hometown is already used."
        );
        assert_eq!(
            named["customQuestions.3"],
            "Question 3: the label cannot exceed 200 characters."
        );
        assert_eq!(
            named["customQuestions.4"],
            "Question 4: each choice must be different."
        );
        let mut many = DetailsFormSettings::spec();
        many.custom_questions = vec![question(QuestionKind::Number, &[]); 21];
        assert_eq!(
            errors(many)["customQuestions"],
            "Custom questions cannot exceed 20."
        );
    }
}
