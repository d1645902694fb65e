//! The HTML writer: WordprocessingML events in, escaped HTML with a handful of elements out.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::super::docx::attribute as attr;
use super::super::{Budget, ExtractError};
use super::styles::{ListSource, Numbering, Styles, is_on, outline_heading};
use super::{EVENTS_PER_CHECK, MAX_LIST_LEVEL, MAX_PARAGRAPH_DEPTH, MAX_TABLE_DEPTH};

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
pub(super) struct HtmlWriter<'a> {
    styles: &'a Styles,
    numbering: &'a Numbering,
    pub(super) out: String,
    cap: usize,
    /// The lists open in the body and in each table cell being written, innermost last.
    lists: Vec<Vec<OpenList>>,
    /// A cell whose `<td>` waits for its `colspan` (in the cell's properties, after its start).
    pending_cell: Option<u32>,
}

impl<'a> HtmlWriter<'a> {
    pub(super) fn new(styles: &'a Styles, numbering: &'a Numbering, cap: usize) -> Self {
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
    pub(super) fn part(
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
