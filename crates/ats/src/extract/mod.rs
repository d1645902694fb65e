//! Bytes in, normalised text out: PDF, DOCX or plain text, decided by magic bytes.

mod docx;
mod docx_html;
mod normalize;
mod ocr;
mod ocr_text;
mod pdf;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

pub use crate::error::ExtractError;
pub use docx_html::{docx_to_html, docx_to_html_with};
pub use normalize::normalize;
pub use ocr::{Ocr, available as ocr_available};

/// The kind of document, decided from its content, never from its file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DocKind {
    /// Portable Document Format.
    Pdf,
    /// Office Open XML word-processing document.
    Docx,
    /// Plain text (UTF-8, UTF-16 with a byte-order mark, or Windows-1252).
    Text,
}

/// Normalised text of a document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// What the bytes turned out to be.
    pub kind: DocKind,
    /// Normalised text: NFKC, bullets and dashes simplified, words re-joined across hyphenated
    /// line breaks, one space between words, at most one blank line in a row.
    pub text: String,
    /// Pages in the document (1 for DOCX and text, which have no fixed pages).
    pub pages: u32,
    /// True when only the first [`Limits::max_pages`] pages were read.
    pub truncated: bool,
    /// True when some of the text was read from pictures of pages (OCR): it may hold misread
    /// characters.
    #[serde(default)]
    pub ocr: bool,
    /// Lines set larger than the body text near the top of the first page (PDF) or in the
    /// document's largest style (DOCX), largest first: where a resume puts its owner's name.
    #[serde(default)]
    pub prominent: Vec<String>,
}

/// Limits that keep one hostile or odd file from hurting the server.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest accepted input, in bytes.
    pub max_bytes: usize,
    /// Pages read from a PDF; later pages are ignored and [`Document::truncated`] is set.
    pub max_pages: u32,
    /// Largest total decompressed size of the XML parts read from a DOCX (zip-bomb guard).
    pub max_docx_xml_bytes: u64,
    /// Largest extracted text, in bytes, before normalising and parsing; more is
    /// [`ExtractError::TooLarge`] (twenty dense pages are about 100 KB).
    pub max_text_bytes: usize,
    /// Time budget, checked between pages and parts: one page cannot be interrupted (the
    /// server runs extraction in a child process it can kill for that reason).
    pub time_budget: Duration,
    /// Fewer meaningful characters (letters and digits) than this means [`ExtractError::NoText`].
    pub min_text_chars: usize,
    /// Read PDF pages that hold only a picture with OCR; `None` (the default) leaves them
    /// unread.
    pub ocr: Option<Ocr>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 10 * 1024 * 1024,
            max_pages: 20,
            max_docx_xml_bytes: 32 * 1024 * 1024,
            max_text_bytes: 1024 * 1024,
            time_budget: Duration::from_secs(5),
            min_text_chars: 50,
            ocr: None,
        }
    }
}

/// Raw text pulled out of a document, before normalisation.
pub(crate) struct RawText {
    pub text: String,
    pub pages: u32,
    pub truncated: bool,
    /// Whether the document may hold its words as pictures (a scan): always for a PDF, for a
    /// DOCX when it has media, never for plain text.
    pub may_have_pictures: bool,
    /// Whether some of the text was read from pictures.
    pub ocr: bool,
    /// See [`Document::prominent`].
    pub prominent: Vec<String>,
}

/// A deadline shared by the extractors.
pub(crate) struct Budget {
    deadline: Instant,
}

impl Budget {
    fn new(limit: Duration) -> Self {
        // A budget too large to represent is as good as no budget.
        let now = Instant::now();
        let deadline = now
            .checked_add(limit)
            .unwrap_or(now + Duration::from_secs(86_400));
        Budget { deadline }
    }

    pub(crate) fn check(&self) -> Result<(), ExtractError> {
        if Instant::now() >= self.deadline {
            Err(ExtractError::TimedOut)
        } else {
            Ok(())
        }
    }
}

/// Extracts and normalises the text of a resume with the default [`Limits`].
///
/// Never panics: a panic inside a third-party parser is caught and reported as
/// [`ExtractError::Corrupt`].
pub fn extract(bytes: &[u8]) -> Result<Document, ExtractError> {
    extract_with(bytes, &Limits::default())
}

/// Extracts and normalises the text of a resume with explicit limits.
pub fn extract_with(bytes: &[u8], limits: &Limits) -> Result<Document, ExtractError> {
    if bytes.len() > limits.max_bytes {
        return Err(ExtractError::TooLarge);
    }
    let kind = sniff(bytes)?;
    let budget = Budget::new(limits.time_budget);
    let raw = match catch_unwind(AssertUnwindSafe(|| match kind {
        DocKind::Pdf => pdf::extract(bytes, limits, &budget),
        DocKind::Docx => docx::extract(bytes, limits, &budget),
        DocKind::Text => decode_text(bytes).map(|text| RawText {
            text,
            pages: 1,
            truncated: false,
            may_have_pictures: false,
            ocr: false,
            prominent: Vec::new(),
        }),
    })) {
        Ok(Ok(raw)) if raw.text.len() > limits.max_text_bytes => {
            return Err(ExtractError::TooLarge);
        }
        Ok(result) => result?,
        Err(_) => {
            return Err(ExtractError::Corrupt(
                "the parser failed on this file".into(),
            ));
        }
    };
    let text = normalize(&raw.text);
    let meaningful = text.chars().filter(|c| c.is_alphanumeric()).count();
    if meaningful < limits.min_text_chars {
        // Nothing at all and nothing that could be a scan: empty, not "looks scanned".
        return Err(if meaningful == 0 && !raw.may_have_pictures {
            ExtractError::Empty
        } else {
            ExtractError::NoText
        });
    }
    Ok(Document {
        kind,
        text,
        pages: raw.pages,
        truncated: raw.truncated,
        ocr: raw.ocr,
        prominent: raw.prominent.iter().map(|line| normalize(line)).collect(),
    })
}

/// Decides the document kind from magic bytes.
fn sniff(bytes: &[u8]) -> Result<DocKind, ExtractError> {
    // The PDF header may follow a little junk (some generators prepend bytes); readers accept
    // it anywhere in the first kilobyte.
    let head = &bytes[..bytes.len().min(1024)];
    if head.windows(5).any(|w| w == b"%PDF-") {
        return Ok(DocKind::Pdf);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return Ok(DocKind::Docx);
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        // An OLE compound file is either a legacy .doc or a password-protected OOXML file,
        // which Office wraps in OLE with an "EncryptedPackage" stream (UTF-16 name).
        let marker: Vec<u8> = "EncryptedPackage"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        if bytes.windows(marker.len()).any(|w| w == marker.as_slice()) {
            return Err(ExtractError::Encrypted);
        }
        return Err(ExtractError::Unsupported);
    }
    const BINARY_MAGIC: [&[u8]; 8] = [
        b"\x89PNG",
        b"\xFF\xD8\xFF",
        b"GIF8",
        b"II*\x00",
        b"MM\x00*",
        b"{\\rtf",
        b"\x1F\x8B",
        b"Rar!",
    ];
    if BINARY_MAGIC.iter().any(|m| bytes.starts_with(m)) {
        return Err(ExtractError::Unsupported);
    }
    Ok(DocKind::Text)
}

/// Decodes a plain-text file: UTF-8 (BOM optional), UTF-16 with BOM, else Windows-1252.
/// Binary content (many control characters) is refused.
fn decode_text(bytes: &[u8]) -> Result<String, ExtractError> {
    let (text, _, _) = encoding_rs::UTF_8.decode(bytes);
    let text = if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        enc.decode_with_bom_removal(bytes).0.into_owned()
    } else if std::str::from_utf8(bytes).is_ok() {
        text.into_owned()
    } else {
        encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned()
    };
    let total = text.chars().count();
    let control = text
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c'))
        .count();
    if total > 0 && control * 50 > total {
        return Err(ExtractError::Unsupported);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_by_content_not_name() {
        assert_eq!(sniff(b"%PDF-1.7\n"), Ok(DocKind::Pdf));
        assert_eq!(sniff(b"junk\n%PDF-1.4"), Ok(DocKind::Pdf));
        assert_eq!(sniff(b"PK\x03\x04rest"), Ok(DocKind::Docx));
        assert_eq!(sniff(b"\x89PNG\r\n"), Err(ExtractError::Unsupported));
        assert_eq!(sniff(b"Jane Doe\njane@example.com"), Ok(DocKind::Text));
    }

    #[test]
    fn decodes_utf16_and_latin1() {
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("Zoë".encode_utf16().flat_map(|u| u.to_le_bytes()))
            .collect();
        assert_eq!(decode_text(&utf16).as_deref(), Ok("Zoë"));
        assert_eq!(decode_text(b"Jos\xe9").as_deref(), Ok("José"));
        assert_eq!(
            decode_text(b"\x00\x01\x02\x03bin"),
            Err(ExtractError::Unsupported)
        );
    }

    #[test]
    fn refuses_oversized_input() {
        let limits = Limits {
            max_bytes: 4,
            ..Limits::default()
        };
        assert_eq!(extract_with(b"hello", &limits), Err(ExtractError::TooLarge));
    }
}
