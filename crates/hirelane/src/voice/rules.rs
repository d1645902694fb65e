//! Validation of the create-assistant and schedule-call forms (SPEC section 5), and the IST
//! conversion of the scheduled time.

use jiff::civil::{Date, Time};
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Timestamp};

use super::vapi::AssistantForm;
use crate::error::{Error, ErrorCode, Result};

pub const MAX_TOPICS: usize = 4;
pub const MAX_QUESTIONS: usize = 10;
pub const MAX_TOOLS: usize = 4;
/// Vapi's limit on an assistant's name.
pub const MAX_NAME: usize = 40;

pub const INVALID_DATE_TIME: &str = "Invalid date or time format. Please check your input.";

/// Scheduled calls are entered in India Standard Time (+05:30), as the spec fixes.
pub fn ist() -> TimeZone {
    TimeZone::fixed(Offset::from_seconds(5 * 3600 + 30 * 60).unwrap_or(Offset::UTC))
}

fn required(value: &str, message: &'static str) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        Err(Error::bad_request(ErrorCode::Validation, message))
    } else {
        Ok(value.to_owned())
    }
}

fn list(items: &[String], max: usize, what: &str) -> Result<Vec<String>> {
    let items: Vec<String> = items
        .iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect();
    if items.len() > max {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            format!("At most {max} {what} can be given."),
        ));
    }
    Ok(items)
}

/// The raw create-assistant form.
#[derive(Debug, Default)]
pub struct AssistantInput {
    pub assistant_name: String,
    pub candidate_name: String,
    pub role: String,
    pub experience: String,
    pub interview_time: String,
    pub topics: Vec<String>,
    pub questions: Vec<String>,
    pub tools: Vec<String>,
}

/// Checks the form in the spec's order, then the lists and the provider's name limit.
pub fn validate_assistant(input: &AssistantInput) -> Result<AssistantForm> {
    let form = AssistantForm {
        assistant_name: required(&input.assistant_name, "Assistant Name is required.")?,
        candidate_name: required(&input.candidate_name, "Candidate Name is required.")?,
        role: required(&input.role, "Role is required.")?,
        experience: required(&input.experience, "Experience is required.")?,
        interview_time: required(&input.interview_time, "Interview Time is required.")?,
        topics: list(&input.topics, MAX_TOPICS, "topics")?,
        questions: list(&input.questions, MAX_QUESTIONS, "questions")?,
        tools: list(&input.tools, MAX_TOOLS, "tools")?,
    };
    if form.assistant_name.chars().count() > MAX_NAME {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            format!("Assistant Name cannot exceed {MAX_NAME} characters."),
        ));
    }
    Ok(form)
}

/// The raw schedule-call form.
#[derive(Debug, Default)]
pub struct CallInput {
    pub assistant_id: String,
    pub candidate_name: String,
    pub phone: String,
    pub date: String,
    pub time: String,
}

/// A schedule-call form that passed the checks.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidCall {
    pub assistant_id: String,
    pub candidate_name: String,
    /// E.164 with its leading '+'.
    pub phone: String,
    pub earliest_at: Timestamp,
}

pub fn validate_call(input: &CallInput, now: Timestamp) -> Result<ValidCall> {
    let candidate_name = required(&input.candidate_name, "Candidate Name is required.")?;
    let phone = required(&input.phone, "Phone Number is required.")?;
    let date = required(&input.date, "Date is required.")?;
    let time = required(&input.time, "Time is required.")?;
    let assistant_id = required(&input.assistant_id, "Assistant is required.")?;
    let earliest_at = ist_instant(&date, &time)?;
    if earliest_at.to_zoned(ist()).date() < now.to_zoned(ist()).date() {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "The date cannot be in the past.",
        ));
    }
    // A minute's grace: a form filled in at 10:00 for 10:00 is not in the past.
    if earliest_at + SignedDuration::from_mins(1) <= now {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "The time cannot be in the past.",
        ));
    }
    Ok(ValidCall {
        assistant_id,
        candidate_name,
        phone: normalize_phone(&phone)?,
        earliest_at,
    })
}

/// `YYYY-MM-DD` and `HH:MM[:SS]` in IST as an instant.
pub fn ist_instant(date: &str, time: &str) -> Result<Timestamp> {
    let invalid = || Error::bad_request(ErrorCode::InvalidDateTime, INVALID_DATE_TIME);
    let date: Date = date.trim().parse().map_err(|_| invalid())?;
    let time: Time = time.trim().parse().map_err(|_| invalid())?;
    let zoned = date
        .to_datetime(time)
        .to_zoned(ist())
        .map_err(|_| invalid())?;
    // Guard against dates the provider would reject as absurd.
    if zoned.year() < 2000 || zoned.year() > 2200 {
        return Err(invalid());
    }
    Ok(zoned.timestamp())
}

/// Spaces, dashes, dots and brackets dropped; a leading '+' added when missing (SPEC 5).
pub fn normalize_phone(raw: &str) -> Result<String> {
    let digits: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '+'))
        .collect();
    if digits.len() < 7 || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "Please enter a valid phone number with its country code.",
        ));
    }
    Ok(format!("+{digits}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(err: Error) -> String {
        err.to_string()
    }

    #[test]
    fn assistant_checks_in_order() {
        let mut input = AssistantInput::default();
        assert_eq!(
            message(validate_assistant(&input).expect_err("invalid")),
            "Assistant Name is required."
        );
        input.assistant_name = "Ava".into();
        assert_eq!(
            message(validate_assistant(&input).expect_err("invalid")),
            "Candidate Name is required."
        );
        input.candidate_name = "Jane".into();
        assert_eq!(
            message(validate_assistant(&input).expect_err("invalid")),
            "Role is required."
        );
        input.role = "Engineer".into();
        assert_eq!(
            message(validate_assistant(&input).expect_err("invalid")),
            "Experience is required."
        );
        input.experience = "5 years".into();
        assert_eq!(
            message(validate_assistant(&input).expect_err("invalid")),
            "Interview Time is required."
        );
        input.interview_time = "30".into();
        input.topics = vec!["Rust".into(), " ".into()];
        let form = validate_assistant(&input).expect("valid");
        assert_eq!(form.topics, vec!["Rust".to_owned()]);
        input.questions = vec!["q".into(); 11];
        assert!(validate_assistant(&input).is_err());
    }

    #[test]
    fn ist_is_five_thirty_ahead() {
        let t = ist_instant("2026-03-05", "10:30").expect("valid");
        assert_eq!(t.to_string(), "2026-03-05T05:00:00Z");
        let t = ist_instant("2026-03-05", "01:15:00").expect("valid");
        assert_eq!(t.to_string(), "2026-03-04T19:45:00Z");
        for (d, t) in [
            ("2026-02-30", "10:00"),
            ("05/03/2026", "10:00"),
            ("2026-03-05", "25:00"),
            ("", ""),
        ] {
            assert_eq!(
                message(ist_instant(d, t).expect_err("invalid")),
                INVALID_DATE_TIME,
                "{d} {t}"
            );
        }
    }

    #[test]
    fn phones_get_a_plus() {
        assert_eq!(
            normalize_phone("919876543210").expect("valid"),
            "+919876543210"
        );
        assert_eq!(
            normalize_phone("+1 (415) 555-0123").expect("valid"),
            "+14155550123"
        );
        assert!(normalize_phone("12ab").is_err());
    }

    #[test]
    fn calls_need_every_field_and_no_past_date() {
        let now: Timestamp = "2026-03-02T09:00:00Z".parse().expect("valid");
        let mut input = CallInput {
            assistant_id: "a".into(),
            candidate_name: "Jane".into(),
            phone: "919876543210".into(),
            date: "2026-03-02".into(),
            time: "18:00".into(),
        };
        let valid = validate_call(&input, now).expect("valid");
        assert_eq!(valid.earliest_at.to_string(), "2026-03-02T12:30:00Z");
        // 09:00 UTC is 14:30 in IST: earlier today is past, this minute is not.
        input.time = "14:29".into();
        assert_eq!(
            message(validate_call(&input, now).expect_err("past")),
            "The time cannot be in the past."
        );
        input.time = "14:30".into();
        assert!(validate_call(&input, now).is_ok());
        input.date = "2026-03-01".into();
        assert!(validate_call(&input, now).is_err());
        input.phone = String::new();
        assert_eq!(
            message(validate_call(&input, now).expect_err("invalid")),
            "Phone Number is required."
        );
    }
}
