//! DOCX to sanitised HTML, so a Word resume can be read inside the product (browsers cannot
//! show DOCX). The document's own structure is kept: headings (from paragraph styles or outline
//! levels), paragraphs, bulleted and numbered lists, tables, bold and italic, and web and mail
//! links; headers come first and footers last, as the text extraction reads them.
//!
//! Nothing else of the file reaches the output: every character of it is escaped, and the only
//! markup is the handful of elements written here, without attributes apart from a `colspan`
//! number and an `http`, `https` or `mailto` link target. The extraction's limits apply: input
//! size, zip entries, total inflated XML (zip bombs), time, and an output cap.

mod styles;
#[cfg(test)]
mod tests;
mod writer;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::docx::{DOCUMENT, PartReader, hyperlink_targets, open};
use super::{Budget, ExtractError, Limits};
use styles::{Numbering, Styles};
use writer::HtmlWriter;

const STYLES: &str = "word/styles.xml";
const NUMBERING: &str = "word/numbering.xml";
const RELATIONSHIPS: &str = "word/_rels/document.xml.rels";
/// Output allowed per byte of text the extraction allows: markup and escapes add up.
const HTML_PER_TEXT_BYTE: usize = 8;
/// Tables nested deeper than this are flattened (their cells' paragraphs follow each other).
const MAX_TABLE_DEPTH: usize = 8;
/// Paragraphs inside paragraphs (text boxes) deeper than this join the enclosing one.
const MAX_PARAGRAPH_DEPTH: usize = 8;
/// Deeper list levels are shown at this one.
const MAX_LIST_LEVEL: usize = 8;
/// The deadline is checked once per this many XML events.
const EVENTS_PER_CHECK: u32 = 4096;

/// The body of a DOCX as sanitised HTML (a fragment: no `html` or `body` element), with the
/// default [`Limits`].
pub fn docx_to_html(bytes: &[u8]) -> Result<String, ExtractError> {
    docx_to_html_with(bytes, &Limits::default())
}

/// [`docx_to_html`] with explicit limits. Never panics: a panic inside the zip or XML reader
/// is reported as [`ExtractError::Corrupt`].
pub fn docx_to_html_with(bytes: &[u8], limits: &Limits) -> Result<String, ExtractError> {
    if bytes.len() > limits.max_bytes {
        return Err(ExtractError::TooLarge);
    }
    if !bytes.starts_with(b"PK\x03\x04") {
        return Err(ExtractError::Unsupported);
    }
    let budget = Budget::new(limits.time_budget);
    catch_unwind(AssertUnwindSafe(|| convert(bytes, limits, &budget))).unwrap_or_else(|_| {
        Err(ExtractError::Corrupt(
            "the parser failed on this file".into(),
        ))
    })
}

fn convert(bytes: &[u8], limits: &Limits, budget: &Budget) -> Result<String, ExtractError> {
    let (mut zip, names) = open(bytes)?;
    let has = |name: &str| names.iter().any(|n| n == name);
    // One budget of inflated bytes for every part read, styles and numbering included.
    let mut reader = PartReader {
        zip: &mut zip,
        remaining: limits.max_docx_xml_bytes,
    };
    let styles = match has(STYLES) {
        true => Styles::parse(&reader.read(STYLES)?),
        false => Styles::default(),
    };
    let numbering = match has(NUMBERING) {
        true => Numbering::parse(&reader.read(NUMBERING)?),
        false => Numbering::default(),
    };
    let links = match has(RELATIONSHIPS) {
        true => hyperlink_targets(&reader.read(RELATIONSHIPS)?),
        false => HashMap::new(),
    };
    let parts_named = |prefix: &str| {
        let mut parts: Vec<&String> = names
            .iter()
            .filter(|n| n.starts_with(prefix) && n.ends_with(".xml"))
            .collect();
        parts.sort();
        parts
    };
    let mut parts = parts_named("word/header");
    let document = DOCUMENT.to_owned();
    parts.push(&document);
    parts.extend(parts_named("word/footer"));

    let cap = limits.max_text_bytes.saturating_mul(HTML_PER_TEXT_BYTE);
    let mut writer = HtmlWriter::new(&styles, &numbering, cap);
    let no_links = HashMap::new();
    for part in parts {
        budget.check()?;
        let xml = reader.read(part)?;
        // Only the main document's relationships are read, as the text extraction does.
        let part_links = if *part == document { &links } else { &no_links };
        writer.part(&xml, part_links, budget)?;
    }
    Ok(writer.out)
}
