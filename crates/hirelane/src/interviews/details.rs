//! The next-step details form (SPEC sections 3 and 5): what a candidate tells the recruiter
//! before the interview. Numbers arrive as JSON numbers or as the text a number input holds.
//!
//! The form is the one admins configured ([`DetailsFormSettings`]); with nothing configured
//! it is the spec's, checked with the spec's texts.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::details_form::{
    CustomQuestion, DetailsFormSettings, QuestionKind, SPEC_OFFICE, SPEC_PAY_UNIT,
};
use super::details_schema::AnswerValue;
use crate::error::{Error, ErrorCode, Result};

pub(super) const MAX_TEXT: usize = 500;
pub(super) const MAX_LONG_TEXT: usize = 2000;
/// Far beyond any real experience, CTC or notice period; keeps typos like 1e300 out.
pub(super) const MAX_NUMBER: f64 = 100_000.0;
/// A custom number may be a salary in any currency; still no 1e300.
const MAX_CUSTOM_NUMBER: f64 = 1e12;

/// The stored answers. A question the form did not ask is null.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextStepDetails {
    /// Years.
    #[schema(required = true)]
    pub total_exp: Option<f64>,
    /// Years.
    #[schema(required = true)]
    pub relevant_exp: Option<f64>,
    /// In `payUnit` (lakh per annum when absent).
    #[serde(rename = "currentCTC")]
    #[schema(required = true)]
    pub current_ctc: Option<f64>,
    /// In `payUnit` (lakh per annum when absent).
    #[serde(rename = "expectedCTC")]
    #[schema(required = true)]
    pub expected_ctc: Option<f64>,
    /// Days.
    #[schema(required = true)]
    pub notice_period: Option<f64>,
    /// `Yes` or `No`.
    #[schema(required = true)]
    pub serving_notice: Option<String>,
    #[schema(required = true)]
    pub organization: Option<String>,
    /// Only when not serving notice.
    #[schema(required = true)]
    pub reason_for_leaving: Option<String>,
    /// `YYYY-MM-DD`; only when not serving notice.
    #[schema(required = true)]
    pub last_working_date: Option<String>,
    #[schema(required = true)]
    pub current_location: Option<String>,
    #[schema(required = true)]
    pub hometown: Option<String>,
    /// `Yes` or `No`: willing to work from the office (`officeName`, Faridabad when absent).
    #[schema(required = true)]
    pub faridabad_office: Option<String>,
    /// Days.
    #[schema(required = true)]
    pub relocate_days: Option<f64>,
    #[schema(required = true)]
    pub skills: Option<String>,
    #[schema(required = true)]
    pub additional_info: Option<String>,
    /// The office asked about, when the form named another than Faridabad. (Stored only then,
    /// so the spec's form stores what it always did; answers carry it, see [`with_every_key`].)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub office_name: Option<String>,
    /// The pay questions' unit, when the form asked in another than LPA.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pay_unit: Option<String>,
    /// Answers to the organisation's own questions, in the form's order, with the question as
    /// it was asked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub custom_answers: Vec<CustomAnswer>,
}

/// Stored answers as the API gives them: every key written, `null` (or no custom answers)
/// where the stored JSON has none, as answers from before the form was configurable do not.
pub fn with_every_key(stored: &mut serde_json::Map<String, Value>) {
    for (key, empty) in [
        ("officeName", Value::Null),
        ("payUnit", Value::Null),
        ("customAnswers", json!([])),
    ] {
        stored.entry(key).or_insert(empty);
    }
}

/// The answer to a custom question.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomAnswer {
    pub id: String,
    pub label: String,
    pub kind: QuestionKind,
    /// Text (text, choice, `YYYY-MM-DD` date), `Yes`/`No` (yesno) or a number; null when an
    /// optional question was left blank.
    #[schema(value_type = Option<AnswerValue>, required = true)]
    pub answer: Option<Value>,
}
/// Field lookup that ignores case, like every other body the API reads.
struct Form<'a> {
    fields: Option<&'a serde_json::Map<String, Value>>,
    errors: BTreeMap<String, String>,
}

/// How the configured form asks one of the spec's questions.
struct Ask {
    enabled: bool,
    required: bool,
    /// The subject of its error messages: the spec's words, or the admin's label in quotes.
    label: String,
}

impl Ask {
    fn of(settings: &DetailsFormSettings, name: &str, spec_label: &str) -> Ask {
        match settings.field(name) {
            Some(field) => Ask {
                enabled: field.enabled,
                required: field.required,
                label: field
                    .label
                    .as_ref()
                    .map_or_else(|| spec_label.to_owned(), |l| format!("\"{l}\"")),
            },
            None => Ask {
                enabled: true,
                required: name != "additionalInfo",
                label: spec_label.to_owned(),
            },
        }
    }
}

fn lookup<'a>(fields: &'a serde_json::Map<String, Value>, name: &str) -> Option<&'a Value> {
    fields
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
        .filter(|v| !v.is_null())
}

impl<'a> Form<'a> {
    fn get(&self, name: &str) -> Option<&'a Value> {
        lookup(self.fields?, name)
    }

    fn fail(&mut self, name: &str, message: String) {
        self.errors.insert(name.to_owned(), message);
    }

    fn text(&mut self, name: &str, ask: &Ask, max: usize) -> Option<String> {
        if !ask.enabled {
            return None;
        }
        let label = &ask.label;
        let value = match text_of(self.get(name)) {
            Ok(value) => value,
            Err(()) => {
                self.fail(name, format!("{label} must be text."));
                return Some(String::new());
            }
        };
        if ask.required && value.is_empty() {
            self.fail(name, format!("{label} is required."));
        } else if value.chars().count() > max {
            self.fail(name, format!("{label} cannot exceed {max} characters."));
        }
        Some(value)
    }

    fn number(&mut self, name: &str, ask: &Ask) -> Option<f64> {
        if !ask.enabled {
            return None;
        }
        let value = self.get(name);
        let checked = check_number(value, &ask.label, ask.required, MAX_NUMBER);
        match checked {
            Ok(n) => n,
            Err(message) => {
                self.fail(name, message);
                Some(0.0)
            }
        }
    }

    fn yes_no(&mut self, name: &str, ask: &Ask, default: Option<&str>) -> Option<String> {
        if !ask.enabled {
            return None;
        }
        let value = self.get(name);
        // An optional question may be left blank, but not answered with something else.
        let blank = value.is_none_or(|v| v.as_str().is_some_and(|s| s.trim().is_empty()));
        match check_yes_no(value, default) {
            Some(answer) => Some(answer),
            None if !ask.required && blank => None,
            None => {
                let label = &ask.label;
                self.fail(name, format!("Please choose Yes or No for {label}."));
                Some(String::new())
            }
        }
    }

    /// The answer to a custom question, checked by its kind; errors are keyed
    /// `customAnswers.{id}`.
    fn custom(&mut self, question: &CustomQuestion) -> CustomAnswer {
        let key = format!("customAnswers.{}", question.id);
        let raw = self
            .get("customAnswers")
            .and_then(Value::as_object)
            .and_then(|answers| lookup(answers, &question.id));
        let label = format!("\"{}\"", question.label);
        let checked = check_custom(question, raw, &label);
        let answer = match checked {
            Ok(answer) => answer,
            Err(message) => {
                self.fail(&key, message);
                None
            }
        };
        CustomAnswer {
            id: question.id.clone(),
            label: question.label.clone(),
            kind: question.kind,
            answer,
        }
    }
}

/// Text as given (trimmed); a number reads as its text; `Err` for anything else.
fn text_of(value: Option<&Value>) -> std::result::Result<String, ()> {
    match value {
        Some(Value::String(s)) => Ok(s.trim().to_owned()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        Some(_) => Err(()),
        None => Ok(String::new()),
    }
}

/// A number from 0 to `max`; `None` when blank and not required.
fn check_number(
    value: Option<&Value>,
    label: &str,
    required: bool,
    max: f64,
) -> std::result::Result<Option<f64>, String> {
    let parsed = match value {
        Some(Value::Number(n)) => n.as_f64(),
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().parse::<f64>().ok(),
        Some(Value::String(_)) | None if required => {
            return Err(format!("{label} is required."));
        }
        Some(Value::String(_)) | None => return Ok(None),
        Some(_) => None,
    };
    match parsed {
        Some(n) if n.is_finite() && (0.0..=max).contains(&n) => Ok(Some(n)),
        Some(n) if n < 0.0 => Err(format!("{label} cannot be negative.")),
        _ => Err(format!("{label} must be a number.")),
    }
}

/// `Yes` or `No` from any case or a boolean; blank reads as `default`; `None` otherwise.
fn check_yes_no(value: Option<&Value>, default: Option<&str>) -> Option<String> {
    let raw = match value {
        Some(Value::String(s)) => Some(s.trim().to_ascii_lowercase()),
        Some(Value::Bool(b)) => Some(if *b { "yes" } else { "no" }.to_owned()),
        _ => None,
    };
    match (raw.as_deref(), default) {
        (Some("yes"), _) => Some("Yes".into()),
        (Some("no"), _) => Some("No".into()),
        (None | Some(""), Some(default)) => Some(default.into()),
        _ => None,
    }
}

fn check_custom(
    question: &CustomQuestion,
    raw: Option<&Value>,
    label: &str,
) -> std::result::Result<Option<Value>, String> {
    let blank = match raw {
        None => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(_) => false,
    };
    if blank {
        return if question.required {
            Err(format!("{label} is required."))
        } else {
            Ok(None)
        };
    }
    let text = || text_of(raw).map_err(|()| format!("{label} must be text."));
    match question.kind {
        QuestionKind::Text => {
            let text = text()?;
            if text.chars().count() > MAX_LONG_TEXT {
                return Err(format!("{label} cannot exceed {MAX_LONG_TEXT} characters."));
            }
            Ok(Some(Value::String(text)))
        }
        QuestionKind::Number => {
            let n = check_number(raw, label, question.required, MAX_CUSTOM_NUMBER)?;
            Ok(n.map(|n| json!(n)))
        }
        QuestionKind::Yesno => check_yes_no(raw, None)
            .map(|a| Some(Value::String(a)))
            .ok_or_else(|| format!("Please choose Yes or No for {label}.")),
        QuestionKind::Choice => {
            let text = text()?;
            question
                .choices
                .iter()
                .find(|c| **c == text)
                .map(|c| Some(Value::String(c.clone())))
                .ok_or_else(|| format!("Please choose one of the listed answers for {label}."))
        }
        QuestionKind::Date => {
            let text = text()?;
            text.parse::<jiff::civil::Date>()
                .map(|_| Some(Value::String(text)))
                .map_err(|_| format!("{label} must be a date (YYYY-MM-DD)."))
        }
    }
}

/// Checks the spec's form as SPEC section 5 says: numbers ≥ 0, every field but
/// `additionalInfo` required, `reasonForLeaving` and `lastWorkingDate` only when not serving
/// notice.
pub fn validate(body: &Value) -> Result<NextStepDetails> {
    validate_with(body, &DetailsFormSettings::spec())
}

/// Checks the form as configured: a question turned off is neither required nor stored (what
/// arrived for it is ignored), an optional one may be blank, and custom answers are checked
/// by kind.
pub fn validate_with(body: &Value, settings: &DetailsFormSettings) -> Result<NextStepDetails> {
    let mut form = Form {
        fields: body.as_object(),
        errors: BTreeMap::new(),
    };
    let ask = |name: &str, label: &str| Ask::of(settings, name, label);
    let total_exp = form.number("totalExp", &ask("totalExp", "Total experience"));
    let relevant_exp = form.number("relevantExp", &ask("relevantExp", "Relevant experience"));
    let current_ctc = form.number("currentCTC", &ask("currentCTC", "Current CTC"));
    let expected_ctc = form.number("expectedCTC", &ask("expectedCTC", "Expected CTC"));
    let notice_period = form.number("noticePeriod", &ask("noticePeriod", "Notice period"));
    let serving_notice = form.yes_no(
        "servingNotice",
        &ask("servingNotice", "serving notice"),
        Some("No"),
    );
    let organization = form.text(
        "organization",
        &ask("organization", "Organization"),
        MAX_TEXT,
    );
    // Not asked reads as the spec's default, No: the leaving questions are then asked.
    let not_serving = serving_notice.as_deref() != Some("Yes");
    let leaving = |name: &str, label: &str| {
        let mut ask = ask(name, label);
        ask.required &= not_serving;
        ask
    };
    let mut reason_for_leaving = form.text(
        "reasonForLeaving",
        &leaving("reasonForLeaving", "Reason for leaving"),
        MAX_LONG_TEXT,
    );
    let last_working = leaving("lastWorkingDate", "Last working date");
    let mut last_working_date = form.text("lastWorkingDate", &last_working, 10);
    if not_serving
        && last_working_date
            .as_deref()
            .is_some_and(|d| !d.is_empty() && d.parse::<jiff::civil::Date>().is_err())
    {
        let label = &last_working.label;
        form.fail(
            "lastWorkingDate",
            format!("{label} must be a date (YYYY-MM-DD)."),
        );
    }
    if !not_serving {
        // Hidden on the form when serving notice: whatever arrived is not an answer.
        for answer in [&mut reason_for_leaving, &mut last_working_date]
            .into_iter()
            .flatten()
        {
            answer.clear();
        }
    }
    let current_location = form.text(
        "currentLocation",
        &ask("currentLocation", "Current location"),
        MAX_TEXT,
    );
    let hometown = form.text("hometown", &ask("hometown", "Hometown"), MAX_TEXT);
    let office = format!("the {} office", settings.office_name);
    let faridabad_office = form.yes_no("faridabadOffice", &ask("faridabadOffice", &office), None);
    let relocate_days = form.number("relocateDays", &ask("relocateDays", "Days to relocate"));
    let skills = form.text("skills", &ask("skills", "Skills"), MAX_LONG_TEXT);
    let additional_info = form.text(
        "additionalInfo",
        &ask("additionalInfo", "Additional information"),
        MAX_LONG_TEXT,
    );
    let custom_answers = settings
        .custom_questions
        .iter()
        .map(|question| form.custom(question))
        .collect();
    if let Some(first) = form.errors.values().next().cloned() {
        return Err(Error::BadRequest {
            code: ErrorCode::InvalidDetails,
            message: first,
            extra: Some(json!({ "fields": form.errors })),
        });
    }
    let unless_spec = |value: &str, spec: &str| Some(value.to_owned()).filter(|v| v != spec);
    Ok(NextStepDetails {
        total_exp,
        relevant_exp,
        current_ctc,
        expected_ctc,
        notice_period,
        serving_notice,
        organization,
        reason_for_leaving,
        last_working_date,
        current_location,
        hometown,
        faridabad_office,
        relocate_days,
        skills,
        additional_info,
        office_name: unless_spec(&settings.office_name, SPEC_OFFICE),
        pay_unit: unless_spec(&settings.pay_unit, SPEC_PAY_UNIT),
        custom_answers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete() -> Value {
        json!({
            "inviteId": "x", "totalExp": 5, "relevantExp": "3.5", "currentCTC": 12.5,
            "expectedCTC": "18", "noticePeriod": 30, "servingNotice": "No",
            "organization": "Acme", "reasonForLeaving": "Growth", "lastWorkingDate": "2026-12-31",
            "currentLocation": "Pune", "hometown": "Nagpur", "faridabadOffice": "Yes",
            "relocateDays": 15, "skills": "Rust, SQL", "additionalInfo": ""
        })
    }

    fn field_errors(body: &Value) -> Value {
        match validate(body) {
            Err(Error::BadRequest {
                extra: Some(extra), ..
            }) => extra["fields"].clone(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_form_is_accepted_with_numbers_from_text() {
        let details = validate(&complete()).expect("valid");
        assert_eq!(details.relevant_exp, Some(3.5));
        assert_eq!(details.expected_ctc, Some(18.0));
        assert_eq!(details.serving_notice.as_deref(), Some("No"));
        assert_eq!(details.last_working_date.as_deref(), Some("2026-12-31"));
    }

    #[test]
    fn numbers_must_be_present_and_not_negative() {
        let mut body = complete();
        body["totalExp"] = json!(-1);
        body["noticePeriod"] = json!("");
        body["currentCTC"] = json!("lots");
        let errors = field_errors(&body);
        assert_eq!(errors["totalExp"], "Total experience cannot be negative.");
        assert_eq!(errors["noticePeriod"], "Notice period is required.");
        assert_eq!(errors["currentCTC"], "Current CTC must be a number.");
    }

    #[test]
    fn reason_and_last_day_are_required_only_when_not_serving_notice() {
        let mut body = complete();
        body["reasonForLeaving"] = json!("");
        body["lastWorkingDate"] = json!("");
        let errors = field_errors(&body);
        assert_eq!(
            errors["reasonForLeaving"],
            "Reason for leaving is required."
        );
        assert_eq!(errors["lastWorkingDate"], "Last working date is required.");
        body["servingNotice"] = json!("Yes");
        let details = validate(&body).expect("valid while serving notice");
        assert_eq!(details.reason_for_leaving.as_deref(), Some(""));
    }

    #[test]
    fn serving_notice_defaults_to_no_but_the_office_question_must_be_answered() {
        let mut body = complete();
        body.as_object_mut().map(|o| o.remove("servingNotice"));
        body.as_object_mut().map(|o| o.remove("faridabadOffice"));
        let errors = field_errors(&body);
        assert!(errors.get("servingNotice").is_none());
        assert_eq!(
            errors["faridabadOffice"],
            "Please choose Yes or No for the Faridabad office."
        );
    }

    #[test]
    fn additional_info_is_optional_and_names_ignore_case() {
        let mut body = complete();
        body.as_object_mut().map(|o| o.remove("additionalInfo"));
        let skills = body["skills"].clone();
        body.as_object_mut().map(|o| o.remove("skills"));
        body["SKILLS"] = skills;
        assert!(validate(&body).is_ok());
    }

    #[test]
    fn the_spec_form_stores_the_same_bytes_as_before_forms_were_configurable() {
        let details = validate(&complete()).expect("valid");
        let stored = serde_json::to_string(&details).expect("serialises");
        assert_eq!(
            stored,
            r#"{"totalExp":5.0,"relevantExp":3.5,"currentCTC":12.5,"expectedCTC":18.0,"noticePeriod":30.0,"servingNotice":"No","organization":"Acme","reasonForLeaving":"Growth","lastWorkingDate":"2026-12-31","currentLocation":"Pune","hometown":"Nagpur","faridabadOffice":"Yes","relocateDays":15.0,"skills":"Rust, SQL","additionalInfo":""}"#
        );
        let saved_spec = DetailsFormSettings::spec().checked().expect("valid");
        assert_eq!(
            validate_with(&complete(), &saved_spec).expect("valid"),
            details
        );
    }
}
