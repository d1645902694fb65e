//! Word's paragraph styles and list numbering, as far as the HTML needs them: which styles are
//! headings, which paragraphs are list items and whether their lists are numbered.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::super::docx::attribute as attr;

/// A WordprocessingML on/off property (`<w:b/>`, `<w:b w:val="false"/>`).
pub(super) fn is_on(element: &BytesStart) -> bool {
    !matches!(attr(element, "val").as_deref(), Some("0" | "false" | "off"))
}

/// What a paragraph style makes of its paragraphs.
#[derive(Debug, Default, Clone)]
pub(super) struct StyleDef {
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
pub(super) struct Styles {
    by_id: HashMap<String, StyleDef>,
}

/// A heading level or list kind from a style's name or id, written any way ("heading 1",
/// "Heading1", "List Bullet 2").
pub(super) fn by_name(name: &str) -> (Option<u8>, Option<bool>) {
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
    pub(super) fn parse(xml: &str) -> Styles {
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
    pub(super) fn chain<'a>(
        &'a self,
        id: &'a str,
    ) -> impl Iterator<Item = (&'a str, Option<&'a StyleDef>)> {
        let mut next = Some(id);
        std::iter::from_fn(move || {
            let id = next.take()?;
            let style = self.by_id.get(id);
            next = style.and_then(|s| s.based_on.as_deref());
            Some((id, style))
        })
        .take(10)
    }

    pub(super) fn heading(&self, id: &str) -> Option<u8> {
        self.chain(id).find_map(|(id, style)| match style {
            Some(style) => style.heading,
            // Without a styles part, the built-in ids still say it ("Heading1", "Title").
            None => by_name(id).0,
        })
    }

    /// Whether the style makes list items, and if so, whether numbered (`Some(None)`: a list
    /// whose kind the numbering part decides).
    pub(super) fn list(&self, id: &str) -> Option<ListSource> {
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
pub(super) fn outline_heading(element: &BytesStart) -> Option<u8> {
    attr(element, "val")
        .and_then(|v| v.parse::<u8>().ok())
        .filter(|l| *l < 9)
        .map(|l| l + 1)
}

/// Where a list item's kind comes from.
#[derive(Debug, Clone)]
pub(super) enum ListSource {
    /// A numbering definition (`numId`), to look up per level.
    Numbering(String),
    /// A style's name: numbered or bulleted.
    Named(bool),
}

/// Which list levels are numbered (`word/numbering.xml`): anything but bullets and no marker.
#[derive(Debug, Default)]
pub(super) struct Numbering {
    /// Abstract numbering id → numbered levels.
    numbered_levels: HashMap<String, Vec<u8>>,
    /// Numbering id → abstract numbering id.
    abstract_of: HashMap<String, String>,
}

impl Numbering {
    pub(super) fn parse(xml: &str) -> Numbering {
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

    pub(super) fn is_numbered(&self, num_id: &str, level: u8) -> bool {
        self.abstract_of
            .get(num_id)
            .and_then(|a| self.numbered_levels.get(a))
            .is_some_and(|levels| levels.contains(&level))
    }
}
