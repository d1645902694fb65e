//! PDF text through pdf_oxide, the one engine that kept two-column resumes in reading order.

use pdf_oxide::PdfDocument;

use super::{Budget, ExtractError, Limits, RawText};

pub(crate) fn extract(
    bytes: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<RawText, ExtractError> {
    let doc = PdfDocument::from_bytes(bytes.to_vec()).map_err(map_error)?;
    if doc.is_encrypted() {
        // Many resumes are "encrypted" with an empty user password only to stop copying;
        // those open fine. Anything else needs a password we do not have.
        match doc.authenticate(b"") {
            Ok(true) => {}
            _ => return Err(ExtractError::Encrypted),
        }
    }
    let total = doc.page_count().map_err(map_error)?;
    let total_u32 = u32::try_from(total).unwrap_or(u32::MAX);
    let wanted = total.min(limits.max_pages as usize);
    let mut text = String::new();
    for page in 0..wanted {
        budget.check()?;
        let page_text = doc.extract_text(page).map_err(map_error)?;
        text.push_str(&page_text);
        text.push('\n');
    }
    Ok(RawText {
        text,
        pages: total_u32,
        truncated: wanted < total,
    })
}

fn map_error(e: pdf_oxide::Error) -> ExtractError {
    match e {
        pdf_oxide::Error::EncryptedPdf => ExtractError::Encrypted,
        other => ExtractError::Corrupt(truncate(other.to_string())),
    }
}

/// Parser messages can embed large chunks of the file; keep what a person can read.
fn truncate(mut s: String) -> String {
    if s.len() > 200 {
        let mut cut = 200;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
    s
}
