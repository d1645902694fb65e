//! DOCX text: a small zip + quick-xml reader that keeps headers, footers, tables, text boxes,
//! hyperlink targets and tracked insertions (and drops tracked deletions).

use std::collections::HashMap;
use std::io::{Cursor, Read};

use quick_xml::Reader;
use quick_xml::events::Event;
use zip::ZipArchive;

use super::{Budget, ExtractError, Limits, RawText};

const DOCUMENT: &str = "word/document.xml";
const MAX_ENTRIES: usize = 10_000;

pub(crate) fn extract(
    bytes: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<RawText, ExtractError> {
    let mut zip =
        ZipArchive::new(Cursor::new(bytes)).map_err(|e| ExtractError::Corrupt(e.to_string()))?;
    if zip.len() > MAX_ENTRIES {
        return Err(ExtractError::TooLarge);
    }
    let names: Vec<String> = zip
        .file_names()
        .filter_map(Result::ok)
        .map(|n| n.into_owned())
        .collect();
    if !names.iter().any(|n| n == DOCUMENT) {
        // A zip, but not a Word document (xlsx, pptx, odt or anything else).
        return Err(ExtractError::Unsupported);
    }
    let mut reader = PartReader {
        zip: &mut zip,
        remaining: limits.max_docx_xml_bytes,
    };
    let links = match names.iter().any(|n| n == "word/_rels/document.xml.rels") {
        true => hyperlink_targets(&reader.read("word/_rels/document.xml.rels")?),
        false => HashMap::new(),
    };

    // Headers first: contact details often live there; footers last.
    let part_list = |prefix: &str| {
        let mut v: Vec<String> = names
            .iter()
            .filter(|n| n.starts_with(prefix) && n.ends_with(".xml"))
            .cloned()
            .collect();
        v.sort();
        v
    };
    let mut parts = part_list("word/header");
    parts.push(DOCUMENT.to_string());
    parts.extend(part_list("word/footer"));

    let mut text = String::new();
    for part in parts {
        budget.check()?;
        let xml = reader.read(&part)?;
        // Only the main document's relationships are read; header links keep their text.
        let part_links = if part == DOCUMENT {
            &links
        } else {
            &HashMap::new()
        };
        let room = limits.max_text_bytes.saturating_sub(text.len());
        text.push_str(&xml_text(&xml, part_links, room)?);
        text.push('\n');
    }
    Ok(RawText {
        text,
        pages: 1,
        truncated: false,
        may_have_pictures: names.iter().any(|n| n.starts_with("word/media/")),
        ocr: false,
    })
}

/// Reads zip parts while keeping the total decompressed size under the cap.
struct PartReader<'a> {
    zip: &'a mut ZipArchive<Cursor<&'a [u8]>>,
    remaining: u64,
}

impl PartReader<'_> {
    fn read(&mut self, name: &str) -> Result<String, ExtractError> {
        let file = self.zip.by_name(name).map_err(|e| match e {
            zip::result::ZipError::UnsupportedArchive(m) if m.contains("assword") => {
                ExtractError::Encrypted
            }
            other => ExtractError::Corrupt(other.to_string()),
        })?;
        // The declared size can lie; `take` enforces the cap on what is actually inflated.
        if file.size() > self.remaining {
            return Err(ExtractError::TooLarge);
        }
        let mut buf = Vec::with_capacity(file.size().min(1 << 20) as usize);
        file.take(self.remaining + 1)
            .read_to_end(&mut buf)
            .map_err(|e| ExtractError::Corrupt(e.to_string()))?;
        let used = buf.len() as u64;
        if used > self.remaining {
            return Err(ExtractError::TooLarge);
        }
        self.remaining -= used;
        String::from_utf8(buf).map_err(|_| ExtractError::Corrupt(format!("{name} is not UTF-8")))
    }
}

/// Relationship id → external target, for hyperlinks whose visible text is not the URL.
fn hyperlink_targets(rels: &str) -> HashMap<String, String> {
    let mut map = HashMap::new();
    let mut reader = Reader::from_str(rels);
    while let Ok(event) = reader.read_event() {
        match event {
            Event::Empty(e) | Event::Start(e) if e.local_name().as_ref() == "Relationship" => {
                let attr = |key: &str| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.as_ref() == key)
                        .and_then(|a| {
                            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                                .ok()
                                .map(|v| v.into_owned())
                        })
                };
                let is_link = attr("Type").is_some_and(|t| t.ends_with("/hyperlink"));
                if let (true, Some(id), Some(target)) = (is_link, attr("Id"), attr("Target")) {
                    map.insert(id, target);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    map
}

/// The visible text of one WordprocessingML part, refused once it passes `max_len` bytes: a
/// small file of empty paragraphs inflates to megabytes of line breaks.
fn xml_text(
    xml: &str,
    links: &HashMap<String, String>,
    max_len: usize,
) -> Result<String, ExtractError> {
    let mut reader = Reader::from_str(xml);
    let mut out = String::with_capacity((xml.len() / 4).min(max_len));
    let mut in_text = false;
    // Depth inside elements whose content must be skipped (deletions, VML fallbacks).
    let mut skip_depth = 0usize;
    // Hyperlinks being read: (target, text length when the link started).
    let mut link_stack: Vec<Option<(String, usize)>> = Vec::new();
    loop {
        if out.len() > max_len {
            return Err(ExtractError::TooLarge);
        }
        let event = reader
            .read_event()
            .map_err(|e| ExtractError::Corrupt(format!("bad XML in document: {e}")))?;
        match event {
            Event::Start(e) => {
                let name = e.local_name();
                let name = name.as_ref();
                if skip_depth > 0 || name == "del" || name == "Fallback" || name == "instrText" {
                    skip_depth += 1;
                    continue;
                }
                match name {
                    "t" => in_text = true,
                    "hyperlink" => {
                        let target = e
                            .attributes()
                            .flatten()
                            .find(|a| a.key.local_name().as_ref() == "id")
                            .and_then(|a| {
                                a.normalized_value(quick_xml::XmlVersion::Implicit1_0).ok()
                            })
                            .and_then(|id| links.get(id.as_ref()).cloned());
                        link_stack.push(target.map(|t| (t, out.len())));
                    }
                    _ => {}
                }
            }
            Event::End(e) => {
                if skip_depth > 0 {
                    skip_depth -= 1;
                    continue;
                }
                match e.local_name().as_ref() {
                    "t" => in_text = false,
                    "p" => out.push('\n'),
                    "tc" => out.push('\t'),
                    "hyperlink" => {
                        if let Some(Some((target, start))) = link_stack.pop() {
                            append_link_target(&mut out, start, &target);
                        }
                    }
                    _ => {}
                }
            }
            Event::Empty(e) if skip_depth == 0 => match e.local_name().as_ref() {
                "tab" => out.push('\t'),
                "br" | "cr" => out.push('\n'),
                "noBreakHyphen" => out.push('-'),
                _ => {}
            },
            Event::Text(t) if in_text && skip_depth == 0 => out.push_str(&t),
            Event::CData(t) if in_text && skip_depth == 0 => out.push_str(&t),
            Event::GeneralRef(r) if in_text && skip_depth == 0 => {
                if let Ok(Some(c)) = r.resolve_char_ref() {
                    out.push(c);
                } else {
                    out.push_str(match &*r.into_inner() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "apos" => "'",
                        _ => "",
                    });
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(out)
}

/// Shows a link's target after its text ("LinkedIn (https://linkedin.com/in/x)") unless the
/// text already is the address.
fn append_link_target(out: &mut String, start: usize, target: &str) {
    let shown = out
        .get(start..)
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let bare = target
        .trim_start_matches("https://")
        .trim_start_matches("http://")
        .trim_start_matches("www.")
        .trim_end_matches('/')
        .to_ascii_lowercase();
    if !shown.contains(&bare) && !target.starts_with('#') {
        out.push_str(" (");
        out.push_str(target);
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_insertions_drops_deletions_and_fallbacks() {
        let xml = r#"<w:document xmlns:w="w"><w:body>
            <w:p><w:r><w:t>Kept &amp; shown</w:t></w:r><w:ins><w:r><w:t> inserted</w:t></w:r></w:ins>
            <w:del><w:r><w:delText>deleted</w:delText></w:r></w:del></w:p>
            <w:p><mc:AlternateContent><mc:Choice><w:t>box</w:t></mc:Choice><mc:Fallback><w:t>box</w:t></mc:Fallback></mc:AlternateContent></w:p>
            </w:body></w:document>"#;
        let text = xml_text(xml, &HashMap::new(), usize::MAX).unwrap();
        assert_eq!(text.trim(), "Kept & shown inserted\nbox");
    }

    #[test]
    fn hyperlink_target_follows_its_label() {
        let links = HashMap::from([("rId9".to_string(), "https://github.com/jane".to_string())]);
        let xml =
            r#"<w:p><w:hyperlink r:id="rId9"><w:r><w:t>GitHub</w:t></w:r></w:hyperlink></w:p>"#;
        assert_eq!(
            xml_text(xml, &links, usize::MAX).unwrap(),
            "GitHub (https://github.com/jane)\n"
        );
    }

    #[test]
    fn text_past_the_cap_is_refused() {
        let xml = format!("<w:body>{}</w:body>", "<w:p></w:p>".repeat(100));
        assert_eq!(
            xml_text(&xml, &HashMap::new(), 99),
            Err(ExtractError::TooLarge)
        );
        assert!(xml_text(&xml, &HashMap::new(), 100).is_ok());
    }
}
