//! The organisation's decision e-mails: a template per kind (rejection, advance), editable by
//! admins in Settings, with the variables `{{candidateName}}` and `{{jobTitle}}`.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso, to_millis};
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::auth::{Admin, Recruiter};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::mail::{Email, parts};
use crate::state::AppState;
use crate::store::Db;
use crate::{execute, fetch_as};

/// The variables a template may use.
pub const VARIABLES: [&str; 2] = ["candidateName", "jobTitle"];
pub const MAX_SUBJECT: usize = 200;
pub const MAX_BODY: usize = 5000;

/// Which decision a template announces.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum TemplateKind {
    /// Sent with a rejection.
    Rejection,
    /// Sent when a candidate moves on (Shortlisted, Offer, Hired).
    Advance,
}

stored_text!(TemplateKind);

impl TemplateKind {
    fn default_text(self) -> (&'static str, &'static str) {
        match self {
            TemplateKind::Rejection => (
                "Your application for {{jobTitle}}",
                "Dear {{candidateName}},\n\nThank you for your interest in the {{jobTitle}} role \
                 and for the time you gave us. After careful consideration we have decided not \
                 to move forward with your application.\n\nWe wish you every success.\n\nThe \
                 hiring team",
            ),
            TemplateKind::Advance => (
                "Next steps for {{jobTitle}}",
                "Dear {{candidateName}},\n\nGood news: we would like to move your application \
                 for the {{jobTitle}} role forward. We will be in touch shortly with the next \
                 steps.\n\nThe hiring team",
            ),
        }
    }
}

/// A decision e-mail's template.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailTemplate {
    pub kind: TemplateKind,
    pub subject: String,
    pub body: String,
    /// Null while the built-in text is in use.
    pub updated_at: Option<String>,
    pub updated_by: Option<String>,
}

/// The text of a template before its variables are filled.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateText {
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    pub subject: String,
    #[serde(default)]
    #[schema(required = true, max_length = 5000)]
    pub body: String,
}

/// Checks a template's text: both parts present, within bounds, only known variables.
pub fn validate(text: &TemplateText) -> Result<()> {
    let invalid = |message: String| Error::bad_request(ErrorCode::InvalidTemplate, message);
    if text.subject.trim().is_empty() || text.body.trim().is_empty() {
        return Err(invalid("The e-mail needs a subject and a body.".to_owned()));
    }
    if text.subject.chars().count() > MAX_SUBJECT {
        return Err(invalid(format!(
            "The subject cannot exceed {MAX_SUBJECT} characters."
        )));
    }
    if text.body.chars().count() > MAX_BODY {
        return Err(invalid(format!(
            "The body cannot exceed {MAX_BODY} characters."
        )));
    }
    for part in [&text.subject, &text.body] {
        if let Some(unknown) = variables_in(part).find(|v| !VARIABLES.contains(v)) {
            return Err(invalid(format!(
                "Unknown variable {{{{{unknown}}}}}: use {{{{candidateName}}}} or {{{{jobTitle}}}}."
            )));
        }
    }
    Ok(())
}

/// The names between `{{` and `}}` in `text`, trimmed.
fn variables_in(text: &str) -> impl Iterator<Item = &str> {
    text.split("{{")
        .skip(1)
        .map(|rest| rest.split_once("}}").map_or(rest, |(name, _)| name).trim())
}

/// Fills the variables; the values are plain text (the HTML part escapes them).
pub fn render(text: &TemplateText, candidate_name: &str, job_title: &str) -> Email {
    let fill = |part: &str| {
        crate::placeholders::fill(part, |name| match name {
            "candidateName" => Some(candidate_name),
            "jobTitle" => Some(job_title),
            _ => None,
        })
    };
    let subject = fill(&text.subject).replace(['\r', '\n'], " ");
    let body = fill(&text.body);
    let message = Decision { body: &body };
    Email::rendered(
        subject,
        &DecisionHtml { message: &message },
        &DecisionText { message: &message },
    )
}

/// A decision e-mail's filled text: paragraphs at blank lines, single line breaks kept.
struct Decision<'a> {
    body: &'a str,
}

parts!(
    Decision,
    DecisionHtml = "mail/decision.html",
    DecisionText = "mail/decision.txt"
);

#[derive(sqlx::FromRow)]
struct TemplateRow {
    #[sqlx(try_from = "String")]
    kind: TemplateKind,
    subject: String,
    body: String,
    updated_at: i64,
    updated_by: Option<String>,
}

/// Every template, the built-in text where none was saved.
pub async fn all(db: &Db) -> Result<Vec<EmailTemplate>> {
    let rows: Vec<TemplateRow> = fetch_as!(
        db,
        fetch_all,
        "SELECT t.kind, t.subject, t.body, t.updated_at, r.full_name AS updated_by
         FROM email_templates t LEFT JOIN recruiters r ON r.id = t.updated_by"
    )?;
    Ok(TemplateKind::VARIANTS
        .iter()
        .map(|&kind| match rows.iter().find(|r| r.kind == kind) {
            Some(row) => EmailTemplate {
                kind,
                subject: row.subject.clone(),
                body: row.body.clone(),
                updated_at: Some(to_iso(from_millis(row.updated_at))),
                updated_by: row.updated_by.clone(),
            },
            None => {
                let (subject, body) = kind.default_text();
                EmailTemplate {
                    kind,
                    subject: subject.to_owned(),
                    body: body.to_owned(),
                    updated_at: None,
                    updated_by: None,
                }
            }
        })
        .collect())
}

async fn save(
    db: &Db,
    kind: TemplateKind,
    text: &TemplateText,
    recruiter_id: i64,
    now: Timestamp,
) -> Result<()> {
    execute!(
        db,
        "INSERT INTO email_templates (kind, subject, body, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (kind) DO UPDATE SET subject = $2, body = $3, updated_at = $4,
            updated_by = $5",
        (
            kind.as_str(),
            text.subject.trim(),
            text.body.trim(),
            to_millis(now),
            recruiter_id
        )
    )?;
    Ok(())
}

/// The decision e-mail templates.
#[utoipa::path(
    get, path = "/Settings/EmailTemplates", tag = "pipeline", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<EmailTemplate>, description = "The rejection and advance templates"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn email_templates(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<EmailTemplate>>> {
    all(&state.db).await.map(Json)
}

/// A template as an admin saves it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveTemplateBody {
    #[schema(required = true)]
    kind: TemplateKind,
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    subject: String,
    #[serde(default)]
    #[schema(required = true, max_length = 5000)]
    body: String,
}

/// Saves a decision e-mail template (admins only).
#[utoipa::path(
    put, path = "/Settings/EmailTemplates", tag = "pipeline", security(("bearer" = [])),
    request_body = SaveTemplateBody,
    responses(
        (status = 200, body = Vec<EmailTemplate>, description = "Every template, this one saved"),
        (status = 400, body = ErrorBody, description = "A missing part, too long, or an unknown variable (`invalid_template`)"),
        (status = 403, body = ErrorBody, description = "Only admins edit templates (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn save_email_template(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Json(body): Json<SaveTemplateBody>,
) -> Result<Json<Vec<EmailTemplate>>> {
    let text = TemplateText {
        subject: body.subject,
        body: body.body,
    };
    validate(&text)?;
    save(&state.db, body.kind, &text, admin.id, state.clock.now()).await?;
    tracing::info!(
        kind = body.kind.as_str(),
        recruiter_id = admin.id,
        "e-mail template saved"
    );
    all(&state.db).await.map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(subject: &str, body: &str) -> TemplateText {
        TemplateText {
            subject: subject.to_owned(),
            body: body.to_owned(),
        }
    }

    #[test]
    fn kinds_read_back_and_unknown_text_is_refused() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<TemplateKind>(),
            Ok(())
        );
        for kind in TemplateKind::VARIANTS {
            assert_eq!(serde_json::to_value(kind).expect("json"), kind.as_str());
        }
    }

    #[test]
    fn only_known_variables_are_accepted() {
        assert!(validate(&text("Hi {{ candidateName }}", "{{jobTitle}}")).is_ok());
        let err = validate(&text("Hi", "Salary {{salary}}")).expect_err("unknown");
        assert!(err.to_string().contains("{{salary}}"), "{err}");
        assert!(validate(&text(" ", "body")).is_err());
    }

    #[test]
    fn rendering_fills_variables_and_escapes_html() {
        let email = render(
            &text(
                "{{jobTitle}}\r\nBcc: x",
                "Dear {{candidateName}},\n\nBye {{ unclosed",
            ),
            "Ana <b>",
            "Rust Engineer",
        );
        assert_eq!(email.subject, "Rust Engineer  Bcc: x");
        assert!(email.text.starts_with("Dear Ana <b>,"));
        assert!(email.text.contains("{{ unclosed"));
        assert!(email.html.contains("Ana &#60;b&#62;"));
    }
}
