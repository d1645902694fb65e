//! Applying to a published job: reading the form, its checks and the abuse limits, and taking
//! the application in through the same intake as a recruiter's upload. The job page's form and
//! the public API both come through here.
//!
//! Nothing is stored until every check passed. A bot that fills the honeypot is answered like
//! anyone else and nothing is stored. A second application from an address to the same job
//! replaces the first only once the address's owner confirms it (see [`super::reapply`]).

use axum::extract::Multipart;
use axum::extract::multipart::Field;
use jiff::SignedDuration;

use super::applications::{NewApplication, Notice};
use super::organisation;
use super::published::{self, PublishedJob};
use super::reapply;
use crate::auth::recruiters::normalize_email;
use crate::candidates::intake::accept::{Applicant, Sender, accept_resume};
use crate::candidates::intake::checks;
use crate::candidates::portal_link::application_link;
use crate::error::{Error, ErrorCode, Result};
use crate::fairness::self_id::{self, Answers};
use crate::fetch_scalar;
use crate::http::ClientIp;
use crate::jobs::repo::{self as jobs, JobKey, JobRow};
use crate::mail;
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

pub const MAX_NAME: usize = 200;
pub const MAX_PHONE: usize = 40;
pub const MAX_NOTE: usize = 2000;
/// A text field longer than this in bytes is not a person typing.
const MAX_TEXT_BYTES: usize = 16 * 1024;
/// The form has nine fields; a request with many more is not our form.
const MAX_FIELDS: usize = 20;

/// The form as sent. Field names: `fullName`, `email`, `phone`, `note`, `consent`, `website`
/// (the honeypot), `resume` (the file) and the voluntary self-identification, `sex` and `race`.
#[derive(Debug, Default, Clone)]
pub struct ApplicationForm {
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub note: String,
    pub consent: bool,
    /// A field people never see (it is off-screen and skipped by the keyboard): only bots fill
    /// it in.
    pub website: String,
    pub resume: Option<ResumeFile>,
    pub sex: String,
    pub race: String,
}

#[derive(Debug, Clone)]
pub struct ResumeFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A form read as far as it could be, and what stopped it (a file over the cap, a broken
/// upload), so a page can show the error with the fields kept.
pub struct ReadForm {
    pub form: ApplicationForm,
    pub problem: Option<Error>,
}

/// Reads the multipart form: text fields are capped, the file is refused as soon as it passes
/// the upload cap while it streams in.
pub async fn read_form(multipart: &mut Multipart, max_file_bytes: usize) -> ReadForm {
    let mut form = ApplicationForm::default();
    let problem = read_fields(multipart, max_file_bytes, &mut form)
        .await
        .err();
    ReadForm { form, problem }
}

async fn read_fields(
    multipart: &mut Multipart,
    max_file_bytes: usize,
    form: &mut ApplicationForm,
) -> Result<()> {
    let mut fields = 0;
    while let Some(mut field) = multipart.next_field().await.map_err(unreadable)? {
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(invalid("The form has too many fields."));
        }
        let name = field.name().unwrap_or_default().to_owned();
        if name == "resume" {
            if form.resume.is_some() {
                return Err(invalid("Please attach one resume."));
            }
            let file_name = field.file_name().unwrap_or_default().to_owned();
            let bytes = checks::read_capped(&mut field, max_file_bytes).await?;
            // A file input left empty still sends a part with no name and no bytes.
            if !(file_name.is_empty() && bytes.is_empty()) {
                form.resume = Some(ResumeFile {
                    name: file_name,
                    bytes,
                });
            }
            continue;
        }
        let value = text_of(&mut field).await?;
        match name.as_str() {
            "fullName" => form.full_name = value,
            "email" => form.email = value,
            "phone" => form.phone = value,
            "note" => form.note = value,
            "consent" => form.consent = matches!(value.as_str(), "on" | "true" | "yes" | "1"),
            "website" => form.website = value,
            "sex" => form.sex = value,
            "race" => form.race = value,
            _ => {}
        }
    }
    Ok(())
}

async fn text_of(field: &mut Field<'_>) -> Result<String> {
    let bytes = checks::read_capped(field, MAX_TEXT_BYTES)
        .await
        .map_err(|err| match err {
            Error::PayloadTooLarge { .. } => invalid("A field of the form is too long."),
            // A body cut off mid-field says so (from `read_capped`), not that it was too long.
            other => other,
        })?;
    String::from_utf8(bytes).map_err(|_| invalid("The form could not be read."))
}

fn unreadable(e: axum::extract::multipart::MultipartError) -> Error {
    Error::bad_request(
        ErrorCode::InvalidUpload,
        format!("The form could not be read: {e}"),
    )
}

fn invalid(message: impl Into<String>) -> Error {
    Error::bad_request(ErrorCode::Validation, message)
}

/// What became of an application.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A new candidate of the job, queued for analysis; a receipt was e-mailed.
    Received,
    /// The address had applied to this job before: the new application waits for its owner to
    /// confirm it from the e-mail just sent.
    ConfirmationSent,
    /// The honeypot was filled in: answered as a success, nothing stored.
    Ignored,
}

/// The checked form.
struct Checked {
    name: String,
    email: String,
    phone: String,
    note: String,
    resume: ResumeFile,
    extension: String,
}

/// Takes in an application to the published job at `slug`.
pub async fn apply(
    state: &AppState,
    slug: &str,
    form: ApplicationForm,
    client: &ClientIp,
) -> Result<Outcome> {
    let job = open_job(state, slug).await?;
    if !form.website.trim().is_empty() {
        tracing::info!(slug, "application with the honeypot filled in: ignored");
        return Ok(Outcome::Ignored);
    }
    let settings = &state.settings.careers;
    let now = state.clock.now();
    rate_limit::hit(
        &state.db,
        &format!("apply-ip:{}", client.0),
        Limit {
            max: settings.applications_per_ip_per_hour,
            window: SignedDuration::from_hours(1),
        },
        now,
    )
    .await
    .map_err(too_many(FROM_HERE))?;
    let set = self_id::category_set(state.settings.fairness.self_identification);
    let answers = Answers::from_form(&form.sex, &form.race);
    answers.check(set)?;
    let mut checked = check(form)?;
    // One format in the lists whatever was typed: E.164 where the country is known.
    checked.phone = ats::normalize_typed_phone(&checked.phone, state.phone_region());
    rate_limit::hit(
        &state.db,
        &format!("apply-email:{}", checked.email),
        Limit {
            max: settings.applications_per_email_per_day,
            window: SignedDuration::from_hours(24),
        },
        now,
    )
    .await
    .map_err(too_many(FOR_THIS_ADDRESS))?;
    let row = jobs::find(&state.db, &JobKey::Id(job.job_id))
        .await?
        .ok_or_else(not_open)?;
    let consent = Notice::current(settings).consent();
    if let Some(candidate_id) = existing_candidate(state, job.job_id, &checked.email).await? {
        let pending = reapply::Pending {
            candidate_id,
            full_name: &checked.name,
            phone: &checked.phone,
            note: &checked.note,
            consent: &consent,
            file_name: &checked.resume.name,
            extension: &checked.extension,
            bytes: checked.resume.bytes,
        };
        reapply::hold(state, &job, &checked.email, pending).await?;
        return Ok(Outcome::ConfirmationSent);
    }
    let applicant = Applicant {
        name: checked.name,
        email: checked.email,
        phone: checked.phone,
        application: NewApplication {
            note: checked.note,
            consent,
        },
    };
    let resume = checked.resume;
    let result = accept_resume(
        state,
        &row,
        &resume.name,
        &checked.extension,
        resume.bytes,
        Sender::Applicant(&applicant),
    )
    .await?;
    state.analysis.wake();
    if let Some(candidate_id) = result.resume_id {
        if let Some(set) = set.filter(|_| !answers.is_empty()) {
            // Checked above; the application stands if this write fails (it is voluntary, and
            // the candidate can give it again from their page).
            if let Err(err) = self_id::save(&state.db, candidate_id, set, &answers, now).await {
                tracing::warn!(error = %err, candidate = candidate_id, "self-identification not stored");
            }
        }
        send_receipt(state, &row, candidate_id, &applicant).await;
    }
    Ok(Outcome::Received)
}

/// The published job at `slug`, still taking applications.
async fn open_job(state: &AppState, slug: &str) -> Result<PublishedJob> {
    let job = published::by_slug(&state.db, slug)
        .await?
        .ok_or_else(not_open)?;
    if !job.is_open(state.today()) {
        return Err(Error::Conflict {
            code: ErrorCode::ApplicationsClosed,
            message: "Applications for this job are closed.".into(),
        });
    }
    Ok(job)
}

fn not_open() -> Error {
    Error::not_found(
        ErrorCode::NotFound,
        "This job is not open for applications.",
    )
}

/// The per-client limit's words.
const FROM_HERE: &str = "Too many applications were sent from here. Please try again later.";
/// The per-address limit's: it is not about where the applicant is, so saying "from here"
/// would send them to another network for nothing.
const FOR_THIS_ADDRESS: &str =
    "Too many applications were sent with this e-mail address today. Please try again tomorrow.";

/// A limit's refusal in its own words.
fn too_many(message: &'static str) -> impl Fn(Error) -> Error {
    move |err| match err {
        Error::TooManyRequests {
            code,
            retry_after_seconds,
            ..
        } => Error::TooManyRequests {
            code,
            message: message.into(),
            retry_after_seconds,
        },
        other => other,
    }
}

/// The form's rules, in the order the page shows its fields.
fn check(form: ApplicationForm) -> Result<Checked> {
    let name = form.full_name.trim().to_owned();
    if name.is_empty() {
        return Err(invalid("Please enter your full name."));
    }
    if name.chars().count() > MAX_NAME {
        return Err(invalid(format!(
            "Your name cannot exceed {MAX_NAME} characters."
        )));
    }
    let email = normalize_email(&form.email)
        .map_err(|_| invalid("Please enter a valid e-mail address."))?;
    let phone = form.phone.trim().to_owned();
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    if phone.chars().count() > MAX_PHONE
        || !(7..=15).contains(&digits)
        || !phone
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-' | '(' | ')' | '.'))
    {
        return Err(invalid("Please enter a phone number we can reach you on."));
    }
    let note = form.note.trim().to_owned();
    if note.chars().count() > MAX_NOTE {
        return Err(invalid(format!(
            "The note cannot exceed {MAX_NOTE} characters."
        )));
    }
    let Some(resume) = form.resume else {
        return Err(invalid("Please attach your resume (PDF or DOCX)."));
    };
    let extension = checks::check_file_name(&resume.name)?;
    checks::check_kind(&extension, &resume.bytes, true)?;
    if !form.consent {
        return Err(Error::bad_request(
            ErrorCode::ConsentRequired,
            "Please agree to the privacy notice to apply.",
        ));
    }
    Ok(Checked {
        name,
        email,
        phone,
        note,
        resume,
        extension,
    })
}

/// The candidate of the job with this address, if there is one.
async fn existing_candidate(state: &AppState, job_id: i64, email: &str) -> Result<Option<i64>> {
    Ok(fetch_scalar!(
        &state.db,
        fetch_optional,
        "SELECT id FROM candidates WHERE job_id = $1 AND candidate_email = $2",
        (job_id, email)
    )?)
}

/// E-mails the applicant a receipt with the link to their application. The application stands
/// if the e-mail fails; the failure is logged.
async fn send_receipt(state: &AppState, job: &JobRow, candidate_id: i64, applicant: &Applicant) {
    let sent = async {
        let link = application_link(state, candidate_id).await?;
        let organization = organisation::name(state).await;
        let email =
            mail::application_received(&job.jdname, &organization).with_application_link(&link);
        state
            .mailer
            .send(&applicant.email, email)
            .await
            .map_err(|e| Error::Internal(e.into()))
    }
    .await;
    if let Err(err) = sent {
        tracing::warn!(error = %err, candidate = candidate_id, "application receipt not sent");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ApplicationForm {
        ApplicationForm {
            full_name: " Siobhán Ó Briain ".into(),
            email: "Siobhan@Example.IE".into(),
            phone: "+353 87 123 4567".into(),
            note: String::new(),
            consent: true,
            website: String::new(),
            resume: Some(ResumeFile {
                name: "cv.pdf".into(),
                bytes: b"%PDF-1.7\n".to_vec(),
            }),
            sex: String::new(),
            race: String::new(),
        }
    }

    fn refused(form: ApplicationForm) -> String {
        check(form).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn a_good_form_passes_with_its_values_cleaned() {
        let checked = check(form()).expect("valid");
        assert_eq!(checked.name, "Siobhán Ó Briain");
        assert_eq!(checked.email, "siobhan@example.ie");
        assert_eq!(checked.extension, "pdf");
    }

    /// A change to a good form, and the message it must get.
    type Case = (fn(&mut ApplicationForm), &'static str);

    #[test]
    fn each_rule_says_what_to_fix() {
        let cases: [Case; 8] = [
            (
                |f| f.full_name = "  ".into(),
                "Please enter your full name.",
            ),
            (
                |f| f.email = "not-an-address".into(),
                "Please enter a valid e-mail address.",
            ),
            (
                |f| f.phone = "12".into(),
                "Please enter a phone number we can reach you on.",
            ),
            (
                |f| f.phone = "call me maybe 555 1234".into(),
                "Please enter a phone number we can reach you on.",
            ),
            (
                |f| f.note = "x".repeat(MAX_NOTE + 1),
                "The note cannot exceed 2000 characters.",
            ),
            (
                |f| f.resume = None,
                "Please attach your resume (PDF or DOCX).",
            ),
            (
                |f| {
                    f.resume = Some(ResumeFile {
                        name: "cv.pdf".into(),
                        bytes: b"MZ\x90".to_vec(),
                    })
                },
                checks::RESUME_FORMAT,
            ),
            (
                |f| f.consent = false,
                "Please agree to the privacy notice to apply.",
            ),
        ];
        for (change, message) in cases {
            let mut f = form();
            change(&mut f);
            assert_eq!(refused(f), message);
        }
    }
}
