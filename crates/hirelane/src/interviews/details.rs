//! The next-step details form (SPEC sections 3 and 5): what a candidate tells the recruiter
//! before the interview. Numbers arrive as JSON numbers or as the text a number input holds.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Value, json};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::error::{Error, ErrorCode, Result};

const MAX_TEXT: usize = 500;
const MAX_LONG_TEXT: usize = 2000;
/// Far beyond any real experience, CTC or notice period; keeps typos like 1e300 out.
const MAX_NUMBER: f64 = 100_000.0;

/// The stored answers.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextStepDetails {
    /// Years.
    pub total_exp: f64,
    /// Years.
    pub relevant_exp: f64,
    /// Lakh per annum.
    #[serde(rename = "currentCTC")]
    pub current_ctc: f64,
    /// Lakh per annum.
    #[serde(rename = "expectedCTC")]
    pub expected_ctc: f64,
    /// Days.
    pub notice_period: f64,
    /// `Yes` or `No`.
    pub serving_notice: String,
    pub organization: String,
    /// Only when not serving notice.
    pub reason_for_leaving: String,
    /// `YYYY-MM-DD`; only when not serving notice.
    pub last_working_date: String,
    pub current_location: String,
    pub hometown: String,
    /// `Yes` or `No`.
    pub faridabad_office: String,
    /// Days.
    pub relocate_days: f64,
    pub skills: String,
    pub additional_info: String,
}

/// The form as the page posts it (field names in any case). A schema only: the handler reads
/// the body as JSON so that one bad field does not hide the others.
#[allow(dead_code)]
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsForm {
    /// The invite's token.
    invite_id: String,
    total_exp: NumberOrText,
    relevant_exp: NumberOrText,
    #[serde(rename = "currentCTC")]
    current_ctc: NumberOrText,
    #[serde(rename = "expectedCTC")]
    expected_ctc: NumberOrText,
    notice_period: NumberOrText,
    /// `No` when absent.
    serving_notice: Option<YesNo>,
    #[schema(max_length = 500)]
    organization: String,
    /// Required when not serving notice.
    #[schema(max_length = 2000)]
    reason_for_leaving: Option<String>,
    /// `YYYY-MM-DD`; required when not serving notice.
    #[schema(max_length = 10)]
    last_working_date: Option<String>,
    #[schema(max_length = 500)]
    current_location: String,
    #[schema(max_length = 500)]
    hometown: String,
    faridabad_office: YesNo,
    relocate_days: NumberOrText,
    #[schema(max_length = 2000)]
    skills: String,
    #[schema(max_length = 2000)]
    additional_info: Option<String>,
}

/// A number from 0 to 100000, as a JSON number or the text a number input holds.
pub struct NumberOrText;

impl PartialSchema for NumberOrText {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .minimum(Some(0.0))
                    .maximum(Some(MAX_NUMBER)),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .min_length(Some(1)),
            )
            .description(Some(
                "A number from 0 to 100000, as a JSON number or numeric text",
            ))
            .into()
    }
}

impl ToSchema for NumberOrText {}

/// `Yes` or `No` in any case, or a boolean.
pub struct YesNo;

impl PartialSchema for YesNo {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some("^\\s*([Yy][Ee][Ss]|[Nn][Oo])\\s*$")),
            )
            .item(ObjectBuilder::new().schema_type(Type::Boolean))
            .description(Some("`Yes` or `No` in any case, or a boolean"))
            .into()
    }
}

impl ToSchema for YesNo {}

/// Field lookup that ignores case, like every other body the API reads.
struct Form<'a> {
    fields: Option<&'a serde_json::Map<String, Value>>,
    errors: BTreeMap<&'static str, String>,
}

impl<'a> Form<'a> {
    fn get(&self, name: &str) -> Option<&'a Value> {
        self.fields?
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
            .filter(|v| !v.is_null())
    }

    fn text(&mut self, name: &'static str, label: &str, required: bool, max: usize) -> String {
        let value = match self.get(name) {
            Some(Value::String(s)) => s.trim().to_owned(),
            Some(Value::Number(n)) => n.to_string(),
            Some(_) => {
                self.errors.insert(name, format!("{label} must be text."));
                return String::new();
            }
            None => String::new(),
        };
        if required && value.is_empty() {
            self.errors.insert(name, format!("{label} is required."));
        } else if value.chars().count() > max {
            self.errors
                .insert(name, format!("{label} cannot exceed {max} characters."));
        }
        value
    }

    fn number(&mut self, name: &'static str, label: &str) -> f64 {
        let parsed = match self.get(name) {
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) if !s.trim().is_empty() => s.trim().parse::<f64>().ok(),
            Some(Value::String(_)) | None => {
                self.errors.insert(name, format!("{label} is required."));
                return 0.0;
            }
            Some(_) => None,
        };
        match parsed {
            Some(n) if n.is_finite() && (0.0..=MAX_NUMBER).contains(&n) => n,
            Some(n) if n < 0.0 => {
                self.errors
                    .insert(name, format!("{label} cannot be negative."));
                0.0
            }
            _ => {
                self.errors
                    .insert(name, format!("{label} must be a number."));
                0.0
            }
        }
    }

    fn yes_no(&mut self, name: &'static str, label: &str, default: Option<&str>) -> String {
        let raw = match self.get(name) {
            Some(Value::String(s)) => Some(s.trim().to_ascii_lowercase()),
            Some(Value::Bool(b)) => Some(if *b { "yes" } else { "no" }.to_owned()),
            _ => None,
        };
        match (raw.as_deref(), default) {
            (Some("yes"), _) => "Yes".into(),
            (Some("no"), _) => "No".into(),
            (None | Some(""), Some(default)) => default.into(),
            _ => {
                self.errors
                    .insert(name, format!("Please choose Yes or No for {label}."));
                String::new()
            }
        }
    }
}

/// Checks the form as SPEC section 5 says: numbers ≥ 0, every field but `additionalInfo`
/// required, `reasonForLeaving` and `lastWorkingDate` only when not serving notice.
pub fn validate(body: &Value) -> Result<NextStepDetails> {
    let mut form = Form {
        fields: body.as_object(),
        errors: BTreeMap::new(),
    };
    let total_exp = form.number("totalExp", "Total experience");
    let relevant_exp = form.number("relevantExp", "Relevant experience");
    let current_ctc = form.number("currentCTC", "Current CTC");
    let expected_ctc = form.number("expectedCTC", "Expected CTC");
    let notice_period = form.number("noticePeriod", "Notice period");
    let serving_notice = form.yes_no("servingNotice", "serving notice", Some("No"));
    let organization = form.text("organization", "Organization", true, MAX_TEXT);
    let not_serving = serving_notice == "No";
    let mut reason_for_leaving = form.text(
        "reasonForLeaving",
        "Reason for leaving",
        not_serving,
        MAX_LONG_TEXT,
    );
    let mut last_working_date = form.text("lastWorkingDate", "Last working date", not_serving, 10);
    if not_serving
        && !last_working_date.is_empty()
        && last_working_date.parse::<jiff::civil::Date>().is_err()
    {
        form.errors.insert(
            "lastWorkingDate",
            "Last working date must be a date (YYYY-MM-DD).".into(),
        );
    }
    if !not_serving {
        // Hidden on the form when serving notice: whatever arrived is not an answer.
        reason_for_leaving.clear();
        last_working_date.clear();
    }
    let current_location = form.text("currentLocation", "Current location", true, MAX_TEXT);
    let hometown = form.text("hometown", "Hometown", true, MAX_TEXT);
    let faridabad_office = form.yes_no("faridabadOffice", "the Faridabad office", None);
    let relocate_days = form.number("relocateDays", "Days to relocate");
    let skills = form.text("skills", "Skills", true, MAX_LONG_TEXT);
    let additional_info = form.text(
        "additionalInfo",
        "Additional information",
        false,
        MAX_LONG_TEXT,
    );
    if let Some(first) = form.errors.values().next().cloned() {
        return Err(Error::BadRequest {
            code: ErrorCode::InvalidDetails,
            message: first,
            extra: Some(json!({ "fields": form.errors })),
        });
    }
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
        assert_eq!(details.relevant_exp, 3.5);
        assert_eq!(details.expected_ctc, 18.0);
        assert_eq!(details.serving_notice, "No");
        assert_eq!(details.last_working_date, "2026-12-31");
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
        assert_eq!(details.reason_for_leaving, "");
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
}
