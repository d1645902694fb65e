//! What an uploaded file must be before anything is stored: a sane name (the spec's rules and
//! messages), the right kind for the JD by content (magic bytes), and no larger than the cap,
//! enforced while the bytes stream in.

use axum::extract::multipart::Field;

use crate::error::{Error, ErrorCode, Result};

/// The kinds of file a JD accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Docx,
    Csv,
}

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Pdf => "pdf",
            FileKind::Docx => "docx",
            FileKind::Csv => "csv",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            FileKind::Pdf => "application/pdf",
            FileKind::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            FileKind::Csv => "text/csv; charset=utf-8",
        }
    }
}

pub const RESUME_FORMAT: &str = "Invalid file format. Please upload a PDF or DOCX file.";
pub const CSV_FORMAT: &str = "Invalid file format. Please upload a CSV file.";

/// The spec's file-name rules; returns the lower-cased extension.
pub fn check_file_name(name: &str) -> Result<String> {
    let invalid = |message: &str| Error::bad_request(ErrorCode::InvalidFile, message);
    if name.trim().is_empty() {
        return Err(invalid("Invalid file name."));
    }
    if name
        .chars()
        .any(|c| matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*') || c.is_control())
    {
        return Err(invalid("File name contains invalid characters."));
    }
    match name.rfind('.') {
        Some(dot) if dot > 0 && dot < name.len() - 1 && !name[..dot].trim().is_empty() => {
            Ok(name[dot + 1..].to_ascii_lowercase())
        }
        _ => Err(invalid("Invalid file name.")),
    }
}

/// Decides the kind from the name's extension and checks the content agrees. A resume JD
/// takes PDF or DOCX, any other JD takes CSV.
pub fn check_kind(extension: &str, bytes: &[u8], resume_required: bool) -> Result<FileKind> {
    let invalid = |message: &str| Error::bad_request(ErrorCode::InvalidFormat, message);
    if resume_required {
        let by_content = if is_pdf(bytes) {
            Some(FileKind::Pdf)
        } else if is_docx(bytes) {
            Some(FileKind::Docx)
        } else {
            None
        };
        match (extension, by_content) {
            ("pdf", Some(FileKind::Pdf)) => Ok(FileKind::Pdf),
            ("docx", Some(FileKind::Docx)) => Ok(FileKind::Docx),
            _ => Err(invalid(RESUME_FORMAT)),
        }
    } else if extension == "csv" && is_text(bytes) {
        Ok(FileKind::Csv)
    } else {
        Err(invalid(CSV_FORMAT))
    }
}

/// PDF readers accept the header anywhere in the first kilobyte.
fn is_pdf(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(1024)]
        .windows(5)
        .any(|w| w == b"%PDF-")
}

/// A ZIP whose entries include the Word document part.
fn is_docx(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") && bytes.windows(b"word/".len()).any(|w| w == b"word/")
}

/// Text, not a binary in disguise: no NUL bytes in the first 8 KiB.
fn is_text(bytes: &[u8]) -> bool {
    !bytes[..bytes.len().min(8192)].contains(&0)
}

/// Reads one multipart field into memory, refusing it as soon as it passes `limit` bytes.
pub async fn read_capped(field: &mut Field<'_>, limit: usize) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let too_large = || Error::PayloadTooLarge {
        message: format!(
            "The file is too large. The limit is {} MB.",
            limit / (1024 * 1024)
        ),
    };
    while let Some(chunk) = field.chunk().await.map_err(|e| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            return too_large();
        }
        // Otherwise, most often the body ended inside the field (a dropped connection, a client that
        // gave up); the parser's own words ("incomplete field data") help nobody.
        tracing::debug!(error = %e, "multipart field cut off");
        Error::bad_request(
            ErrorCode::InvalidUpload,
            "The upload ended before it was complete. Please send it again.",
        )
    })? {
        if bytes.len() + chunk.len() > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// A display-safe version of a client's file name for `Content-Disposition`.
pub fn safe_file_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        "resume".to_owned()
    } else {
        trimmed.chars().take(120).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<impl std::fmt::Debug>) -> String {
        result.expect_err("refused").to_string()
    }

    #[test]
    fn file_names_follow_the_spec() {
        assert_eq!(check_file_name("Jane Doe.PDF").expect("ok"), "pdf");
        assert_eq!(message(check_file_name("  ")), "Invalid file name.");
        for bad in [
            "a<b.pdf",
            "x:y.pdf",
            "q?.pdf",
            "tab\t.pdf",
            "a*.docx",
            "\"x\".pdf",
        ] {
            assert_eq!(
                message(check_file_name(bad)),
                "File name contains invalid characters.",
                "{bad:?}"
            );
        }
        for bad in [".pdf", "resume.", "resume", " .pdf"] {
            assert_eq!(
                message(check_file_name(bad)),
                "Invalid file name.",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn kinds_are_decided_by_content() {
        let pdf = b"%PDF-1.7\n...";
        let docx = b"PK\x03\x04....[Content_Types].xml....word/document.xml";
        assert_eq!(check_kind("pdf", pdf, true).expect("pdf"), FileKind::Pdf);
        assert_eq!(
            check_kind("docx", docx, true).expect("docx"),
            FileKind::Docx
        );
        assert_eq!(
            message(check_kind("pdf", b"MZ\x90\x00 not a pdf", true)),
            RESUME_FORMAT
        );
        assert_eq!(
            message(check_kind("pdf", docx, true)),
            RESUME_FORMAT,
            "name and content disagree"
        );
        assert_eq!(
            message(check_kind("docx", b"PK\x03\x04xl/workbook.xml", true)),
            RESUME_FORMAT
        );
        assert_eq!(
            message(check_kind("csv", b"name,email\n", true)),
            RESUME_FORMAT
        );
        assert_eq!(
            check_kind("csv", b"name,email\n", false).expect("csv"),
            FileKind::Csv
        );
        assert_eq!(message(check_kind("pdf", pdf, false)), CSV_FORMAT);
        assert_eq!(message(check_kind("csv", b"a\0b", false)), CSV_FORMAT);
    }

    #[test]
    fn content_disposition_names_are_tame() {
        assert_eq!(safe_file_name("Jänë \"Doe\"\r\n.pdf"), "J_n_ _Doe___.pdf");
        assert_eq!(safe_file_name("///"), "___");
        assert_eq!(safe_file_name(""), "resume");
    }
}
