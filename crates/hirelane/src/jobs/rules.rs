//! What makes a job description valid, in the spec's words. Pure functions: handlers call them,
//! tests call them directly.

use jiff::civil::Date;

use super::sanitize::sanitize;
use crate::error::{Error, ErrorCode, Result};

pub const MAX_ADDITIONAL_NOTES: usize = 300;
pub const MIN_KEY_SKILLS: usize = 3;
const MAX_NAME: usize = 200;
const MAX_TEXT_FIELD: usize = 5_000;

/// A JD as the recruiter typed it, before any rule is applied.
#[derive(Debug, Default, Clone)]
pub struct JobInput {
    pub jdname: String,
    pub jddescription: String,
    pub key_skills: String,
    pub experience: String,
    pub additional_notes: String,
    pub apply_last_date: Option<String>,
}

/// A JD that passed the rules: trimmed, description sanitised, date parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidJob {
    pub jdname: String,
    pub jddescription: String,
    pub key_skills: String,
    pub experience: String,
    pub additional_notes: String,
    /// `None`: no date given (on edit: keep the stored one).
    pub apply_last_date: Option<Date>,
}

/// The create form's rules: title, at least three skills, experience, notes ≤ 300 characters,
/// and an application last date that is not already past.
pub fn validate_create(input: &JobInput, today: Date) -> Result<ValidJob> {
    let job = validate_common(input, "Title is required.")?;
    if key_skills(&job.key_skills).len() < MIN_KEY_SKILLS {
        return Err(field_error(
            "keySkills",
            "Please enter at least 3 comma-separated skills.",
        ));
    }
    if job.experience.is_empty() {
        return Err(field_error("experience", "Experience is required."));
    }
    if job.apply_last_date.is_some_and(|d| d < today) {
        return Err(field_error(
            "applyLastDate",
            "Application last date cannot be in the past.",
        ));
    }
    Ok(job)
}

/// The edit form's rules: the spec asks only for the name; the notes limit still holds so an
/// edit cannot store what creation refuses.
pub fn validate_edit(input: &JobInput) -> Result<ValidJob> {
    validate_common(input, "JD Name is required.")
}

fn validate_common(input: &JobInput, name_required: &str) -> Result<ValidJob> {
    let jdname = input.jdname.trim().to_owned();
    if jdname.is_empty() {
        return Err(field_error("jdname", name_required));
    }
    if jdname.chars().count() > MAX_NAME {
        return Err(field_error(
            "jdname",
            format!("The name cannot exceed {MAX_NAME} characters."),
        ));
    }
    let additional_notes = input.additional_notes.trim().to_owned();
    if additional_notes.chars().count() > MAX_ADDITIONAL_NOTES {
        return Err(field_error(
            "additionalNotes",
            "Additional notes cannot exceed 300 characters.",
        ));
    }
    let key_skills = input.key_skills.trim().to_owned();
    let experience = input.experience.trim().to_owned();
    for (field, value) in [("keySkills", &key_skills), ("experience", &experience)] {
        if value.chars().count() > MAX_TEXT_FIELD {
            return Err(field_error(
                field,
                format!("This field cannot exceed {MAX_TEXT_FIELD} characters."),
            ));
        }
    }
    Ok(ValidJob {
        jdname,
        jddescription: sanitize(&input.jddescription),
        key_skills,
        experience,
        additional_notes,
        apply_last_date: parse_date(input.apply_last_date.as_deref())?,
    })
}

/// The non-empty entries of a comma-separated skills list.
pub fn key_skills(text: &str) -> Vec<&str> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Accepts `YYYY-MM-DD` or a full ISO timestamp (its date part); blank means no date.
fn parse_date(raw: Option<&str>) -> Result<Option<Date>> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    raw.get(..10)
        .and_then(|day| day.parse::<Date>().ok())
        .map(Some)
        .ok_or_else(|| field_error("applyLastDate", "Invalid application last date."))
}

fn field_error(field: &'static str, message: impl Into<String>) -> Error {
    Error::BadRequest {
        code: ErrorCode::Validation,
        message: message.into(),
        extra: Some(serde_json::json!({ "field": field })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> JobInput {
        JobInput {
            jdname: " Backend Engineer ".into(),
            jddescription: "<p>Build <strong>APIs</strong></p>".into(),
            key_skills: "Rust, SQL, , Kafka".into(),
            experience: "3-5 years".into(),
            additional_notes: String::new(),
            apply_last_date: Some("2026-03-10".into()),
        }
    }

    fn today() -> Date {
        jiff::civil::date(2026, 3, 2)
    }

    fn message(err: Error) -> String {
        err.to_string()
    }

    #[test]
    fn a_complete_form_passes_trimmed() {
        let job = validate_create(&input(), today()).expect("valid");
        assert_eq!(job.jdname, "Backend Engineer");
        assert_eq!(job.apply_last_date, Some(jiff::civil::date(2026, 3, 10)));
    }

    #[test]
    fn create_rules_use_the_spec_messages() {
        type Breaker = fn(&mut JobInput);
        let cases: [(Breaker, &str); 6] = [
            (|i| i.jdname = "  ".into(), "Title is required."),
            (
                |i| i.key_skills = "Rust, ,SQL".into(),
                "Please enter at least 3 comma-separated skills.",
            ),
            (|i| i.experience = " ".into(), "Experience is required."),
            (
                |i| i.additional_notes = "x".repeat(301),
                "Additional notes cannot exceed 300 characters.",
            ),
            (
                |i| i.apply_last_date = Some("2026-03-01".into()),
                "Application last date cannot be in the past.",
            ),
            (
                |i| i.apply_last_date = Some("next week".into()),
                "Invalid application last date.",
            ),
        ];
        for (break_it, expected) in cases {
            let mut i = input();
            break_it(&mut i);
            assert_eq!(
                message(validate_create(&i, today()).expect_err(expected)),
                expected
            );
        }
    }

    #[test]
    fn notes_limit_counts_characters_not_bytes() {
        let mut i = input();
        i.additional_notes = "é".repeat(300);
        assert!(validate_create(&i, today()).is_ok());
    }

    #[test]
    fn edit_needs_only_a_name_and_accepts_iso_timestamps() {
        let mut i = input();
        i.key_skills = String::new();
        i.experience = String::new();
        i.apply_last_date = Some("2020-01-01T00:00:00.000Z".into());
        let job = validate_edit(&i).expect("edit allows it");
        assert_eq!(job.apply_last_date, Some(jiff::civil::date(2020, 1, 1)));
        i.jdname = String::new();
        assert_eq!(
            message(validate_edit(&i).expect_err("name")),
            "JD Name is required."
        );
    }
}
