//! Taking in one resume file: its content checked, its contacts read, the file stored and the
//! candidate recorded, queued for analysis. Uploads and the demo loader both come through here.

use hirelane_core::keys::random_token;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{checks, extraction};
use crate::activity::log::Actor;
use crate::candidates::repo::{self, HowRead, NewResume, Recorded, StoredFile};
use crate::candidates::status::{AnalysisStatus, UploadStatus};
use crate::careers::applications::NewApplication;
use crate::error::{Error, ErrorCode, Result};
use crate::jobs::repo::JobRow;
use crate::state::AppState;

/// What happened to one uploaded file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileResult {
    pub file_name: String,
    pub status: UploadStatus,
    pub resume_id: Option<i64>,
    /// Queued or unreadable for accepted files.
    pub analysis_status: Option<AnalysisStatus>,
    /// Why the file was rejected, or why it cannot be analysed.
    pub message: Option<String>,
}

impl FileResult {
    pub(super) fn rejected(file_name: String, message: String) -> FileResult {
        FileResult {
            file_name,
            status: UploadStatus::Rejected,
            resume_id: None,
            analysis_status: None,
            message: Some(message),
        }
    }

    pub(super) fn is_rejected(&self) -> bool {
        self.status == UploadStatus::Rejected
    }
}

/// What reading a resume's text gave: its contacts and text, or why it cannot be analysed.
struct Reading {
    contacts: (String, String, String),
    text: Option<String>,
    status: AnalysisStatus,
    problem: Option<String>,
    how_read: HowRead,
}

/// Who sent a resume.
#[derive(Debug, Clone, Copy)]
pub enum Sender<'a> {
    /// A recruiter's upload (or the demo loader): the contacts are read from the resume.
    Upload(&'a Actor),
    /// A candidate applying on a job page: the contacts are what they typed, and their
    /// application is recorded with them.
    Applicant(&'a Applicant),
}

/// A candidate applying, as their form gave them.
#[derive(Debug, Clone)]
pub struct Applicant {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub application: NewApplication,
}

/// Takes in one resume file: checks its content, reads its contacts, stores it and records
/// the candidate (queued for analysis).
pub async fn accept_resume(
    state: &AppState,
    job: &JobRow,
    name: &str,
    extension: &str,
    bytes: Vec<u8>,
    sender: Sender<'_>,
) -> Result<FileResult> {
    let kind = checks::check_kind(extension, &bytes, true)?;
    let (bytes, mut reading) = read(state, bytes).await?;
    let (actor, application) = match sender {
        Sender::Upload(actor) => (actor.clone(), None),
        Sender::Applicant(applicant) => {
            // The applicant's own words beat anything read from the file.
            reading.contacts = (
                applicant.name.clone(),
                applicant.email.clone(),
                applicant.phone.clone(),
            );
            reading.how_read.name_confidence = Some(1.0);
            (Actor::Candidate, Some(applicant.application.clone()))
        }
    };
    let resume_file_id = random_token(16);
    let key = format!("resumes/{}/{resume_file_id}.{}", job.jdid, kind.extension());
    let size = bytes.len() as i64;
    let sha256 = hex::encode(Sha256::digest(&bytes));
    state
        .files
        .put(&key, bytes)
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    let new = NewResume {
        job_id: job.id,
        name: reading.contacts.0,
        email: reading.contacts.1,
        phone: reading.contacts.2,
        file: StoredFile {
            resume_file_id,
            key: key.clone(),
            name: name.to_owned(),
            kind: kind.extension(),
            size,
            sha256,
        },
        text: reading.text,
        status: reading.status,
        error: reading.problem.clone(),
        how_read: reading.how_read,
        application,
    };
    let recorded = repo::record_resume(&state.db, &new, &actor, state.clock.now()).await;
    if !matches!(recorded, Ok(Recorded::Created(_) | Recorded::Replaced(_))) {
        // No row refers to the file (it failed, or the same bytes were on file already): do
        // not leave it behind.
        if let Err(e) = state.files.delete(&key).await {
            tracing::warn!(error = %e, key, "could not remove the file of an upload not kept");
        }
    }
    let recorded = recorded?;
    Ok(file_result(name, recorded, reading.status, reading.problem))
}

/// Extracts the resume's text in a child process (a file that crashes or stalls the reader only
/// fails itself) and reads its contacts off the async threads; answers the bytes back for storing.
async fn read(state: &AppState, bytes: Vec<u8>) -> Result<(Vec<u8>, Reading)> {
    let extracted = extraction::extract(&state.settings.uploads, &bytes).await?;
    let options = state.parse_options();
    let reading = tokio::task::spawn_blocking(move || reading_of(extracted, &options))
        .await
        .map_err(|e| Error::Internal(anyhow::anyhow!("resume parsing failed: {e}")))??;
    Ok((bytes, reading))
}

/// What the extraction gives for the candidate's row: contacts and text, or why there is none.
fn reading_of(
    extracted: Result<ats::Document, ats::ExtractError>,
    options: &ats::ParseOptions,
) -> Result<Reading> {
    Ok(match extracted {
        Ok(document) => {
            let resume = ats::parse_document(&document, options);
            Reading {
                how_read: HowRead {
                    unreadable_reason: None,
                    ocr: document.ocr,
                    // Two decimals: the f32 widened as is would read 0.4000000059604645.
                    name_confidence: resume
                        .name_confidence
                        .map(|c| (f64::from(c) * 100.0).round() / 100.0),
                },
                contacts: (
                    resume.name.unwrap_or_default(),
                    resume.email.unwrap_or_default().to_lowercase(),
                    resume.phone.unwrap_or_default(),
                ),
                text: Some(document.text),
                status: AnalysisStatus::Queued,
                problem: None,
            }
        }
        Err(ats::ExtractError::Unsupported) => {
            return Err(Error::bad_request(
                ErrorCode::InvalidFormat,
                checks::RESUME_FORMAT,
            ));
        }
        Err(ats::ExtractError::TooLarge) => {
            return Err(Error::bad_request(
                ErrorCode::TooLarge,
                "The file is too large to read (too many pages or too much packed data).",
            ));
        }
        Err(reason) => Reading {
            contacts: Default::default(),
            text: None,
            status: AnalysisStatus::Unreadable,
            problem: Some(unreadable_reason(&reason)),
            how_read: HowRead {
                unreadable_reason: Some(reason.code()),
                ..HowRead::default()
            },
        },
    })
}

fn file_result(
    name: &str,
    recorded: Recorded,
    analysis: AnalysisStatus,
    problem: Option<String>,
) -> FileResult {
    let (status, resume_id, message) = match recorded {
        Recorded::Created(id) => (UploadStatus::Created, id, problem),
        Recorded::Replaced(id) => (
            UploadStatus::Updated,
            id,
            Some(problem.unwrap_or_else(|| {
                "A candidate with this e-mail already applied to this JD; their resume was replaced by this one.".into()
            })),
        ),
        Recorded::Unchanged(id) => {
            return FileResult {
                file_name: name.to_owned(),
                status: UploadStatus::Updated,
                resume_id: Some(id),
                // Their analysis goes on as it was: this upload queued nothing.
                analysis_status: None,
                message: Some(
                    "This resume is already on file for this candidate; nothing changed.".into(),
                ),
            };
        }
    };
    FileResult {
        file_name: name.to_owned(),
        status,
        resume_id: Some(resume_id),
        analysis_status: Some(analysis),
        message,
    }
}

impl AppState {
    /// How resumes are read now: "Present" in a work period means this month in the
    /// organisation's time zone, by the injected clock (not the machine's).
    pub fn parse_options(&self) -> ats::ParseOptions {
        let today = self.today();
        ats::ParseOptions {
            as_of: ats::YearMonth {
                year: u16::try_from(today.year()).unwrap_or(2000),
                month: u8::try_from(today.month()).unwrap_or(1),
            },
            default_region: self.phone_region(),
        }
    }

    /// The configured country for numbers written without one (none when unset or unknown).
    pub fn phone_region(&self) -> Option<ats::Region> {
        ats::Region::new(&self.settings.uploads.default_region)
    }
}

/// A recruiter-readable reason a resume cannot be analysed.
fn unreadable_reason(reason: &ats::ExtractError) -> String {
    match reason {
        ats::ExtractError::Encrypted => {
            "The file is password-protected; ask the candidate for an unprotected copy.".into()
        }
        ats::ExtractError::Empty => "The file is empty; ask the candidate for their resume.".into(),
        ats::ExtractError::NoText => {
            "The file has no selectable text (it looks scanned); review it by hand.".into()
        }
        ats::ExtractError::TimedOut => "The file took too long to read; review it by hand.".into(),
        ats::ExtractError::Corrupt(detail) => {
            format!("The file is damaged ({detail}); ask the candidate for a new copy.")
        }
        other => format!("The file could not be read: {other}."),
    }
}
