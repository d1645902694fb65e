//! The crate's one error type.

use serde::{Deserialize, Serialize};

/// Why a document yielded no usable text. Each variant maps to a stable machine code
/// ([`ExtractError::code`]) that the server stores as the resume's `analysisStatus`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "code", content = "detail", rename_all = "camelCase")]
pub enum ExtractError {
    /// The file is password-protected and cannot be read without the password.
    #[error("the file is password-protected")]
    Encrypted,
    /// The file claims a known format but is damaged or malformed.
    #[error("the file is damaged: {0}")]
    Corrupt(String),
    /// Not a PDF, DOCX or plain-text file (images, legacy .doc, other archives).
    #[error("unsupported file type (expected PDF, DOCX or plain text)")]
    Unsupported,
    /// Too little text to be a resume: usually a scanned or image-only file.
    #[error("no readable text: the file looks scanned or image-only")]
    NoText,
    /// A text file or DOCX with no text and no pictures at all: nothing to scan, nothing to read.
    #[error("the document is empty")]
    Empty,
    /// Over the size, page or decompressed-size limit.
    #[error("the file is larger than the allowed limit")]
    TooLarge,
    /// Extraction ran past its time budget.
    #[error("extraction took longer than the time budget")]
    TimedOut,
}

impl ExtractError {
    /// The reason as a stable lower-case code for storage, APIs and the CLI: `damaged`,
    /// `password_protected`, `unsupported`, `scanned` (no text layer), `empty`, `too_large`,
    /// `timed_out`. All of them mean the resume is `unreadable`.
    pub fn code(&self) -> &'static str {
        match self {
            ExtractError::Encrypted => "password_protected",
            ExtractError::Corrupt(_) => "damaged",
            ExtractError::Unsupported => "unsupported",
            ExtractError::NoText => "scanned",
            ExtractError::Empty => "empty",
            ExtractError::TooLarge => "too_large",
            ExtractError::TimedOut => "timed_out",
        }
    }
}
