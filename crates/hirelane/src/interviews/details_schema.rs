//! The next-step details form as the page posts it, for the API document only: the handler
//! reads the body as JSON so that one bad field does not hide the others
//! ([`super::details::validate_with`]).

use std::collections::BTreeMap;

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use super::details::MAX_NUMBER;

/// The form as the page posts it (field names in any case). The spec's form requires every
/// field but `additionalInfo` (and the leaving details while serving notice); a form an admin
/// configured requires what it asks as required (`GET /Interview/DetailsForm/{inviteId}`), and
/// what it does not ask may be left out. A schema only: the handler reads the body as JSON so
/// that one bad field does not hide the others.
#[allow(dead_code)]
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsForm {
    /// The invite's token.
    invite_id: String,
    total_exp: Option<NumberOrText>,
    relevant_exp: Option<NumberOrText>,
    #[serde(rename = "currentCTC")]
    current_ctc: Option<NumberOrText>,
    #[serde(rename = "expectedCTC")]
    expected_ctc: Option<NumberOrText>,
    notice_period: Option<NumberOrText>,
    /// `No` when absent.
    serving_notice: Option<YesNo>,
    #[schema(max_length = 500)]
    organization: Option<String>,
    /// Required when not serving notice.
    #[schema(max_length = 2000)]
    reason_for_leaving: Option<String>,
    /// `YYYY-MM-DD`; required when not serving notice.
    #[schema(max_length = 10)]
    last_working_date: Option<String>,
    #[schema(max_length = 500)]
    current_location: Option<String>,
    #[schema(max_length = 500)]
    hometown: Option<String>,
    faridabad_office: Option<YesNo>,
    relocate_days: Option<NumberOrText>,
    #[schema(max_length = 2000)]
    skills: Option<String>,
    #[schema(max_length = 2000)]
    additional_info: Option<String>,
    /// Answers to the custom questions by their id (see `GET /Interview/DetailsForm`).
    custom_answers: Option<BTreeMap<String, AnswerValue>>,
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

/// An answer to a custom question: text, `Yes`/`No`, a `YYYY-MM-DD` date, or a number.
pub struct AnswerValue;

impl PartialSchema for AnswerValue {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .description(Some(
                "Text (text, choice), `Yes` or `No` (yesno), `YYYY-MM-DD` (date) or a number",
            ))
            .into()
    }
}

impl ToSchema for AnswerValue {}
