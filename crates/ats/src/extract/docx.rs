//! DOCX text: a small zip + quick-xml reader that keeps headers, footers, tables, text boxes,
//! hyperlink targets and tracked insertions (and drops tracked deletions).

use std::collections::HashMap;
use std::io::{Cursor, Read};

use quick_xml::Reader;
use quick_xml::events::Event;
use zip::ZipArchive;

use super::{Budget, ExtractError, Limits, RawText};

pub(super) const DOCUMENT: &str = "word/document.xml";
pub(super) const MAX_ENTRIES: usize = 10_000;

pub(crate) fn extract(
    bytes: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<RawText, ExtractError> {
    let (mut zip, names) = open(bytes)?;
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

    let sizes = match names.iter().any(|n| n == "word/styles.xml") {
        true => StyleSizes::read(&reader.read("word/styles.xml")?),
        false => StyleSizes::read(""),
    };
    let mut text = String::new();
    let mut prominent = Vec::new();
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
        let mut looks = Vec::new();
        let part_text = xml_text_and_paragraphs(&xml, part_links, room, &mut looks)?;
        if part == DOCUMENT {
            prominent = prominent_paragraphs(&part_text, &looks, &sizes);
        }
        text.push_str(&part_text);
        text.push('\n');
    }
    Ok(RawText {
        text,
        pages: 1,
        truncated: false,
        may_have_pictures: names.iter().any(|n| n.starts_with("word/media/")),
        ocr: false,
        prominent,
    })
}

/// A Word document's zip, read from memory.
pub(super) type Zip<'a> = ZipArchive<Cursor<&'a [u8]>>;

/// Opens a Word document's zip and lists its parts: refused when it has too many, unsupported
/// when it is a zip but not a Word document (xlsx, pptx, odt or anything else).
pub(super) fn open(bytes: &[u8]) -> Result<(Zip<'_>, Vec<String>), ExtractError> {
    let zip =
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
        return Err(ExtractError::Unsupported);
    }
    Ok((zip, names))
}

/// Reads zip parts while keeping the total decompressed size under the cap.
pub(super) struct PartReader<'a> {
    pub(super) zip: &'a mut ZipArchive<Cursor<&'a [u8]>>,
    pub(super) remaining: u64,
}

impl PartReader<'_> {
    pub(super) fn read(&mut self, name: &str) -> Result<String, ExtractError> {
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
pub(super) fn hyperlink_targets(rels: &str) -> HashMap<String, String> {
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

/// The visible text of one part (tests; the extractor also wants the paragraphs' sizes).
#[cfg(test)]
fn xml_text(
    xml: &str,
    links: &HashMap<String, String>,
    max_len: usize,
) -> Result<String, ExtractError> {
    xml_text_and_paragraphs(xml, links, max_len, &mut Vec::new())
}

/// A paragraph's place in the part's text and what sets its size.
#[derive(Debug, Default, Clone)]
struct ParagraphLook {
    start: usize,
    end: usize,
    style: Option<String>,
    /// The largest run size given directly, in half-points.
    size: Option<u32>,
}

/// The visible text of one WordprocessingML part, refused once it passes `max_len` bytes (a
/// small file of empty paragraphs inflates to megabytes of line breaks), noting each
/// paragraph's style and direct size in `paragraphs`.
fn xml_text_and_paragraphs(
    xml: &str,
    links: &HashMap<String, String>,
    max_len: usize,
    paragraphs: &mut Vec<ParagraphLook>,
) -> Result<String, ExtractError> {
    let mut reader = Reader::from_str(xml);
    let mut paragraph = ParagraphLook::default();
    let mut out = String::with_capacity((xml.len() / 4).min(max_len));
    let mut in_text = false;
    // The run is shown in capitals or small capitals (`<w:caps/>`): its letters are read as
    // they show, so "ali nadi" set in capitals is the name "ALI NADI".
    let mut caps = false;
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
                    "r" => caps = false,
                    "p" => {
                        paragraph = ParagraphLook {
                            start: out.len(),
                            ..ParagraphLook::default()
                        };
                    }
                    "pStyle" | "sz" => note_look(&mut paragraph, name, &e),
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
                    "p" => {
                        paragraph.end = out.len();
                        paragraphs.push(std::mem::take(&mut paragraph));
                        out.push('\n');
                    }
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
                name @ ("pStyle" | "sz") => note_look(&mut paragraph, name, &e),
                "tab" => out.push('\t'),
                "br" | "cr" => out.push('\n'),
                "noBreakHyphen" => out.push('-'),
                "caps" | "smallCaps" => {
                    caps = !matches!(attribute(&e, "val").as_deref(), Some("0" | "false" | "off"));
                }
                _ => {}
            },
            Event::Text(t) if in_text && skip_depth == 0 && caps => {
                out.push_str(&t.to_uppercase());
            }
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

fn note_look(paragraph: &mut ParagraphLook, name: &str, element: &quick_xml::events::BytesStart) {
    let Some(value) = attribute(element, "val") else {
        return;
    };
    if name == "pStyle" {
        paragraph.style = Some(value);
    } else if let Ok(size) = value.parse::<u32>() {
        paragraph.size = Some(paragraph.size.map_or(size, |s| s.max(size)));
    }
}

pub(super) fn attribute(
    element: &quick_xml::events::BytesStart,
    local_name: &str,
) -> Option<String> {
    element
        .attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == local_name)
        .and_then(|a| {
            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .ok()
                .map(|v| v.into_owned())
        })
}

/// Font sizes (half-points) of the document's paragraph styles, following `basedOn`, and the
/// default size.
struct StyleSizes {
    default: u32,
    by_style: HashMap<String, u32>,
}

impl StyleSizes {
    fn read(styles_xml: &str) -> StyleSizes {
        let mut default = None;
        let mut own: HashMap<String, (Option<u32>, Option<String>)> = HashMap::new();
        let mut reader = Reader::from_str(styles_xml);
        let (mut current, mut in_defaults) = (None::<String>, false);
        while let Ok(event) = reader.read_event() {
            match event {
                Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                    "rPrDefault" => in_defaults = true,
                    "style" => current = attribute(&e, "styleId"),
                    "basedOn" => {
                        if let Some(id) = &current {
                            own.entry(id.clone()).or_default().1 = attribute(&e, "val");
                        }
                    }
                    "sz" => {
                        let size = attribute(&e, "val").and_then(|v| v.parse().ok());
                        if in_defaults {
                            default = default.or(size);
                        } else if let Some(id) = &current {
                            own.entry(id.clone()).or_default().0 = size;
                        }
                    }
                    _ => {}
                },
                Event::End(e) => match e.local_name().as_ref() {
                    "rPrDefault" => in_defaults = false,
                    "style" => current = None,
                    _ => {}
                },
                Event::Eof => break,
                _ => {}
            }
        }
        // Word's default is 10 pt when the document names none.
        let default = default.unwrap_or(20);
        let mut by_style = HashMap::new();
        for id in own.keys() {
            let (mut at, mut hops) = (Some(id.clone()), 0);
            while let Some(style) = at.take().filter(|_| hops < 10) {
                hops += 1;
                match own.get(&style) {
                    Some((Some(size), _)) => {
                        by_style.insert(id.clone(), *size);
                    }
                    Some((None, parent)) => at = parent.clone(),
                    None => {}
                }
            }
        }
        StyleSizes { default, by_style }
    }

    fn of(&self, paragraph: &ParagraphLook) -> u32 {
        paragraph.size.unwrap_or_else(|| {
            paragraph
                .style
                .as_ref()
                .and_then(|s| self.by_style.get(s))
                .copied()
                .unwrap_or(self.default)
        })
    }
}

/// Paragraphs set clearly larger than most of the text, largest first (ties in document order).
fn prominent_paragraphs(text: &str, looks: &[ParagraphLook], sizes: &StyleSizes) -> Vec<String> {
    let mut weight: HashMap<u32, usize> = HashMap::new();
    for look in looks {
        *weight.entry(sizes.of(look)).or_default() += look.end.saturating_sub(look.start);
    }
    let Some(body) = weight
        .iter()
        .max_by_key(|(size, chars)| (**chars, std::cmp::Reverse(**size)))
        .map(|(size, _)| *size)
    else {
        return Vec::new();
    };
    let mut large: Vec<(u32, usize, &str)> = looks
        .iter()
        .enumerate()
        .filter(|(_, look)| sizes.of(look) * 10 >= body * 13)
        .filter_map(|(i, look)| {
            let line = text.get(look.start..look.end)?.lines().next()?.trim();
            (!line.is_empty()).then_some((sizes.of(look), i, line))
        })
        .collect();
    large.sort_by_key(|(size, order, _)| (std::cmp::Reverse(*size), *order));
    large
        .into_iter()
        .take(5)
        .map(|(_, _, line)| line.to_owned())
        .collect()
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
