//! DOCX to sanitised HTML, so a Word resume can be read inside the product (browsers cannot
//! show DOCX). The document's own structure is kept: headings (from paragraph styles or outline
//! levels), paragraphs, bulleted and numbered lists, tables, bold and italic, and web and mail
//! links; headers come first and footers last, as the text extraction reads them.
//!
//! Nothing else of the file reaches the output: every character of it is escaped, and the only
//! markup is the handful of elements written here, without attributes apart from a `colspan`
//! number and an `http`, `https` or `mailto` link target. The extraction's limits apply: input
//! size, zip entries, total inflated XML (zip bombs), time, and an output cap.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::docx::{DOCUMENT, PartReader, attribute as attr, hyperlink_targets, open};
use super::{Budget, ExtractError, Limits};

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

/// A WordprocessingML on/off property (`<w:b/>`, `<w:b w:val="false"/>`).
fn is_on(element: &BytesStart) -> bool {
    !matches!(attr(element, "val").as_deref(), Some("0" | "false" | "off"))
}

/// What a paragraph style makes of its paragraphs.
#[derive(Debug, Default, Clone)]
struct StyleDef {
    based_on: Option<String>,
    /// 0 for a title, 1-9 for headings.
    heading: Option<u8>,
    /// The numbering a list style carries.
    num_id: Option<String>,
    /// A list style known by name ("List Bullet", "List Number 2"): whether it is numbered.
    list_by_name: Option<bool>,
}

/// Paragraph styles by id (`word/styles.xml`).
#[derive(Debug, Default)]
struct Styles {
    by_id: HashMap<String, StyleDef>,
}

/// A heading level or list kind from a style's name or id, written any way ("heading 1",
/// "Heading1", "List Bullet 2").
fn by_name(name: &str) -> (Option<u8>, Option<bool>) {
    let name: String = name
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    if name == "title" {
        return (Some(0), None);
    }
    if let Some(level) = name.strip_prefix("heading") {
        return (
            level.parse::<u8>().ok().filter(|l| (1..=9).contains(l)),
            None,
        );
    }
    if name.starts_with("listbullet") {
        return (None, Some(false));
    }
    if name.starts_with("listnumber") {
        return (None, Some(true));
    }
    (None, None)
}

impl Styles {
    fn parse(xml: &str) -> Styles {
        let mut by_id = HashMap::new();
        let mut reader = Reader::from_str(xml);
        let mut current: Option<(String, StyleDef)> = None;
        // A malformed styles part only loses the styles, never the document.
        while let Ok(event) = reader.read_event() {
            match event {
                Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                    "style" => {
                        if let Some((id, style)) = current.take() {
                            by_id.insert(id, style);
                        }
                        current = attr(&e, "styleId").map(|id| (id, StyleDef::default()));
                    }
                    "name" => {
                        if let (Some((_, style)), Some(name)) = (&mut current, attr(&e, "val")) {
                            let (heading, list) = by_name(&name);
                            style.heading = style.heading.or(heading);
                            style.list_by_name = list;
                        }
                    }
                    "basedOn" => {
                        if let Some((_, style)) = &mut current {
                            style.based_on = attr(&e, "val");
                        }
                    }
                    "outlineLvl" => {
                        if let Some((_, style)) = &mut current {
                            style.heading = outline_heading(&e).or(style.heading);
                        }
                    }
                    "numId" => {
                        if let Some((_, style)) = &mut current {
                            style.num_id = attr(&e, "val");
                        }
                    }
                    _ => {}
                },
                Event::End(e) if e.local_name().as_ref() == "style" => {
                    if let Some((id, style)) = current.take() {
                        by_id.insert(id, style);
                    }
                }
                Event::Eof => break,
                _ => {}
            }
        }
        Styles { by_id }
    }

    /// The style and the ones it is based on, nearest first (a loop ends the walk).
    fn chain<'a>(&'a self, id: &'a str) -> impl Iterator<Item = (&'a str, Option<&'a StyleDef>)> {
        let mut next = Some(id);
        std::iter::from_fn(move || {
            let id = next.take()?;
            let style = self.by_id.get(id);
            next = style.and_then(|s| s.based_on.as_deref());
            Some((id, style))
        })
        .take(10)
    }

    fn heading(&self, id: &str) -> Option<u8> {
        self.chain(id).find_map(|(id, style)| match style {
            Some(style) => style.heading,
            // Without a styles part, the built-in ids still say it ("Heading1", "Title").
            None => by_name(id).0,
        })
    }

    /// Whether the style makes list items, and if so, whether numbered (`Some(None)`: a list
    /// whose kind the numbering part decides).
    fn list(&self, id: &str) -> Option<ListSource> {
        self.chain(id).find_map(|(id, style)| match style {
            Some(style) => style
                .num_id
                .clone()
                .filter(|n| n != "0")
                .map(ListSource::Numbering)
                .or(style.list_by_name.map(ListSource::Named)),
            None => by_name(id).1.map(ListSource::Named),
        })
    }
}

/// A heading level from `<w:outlineLvl w:val="0"/>` (level 0 is Heading 1; 9 is body text).
fn outline_heading(element: &BytesStart) -> Option<u8> {
    attr(element, "val")
        .and_then(|v| v.parse::<u8>().ok())
        .filter(|l| *l < 9)
        .map(|l| l + 1)
}

/// Where a list item's kind comes from.
#[derive(Debug, Clone)]
enum ListSource {
    /// A numbering definition (`numId`), to look up per level.
    Numbering(String),
    /// A style's name: numbered or bulleted.
    Named(bool),
}

/// Which list levels are numbered (`word/numbering.xml`): anything but bullets and no marker.
#[derive(Debug, Default)]
struct Numbering {
    /// Abstract numbering id → numbered levels.
    numbered_levels: HashMap<String, Vec<u8>>,
    /// Numbering id → abstract numbering id.
    abstract_of: HashMap<String, String>,
}

impl Numbering {
    fn parse(xml: &str) -> Numbering {
        let mut numbering = Numbering::default();
        let mut reader = Reader::from_str(xml);
        let (mut abstract_id, mut level, mut num_id) = (None::<String>, None::<u8>, None::<String>);
        while let Ok(event) = reader.read_event() {
            match event {
                Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                    "abstractNum" => abstract_id = attr(&e, "abstractNumId"),
                    "lvl" => level = attr(&e, "ilvl").and_then(|l| l.parse().ok()),
                    "numFmt" => {
                        let numbered =
                            !matches!(attr(&e, "val").as_deref(), Some("bullet" | "none"));
                        if let (Some(id), Some(level), true) = (&abstract_id, level, numbered) {
                            numbering
                                .numbered_levels
                                .entry(id.clone())
                                .or_default()
                                .push(level);
                        }
                    }
                    "num" => num_id = attr(&e, "numId"),
                    "abstractNumId" => {
                        if let (Some(num), Some(target)) = (&num_id, attr(&e, "val")) {
                            numbering.abstract_of.insert(num.clone(), target);
                        }
                    }
                    _ => {}
                },
                Event::End(e) => match e.local_name().as_ref() {
                    "abstractNum" => abstract_id = None,
                    "lvl" => level = None,
                    "num" => num_id = None,
                    _ => {}
                },
                Event::Eof => break,
                _ => {}
            }
        }
        numbering
    }

    fn is_numbered(&self, num_id: &str, level: u8) -> bool {
        self.abstract_of
            .get(num_id)
            .and_then(|a| self.numbered_levels.get(a))
            .is_some_and(|levels| levels.contains(&level))
    }
}

/// The elements whose place in the tree matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    /// A paragraph being written (nested ones past the limit are [`Tag::Other`]).
    Paragraph,
    ParagraphProps,
    NumberingProps,
    Run,
    RunProps,
    Text,
    Hyperlink,
    Table,
    Row,
    Cell,
    CellProps,
    Other,
}

/// A paragraph being read: its properties and its escaped inline HTML.
#[derive(Debug, Default)]
struct Paragraph {
    style: Option<String>,
    num_id: Option<String>,
    level: u8,
    outline: Option<u8>,
    html: String,
    has_text: bool,
    /// Hyperlinks being read: whether each one opened an `<a>`.
    links: Vec<bool>,
    /// The run being read (a text box's paragraphs inside a run have their own).
    run: Option<Run>,
}

/// A run being read: its formatting and its escaped text.
#[derive(Debug, Default)]
struct Run {
    bold: bool,
    italic: bool,
    html: String,
}

/// A list open in the HTML: numbered or not, and whether its last item is still open.
#[derive(Debug, Clone, Copy)]
struct OpenList {
    numbered: bool,
    item_open: bool,
}

/// Writes the HTML of one part after another.
struct HtmlWriter<'a> {
    styles: &'a Styles,
    numbering: &'a Numbering,
    out: String,
    cap: usize,
    /// The lists open in the body and in each table cell being written, innermost last.
    lists: Vec<Vec<OpenList>>,
    /// A cell whose `<td>` waits for its `colspan` (in the cell's properties, after its start).
    pending_cell: Option<u32>,
}

impl<'a> HtmlWriter<'a> {
    fn new(styles: &'a Styles, numbering: &'a Numbering, cap: usize) -> Self {
        HtmlWriter {
            styles,
            numbering,
            out: String::new(),
            cap,
            lists: vec![Vec::new()],
            pending_cell: None,
        }
    }

    fn write(&mut self, html: &str) {
        if let Some(span) = self.pending_cell.take() {
            match span {
                1 => self.out.push_str("<td>"),
                span => self.out.push_str(&format!("<td colspan=\"{span}\">")),
            }
        }
        self.out.push_str(html);
    }

    /// Writes one part (the document, a header or a footer).
    fn part(
        &mut self,
        xml: &str,
        links: &HashMap<String, String>,
        budget: &Budget,
    ) -> Result<(), ExtractError> {
        let mut reader = Reader::from_str(xml);
        let mut tags: Vec<Tag> = Vec::new();
        // Depth inside elements whose content is not shown (deletions, VML fallbacks, field codes).
        let mut skip_depth = 0usize;
        let mut paragraphs: Vec<Paragraph> = Vec::new();
        let mut table_depth = 0usize;
        let mut events = 0u32;
        loop {
            events = events.wrapping_add(1);
            if events.is_multiple_of(EVENTS_PER_CHECK) {
                budget.check()?;
            }
            let buffered = paragraphs.last().map_or(0, |p| {
                p.html.len() + p.run.as_ref().map_or(0, |r| r.html.len())
            });
            if self.out.len().saturating_add(buffered) > self.cap {
                return Err(ExtractError::TooLarge);
            }
            let event = reader
                .read_event()
                .map_err(|e| ExtractError::Corrupt(format!("bad XML in document: {e}")))?;
            match event {
                Event::Start(e) => {
                    let name = e.local_name();
                    let name = name.as_ref();
                    if skip_depth > 0 || matches!(name, "del" | "Fallback" | "instrText") {
                        skip_depth += 1;
                        continue;
                    }
                    let parent = tags.last().copied();
                    let tag = match name {
                        "p" if paragraphs.len() < MAX_PARAGRAPH_DEPTH => {
                            paragraphs.push(Paragraph::default());
                            Tag::Paragraph
                        }
                        "pPr" if parent == Some(Tag::Paragraph) => Tag::ParagraphProps,
                        "numPr" if parent == Some(Tag::ParagraphProps) => Tag::NumberingProps,
                        "r" => {
                            if let Some(paragraph) = paragraphs.last_mut() {
                                paragraph.run = Some(Run::default());
                            }
                            Tag::Run
                        }
                        "rPr" if parent == Some(Tag::Run) => Tag::RunProps,
                        "t" => Tag::Text,
                        "hyperlink" => {
                            if let Some(paragraph) = paragraphs.last_mut() {
                                let target = attr(&e, "id")
                                    .and_then(|id| links.get(&id))
                                    .and_then(|t| safe_link(t));
                                let open = target.is_some() && !paragraph.links.contains(&true);
                                if let (true, Some(target)) = (open, target) {
                                    paragraph.html.push_str("<a href=\"");
                                    escape_into(&mut paragraph.html, target);
                                    paragraph
                                        .html
                                        .push_str("\" rel=\"noopener noreferrer nofollow\" target=\"_blank\">");
                                }
                                paragraph.links.push(open);
                            }
                            Tag::Hyperlink
                        }
                        "tbl" => {
                            table_depth += 1;
                            if table_depth <= MAX_TABLE_DEPTH {
                                self.close_lists();
                                self.write("<table><tbody>");
                            }
                            Tag::Table
                        }
                        "tr" if (1..=MAX_TABLE_DEPTH).contains(&table_depth) => {
                            self.write("<tr>");
                            Tag::Row
                        }
                        "tc" if (1..=MAX_TABLE_DEPTH).contains(&table_depth) => {
                            self.pending_cell = Some(1);
                            self.lists.push(Vec::new());
                            Tag::Cell
                        }
                        "tcPr" if parent == Some(Tag::Cell) => Tag::CellProps,
                        _ => Tag::Other,
                    };
                    tags.push(tag);
                }
                Event::End(_) if skip_depth > 0 => skip_depth -= 1,
                Event::End(_) => match tags.pop() {
                    Some(Tag::Paragraph) => {
                        if let Some(paragraph) = paragraphs.pop() {
                            self.paragraph(paragraph);
                        }
                    }
                    Some(Tag::Run) => {
                        if let Some(paragraph) = paragraphs.last_mut()
                            && let Some(run) = paragraph.run.take()
                        {
                            append_run(paragraph, run);
                        }
                    }
                    Some(Tag::Hyperlink) => {
                        if let Some(paragraph) = paragraphs.last_mut()
                            && paragraph.links.pop() == Some(true)
                        {
                            paragraph.html.push_str("</a>");
                        }
                    }
                    Some(Tag::Table) => {
                        if table_depth <= MAX_TABLE_DEPTH {
                            self.write("</tbody></table>");
                        }
                        table_depth -= 1;
                    }
                    Some(Tag::Row) => self.write("</tr>"),
                    Some(Tag::Cell) => {
                        self.close_lists();
                        self.lists.pop();
                        self.write("</td>");
                    }
                    _ => {}
                },
                Event::Empty(e) if skip_depth == 0 => {
                    let parent = tags.last().copied();
                    let grandparent = tags.len().checked_sub(2).map(|i| tags[i]);
                    let run = paragraphs.last_mut().and_then(|p| p.run.as_mut());
                    match (e.local_name().as_ref(), parent) {
                        ("pStyle", Some(Tag::ParagraphProps)) => {
                            if let Some(p) = paragraphs.last_mut() {
                                p.style = attr(&e, "val");
                            }
                        }
                        ("outlineLvl", Some(Tag::ParagraphProps)) => {
                            if let Some(p) = paragraphs.last_mut() {
                                p.outline = outline_heading(&e);
                            }
                        }
                        ("numId", Some(Tag::NumberingProps)) => {
                            if let Some(p) = paragraphs.last_mut() {
                                p.num_id = attr(&e, "val");
                            }
                        }
                        ("ilvl", Some(Tag::NumberingProps)) => {
                            if let Some(p) = paragraphs.last_mut() {
                                p.level = attr(&e, "val").and_then(|l| l.parse().ok()).unwrap_or(0);
                            }
                        }
                        ("b", Some(Tag::RunProps)) if grandparent == Some(Tag::Run) => {
                            if let Some(r) = run {
                                r.bold = is_on(&e);
                            }
                        }
                        ("i", Some(Tag::RunProps)) if grandparent == Some(Tag::Run) => {
                            if let Some(r) = run {
                                r.italic = is_on(&e);
                            }
                        }
                        ("gridSpan", Some(Tag::CellProps)) if self.pending_cell.is_some() => {
                            let span = attr(&e, "val").and_then(|s| s.parse::<u32>().ok());
                            self.pending_cell = Some(span.unwrap_or(1).clamp(1, 63));
                        }
                        ("tab", Some(Tag::Run)) => push_text(&mut paragraphs, " "),
                        ("noBreakHyphen", Some(Tag::Run)) => push_text(&mut paragraphs, "-"),
                        ("br" | "cr", Some(Tag::Run)) => {
                            if let Some(r) = run {
                                r.html.push_str("<br>");
                            }
                        }
                        _ => {}
                    }
                }
                Event::Text(t) if skip_depth == 0 && tags.last() == Some(&Tag::Text) => {
                    push_text(&mut paragraphs, &t);
                }
                Event::CData(t) if skip_depth == 0 && tags.last() == Some(&Tag::Text) => {
                    push_text(&mut paragraphs, &t);
                }
                Event::GeneralRef(r) if skip_depth == 0 && tags.last() == Some(&Tag::Text) => {
                    let resolved = match r.resolve_char_ref() {
                        Ok(Some(c)) => c.to_string(),
                        _ => match &*r.into_inner() {
                            "amp" => "&",
                            "lt" => "<",
                            "gt" => ">",
                            "quot" => "\"",
                            "apos" => "'",
                            _ => "",
                        }
                        .to_owned(),
                    };
                    push_text(&mut paragraphs, &resolved);
                }
                Event::Eof => break,
                _ => {}
            }
        }
        if !tags.is_empty() || skip_depth > 0 {
            return Err(ExtractError::Corrupt(
                "the document ends mid-element".into(),
            ));
        }
        self.close_lists();
        Ok(())
    }

    /// Writes a finished paragraph as a heading, a list item or a paragraph; empty ones are
    /// left out (a small file of empty paragraphs would otherwise inflate into megabytes).
    fn paragraph(&mut self, mut paragraph: Paragraph) {
        if !paragraph.has_text {
            return;
        }
        for _ in paragraph.links.drain(..).filter(|open| *open) {
            paragraph.html.push_str("</a>");
        }
        let style = paragraph.style.as_deref();
        let heading = paragraph
            .outline
            .or_else(|| style.and_then(|s| self.styles.heading(s)));
        let list = match paragraph.num_id.as_deref() {
            // `numId` 0 removes the numbering a style would give.
            Some("0") => None,
            Some(num_id) => Some(ListSource::Numbering(num_id.to_owned())),
            None => style.and_then(|s| self.styles.list(s)),
        };
        match (heading, list) {
            (Some(level), _) => {
                self.close_lists();
                // The title is the page's one h1; headings start under it.
                let tag = format!("h{}", (level + 1).min(4));
                self.write(&format!("<{tag}>{}</{tag}>", paragraph.html));
            }
            (None, Some(source)) => {
                let numbered = match source {
                    ListSource::Numbering(num_id) => {
                        self.numbering.is_numbered(&num_id, paragraph.level)
                    }
                    ListSource::Named(numbered) => numbered,
                };
                let level = usize::from(paragraph.level).min(MAX_LIST_LEVEL);
                self.list_item(level, numbered, &paragraph.html);
            }
            (None, None) => {
                self.close_lists();
                self.write(&format!("<p>{}</p>", paragraph.html));
            }
        }
    }

    /// Writes a list item at `level` (from 0), opening and closing lists around it so they
    /// nest as HTML wants: a list inside an item of its parent list.
    fn list_item(&mut self, level: usize, numbered: bool, html: &str) {
        let depth = |writer: &Self| writer.lists.last().map_or(0, Vec::len);
        while depth(self) > level + 1 {
            self.close_list();
        }
        if depth(self) == level + 1
            && self
                .lists
                .last()
                .and_then(|l| l.last())
                .is_some_and(|l| l.numbered != numbered)
        {
            self.close_list();
        }
        while depth(self) < level + 1 {
            let parent_item_closed = self
                .lists
                .last_mut()
                .and_then(|l| l.last_mut())
                .filter(|l| !l.item_open)
                .map(|l| l.item_open = true)
                .is_some();
            if parent_item_closed {
                self.write("<li>");
            }
            self.write(if numbered { "<ol>" } else { "<ul>" });
            if let Some(lists) = self.lists.last_mut() {
                lists.push(OpenList {
                    numbered,
                    item_open: false,
                });
            }
        }
        let previous_open = self
            .lists
            .last_mut()
            .and_then(|l| l.last_mut())
            .map(|l| std::mem::replace(&mut l.item_open, true))
            .unwrap_or(false);
        if previous_open {
            self.write("</li>");
        }
        self.write("<li>");
        self.write(html);
    }

    fn close_list(&mut self) {
        if let Some(list) = self.lists.last_mut().and_then(Vec::pop) {
            if list.item_open {
                self.write("</li>");
            }
            self.write(if list.numbered { "</ol>" } else { "</ul>" });
        }
    }

    /// Closes the lists of the body or cell being written.
    fn close_lists(&mut self) {
        while self.lists.last().is_some_and(|l| !l.is_empty()) {
            self.close_list();
        }
    }
}

/// Adds a finished run to its paragraph, bold and italic kept.
fn append_run(paragraph: &mut Paragraph, run: Run) {
    if run.html.is_empty() {
        return;
    }
    let (open, close) = match (run.bold, run.italic) {
        (true, true) => ("<strong><em>", "</em></strong>"),
        (true, false) => ("<strong>", "</strong>"),
        (false, true) => ("<em>", "</em>"),
        (false, false) => ("", ""),
    };
    paragraph.html.push_str(open);
    paragraph.html.push_str(&run.html);
    paragraph.html.push_str(close);
}

/// Adds the file's text, escaped, to the run being read (or its paragraph).
fn push_text(paragraphs: &mut [Paragraph], text: &str) {
    let Some(paragraph) = paragraphs.last_mut() else {
        return;
    };
    paragraph.has_text |= text.chars().any(|c| !c.is_whitespace());
    match paragraph.run.as_mut() {
        Some(run) => escape_into(&mut run.html, text),
        None => escape_into(&mut paragraph.html, text),
    }
}

/// Escapes text for HTML content and attribute values; control characters are dropped.
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// A link target worth following from a resume: web and mail addresses only.
fn safe_link(target: &str) -> Option<&str> {
    let target = target.trim();
    let lower = target.get(..8).unwrap_or(target).to_ascii_lowercase();
    let allowed = ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme));
    allowed.then_some(target)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use zip::ZipWriter;
    use zip::write::SimpleFileOptions;

    use super::*;

    const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships""#;

    fn docx(parts: &[(&str, &str)]) -> Vec<u8> {
        let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, content) in parts {
            zip.start_file(*name, SimpleFileOptions::default())
                .expect("entry");
            zip.write_all(content.as_bytes()).expect("write");
        }
        zip.finish().expect("zip").into_inner()
    }

    fn body(xml: &str) -> String {
        format!(r#"<w:document {W}><w:body>{xml}</w:body></w:document>"#)
    }

    fn html_of(document: &str) -> String {
        docx_to_html(&docx(&[(DOCUMENT, &body(document))])).expect("html")
    }

    fn para(text: &str) -> String {
        format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
    }

    #[test]
    fn the_files_markup_comes_out_as_text() {
        let html = html_of(&para(
            "&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; \"quoted\" &amp; 'single'",
        ));
        assert_eq!(
            html,
            "<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot; &amp; &#39;single&#39;</p>"
        );
    }

    #[test]
    fn headings_lists_tables_and_emphasis_keep_their_shape() {
        let styles = format!(
            r#"<w:styles {W}>
            <w:style w:type="paragraph" w:styleId="Kop1"><w:name w:val="heading 1"/></w:style>
            <w:style w:type="paragraph" w:styleId="Custom"><w:basedOn w:val="Kop1"/></w:style>
            </w:styles>"#
        );
        let numbering = format!(
            r#"<w:numbering {W}>
            <w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
            <w:num w:numId="5"><w:abstractNumId w:val="3"/></w:num>
            </w:numbering>"#
        );
        let list_item = |level: u8, text: &str| {
            format!(
                r#"<w:p><w:pPr><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="5"/></w:numPr></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#
            )
        };
        let document = [
            r#"<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>Jane Doe</w:t></w:r></w:p>"#.to_owned(),
            r#"<w:p><w:pPr><w:pStyle w:val="Custom"/></w:pPr><w:r><w:t>Experience</w:t></w:r></w:p>"#.to_owned(),
            list_item(0, "First"),
            list_item(1, "Detail"),
            list_item(0, "Second"),
            r#"<w:p><w:pPr><w:pStyle w:val="ListBullet"/></w:pPr><w:r><w:t>Styled bullet</w:t></w:r></w:p>"#.to_owned(),
            r#"<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Bold</w:t></w:r><w:r><w:rPr><w:i/><w:b w:val="0"/></w:rPr><w:t> italic</w:t></w:r><w:r><w:br/><w:t>next</w:t></w:r></w:p>"#.to_owned(),
            "<w:p></w:p><w:p><w:r><w:t> </w:t></w:r></w:p>".to_owned(),
            format!(
                r#"<w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>{}</w:tc></w:tr><w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr></w:tbl>"#,
                para("Wide"),
                para("A"),
                para("B")
            ),
        ]
        .concat();
        let html = docx_to_html(&docx(&[
            (DOCUMENT, &body(&document)),
            (STYLES, &styles),
            (NUMBERING, &numbering),
        ]))
        .expect("html");
        assert_eq!(
            html,
            [
                "<h1>Jane Doe</h1>",
                "<h2>Experience</h2>",
                "<ol><li>First<ul><li>Detail</li></ul></li><li>Second</li></ol>",
                "<ul><li>Styled bullet</li></ul>",
                "<p><strong>Bold</strong><em> italic</em><br>next</p>",
                r#"<table><tbody><tr><td colspan="2"><p>Wide</p></td></tr><tr><td><p>A</p></td><td><p>B</p></td></tr></tbody></table>"#,
            ]
            .concat()
        );
    }

    #[test]
    fn only_web_and_mail_links_are_kept() {
        let rels = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
            <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/a?b=1&amp;c=&quot;x&quot;" TargetMode="External"/>
            <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target=" JavaScript:alert(1)" TargetMode="External"/>
            </Relationships>"#;
        let document = body(
            r#"<w:p><w:hyperlink r:id="rId1"><w:r><w:t>Site</w:t></w:r></w:hyperlink> <w:hyperlink r:id="rId2"><w:r><w:t>Trap</w:t></w:r></w:hyperlink></w:p>"#,
        );
        let html =
            docx_to_html(&docx(&[(DOCUMENT, &document), (RELATIONSHIPS, rels)])).expect("html");
        assert_eq!(
            html,
            r#"<p><a href="https://example.com/a?b=1&amp;c=&quot;x&quot;" rel="noopener noreferrer nofollow" target="_blank">Site</a>Trap</p>"#
        );
    }

    #[test]
    fn deletions_fallbacks_and_field_codes_are_left_out() {
        let html = html_of(
            r#"<w:p><w:r><w:t>Kept</w:t></w:r><w:del><w:r><w:delText>gone</w:delText><w:t>gone too</w:t></w:r></w:del>
            <w:r><w:instrText>HYPERLINK "x"</w:instrText></w:r>
            <mc:AlternateContent xmlns:mc="mc"><mc:Choice><w:r><w:t> box</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t> box</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>"#,
        );
        assert_eq!(html, "<p>Kept box</p>");
    }

    #[test]
    fn headers_come_first_and_footers_last() {
        let part = |root: &str, text: &str| format!("<w:{root} {W}>{}</w:{root}>", para(text));
        let html = docx_to_html(&docx(&[
            ("word/footer1.xml", &part("ftr", "Page footer")),
            (DOCUMENT, &body(&para("Body"))),
            ("word/header1.xml", &part("hdr", "jane@example.com")),
        ]))
        .expect("html");
        assert_eq!(html, "<p>jane@example.com</p><p>Body</p><p>Page footer</p>");
    }

    #[test]
    fn hostile_files_are_refused() {
        let fixture = |name: &str| {
            std::fs::read(format!(
                "{}/tests/fixtures/{name}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .expect("fixture")
        };
        assert_eq!(
            docx_to_html(&fixture("zipbomb.docx")),
            Err(ExtractError::TooLarge)
        );
        assert!(matches!(
            docx_to_html(&fixture("truncated.docx")),
            Err(ExtractError::Corrupt(_))
        ));
        assert_eq!(
            docx_to_html(&fixture("not_docx.zip")),
            Err(ExtractError::Unsupported)
        );
        assert_eq!(docx_to_html(b"%PDF-1.7"), Err(ExtractError::Unsupported));
        // Megabytes of empty paragraphs make no output, within the time budget.
        assert_eq!(
            docx_to_html(&fixture("hostile_inflating.docx")).as_deref(),
            Ok("")
        );
        // A part that never closes its elements is refused rather than half-written.
        let cut = format!(
            r#"<w:document {W}><w:body><w:tbl><w:tr><w:tc>{}"#,
            para("x")
        );
        assert!(matches!(
            docx_to_html(&docx(&[(DOCUMENT, &cut)])),
            Err(ExtractError::Corrupt(_))
        ));
    }

    #[test]
    fn output_past_the_cap_is_refused() {
        let limits = Limits {
            max_text_bytes: 10,
            ..Limits::default()
        };
        let bytes = docx(&[(DOCUMENT, &body(&para(&"x".repeat(100))))]);
        assert_eq!(
            docx_to_html_with(&bytes, &limits),
            Err(ExtractError::TooLarge)
        );
        assert!(docx_to_html(&bytes).is_ok());
    }

    #[test]
    fn deep_nesting_stays_bounded() {
        let depth = 50;
        let tables = format!(
            "{}{}{}",
            "<w:tbl><w:tr><w:tc>".repeat(depth),
            para("deep"),
            "</w:tc></w:tr></w:tbl>".repeat(depth)
        );
        let html = html_of(&tables);
        assert_eq!(html.matches("<table>").count(), MAX_TABLE_DEPTH);
        assert!(html.contains("<p>deep</p>"));
        let lists = (0..20u8)
            .map(|level| {
                format!(
                    r#"<w:p><w:pPr><w:pStyle w:val="ListBullet"/><w:numPr><w:ilvl w:val="{level}"/></w:numPr></w:pPr><w:r><w:t>L{level}</w:t></w:r></w:p>"#
                )
            })
            .collect::<String>();
        let html = html_of(&lists);
        assert_eq!(html.matches("<ul>").count(), MAX_LIST_LEVEL + 1);
        assert_eq!(html.matches("<ul>").count(), html.matches("</ul>").count());
    }
}
