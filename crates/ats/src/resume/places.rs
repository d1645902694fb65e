//! Places a resume names, and the countries they imply, for reading phone numbers written in
//! national format ("Seattle, WA" makes `(206) 403-7494` a US number). The table is
//! `data/places.tsv`: countries, states and large cities, in English and in their own scripts.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};
use regex::Regex;

use super::phone::Region;
use crate::text::regex;

const DATA: &str = include_str!("../../data/places.tsv");

/// Two-letter codes of US states and Canadian provinces, as written after a city.
const US_STATES: &[&str] = &[
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
    "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
    "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
    "WI", "WY", "DC",
];
const CA_PROVINCES: &[&str] = &[
    "AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
];

struct Table {
    /// `None` only if the table could not be compiled (it is fixed at build time).
    matcher: Option<AhoCorasick>,
    regions: Vec<Region>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut names = Vec::new();
        let mut regions = Vec::new();
        for line in DATA.lines().filter(|l| !l.starts_with('#')) {
            let Some((name, code)) = line.split_once('\t') else {
                continue;
            };
            if let Some(region) = Region::new(code) {
                names.push(name.to_string());
                regions.push(region);
            }
        }
        let matcher = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&names)
            .ok();
        Table { matcher, regions }
    })
}

/// Scripts written without spaces between words: a place name is found anywhere in them.
fn unspaced(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}'
        | '\u{1100}'..='\u{11FF}' | '\u{F900}'..='\u{FAFF}')
}

fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let first = text[start..end].chars().next();
    let last = text[start..end].chars().next_back();
    let edge_ok = |edge: Option<char>, neighbour: Option<char>| {
        edge.is_some_and(unspaced) || !neighbour.is_some_and(char::is_alphanumeric)
    };
    edge_ok(first, before) && edge_ok(last, after)
}

/// The countries the places in `text` imply, in order of first mention, without repeats.
pub(crate) fn regions_in(text: &str) -> Vec<Region> {
    static CODE: OnceLock<Regex> = OnceLock::new();
    let code = regex(
        &CODE,
        r"(?m)\b\p{Lu}\p{Ll}[\p{L}.\-]*,?\s([A-Z]{2})(?:\s*$|\s*[,|);•·]|\s+\d{5})",
    );
    let lower = text.to_lowercase();
    let table = table();
    // (position, region): lower-casing can move byte offsets, so positions are only compared
    // within each source; the table's matches come first when both name one line.
    let mut found: Vec<(usize, Region)> = Vec::new();
    for m in table.matcher.iter().flat_map(|a| a.find_iter(&lower)) {
        if whole_word(&lower, m.start(), m.end())
            && let Some(r) = table.regions.get(m.pattern().as_usize())
        {
            found.push((m.start(), *r));
        }
    }
    for c in code.captures_iter(text) {
        let Some(state) = c.get(1) else { continue };
        let country = if US_STATES.contains(&state.as_str()) {
            "US"
        } else if CA_PROVINCES.contains(&state.as_str()) {
            "CA"
        } else {
            continue;
        };
        if let Some(r) = Region::new(country) {
            found.push((state.start(), r));
        }
    }
    found.sort_by_key(|(at, _)| *at);
    let mut out: Vec<Region> = Vec::new();
    for (_, r) in found {
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<String> {
        regions_in(text)
            .iter()
            .map(|r| r.code().to_string())
            .collect()
    }

    #[test]
    fn cities_states_and_countries_in_any_script() {
        assert_eq!(codes("University of Washington (Seattle WA)"), ["US"]);
        assert_eq!(codes("Andover, MN, (763)-226-6497"), ["US"]);
        assert_eq!(codes("Toronto, ON, M5T 0C8"), ["CA"]);
        assert_eq!(codes("Москва, Россия"), ["RU"]);
        assert_eq!(codes("📍 경기도 부천시"), ["KR"]);
        assert_eq!(codes("江苏省南京市鼓楼区汉口路"), ["CN"]);
        assert_eq!(codes("Βύρωνας, Αθήνα"), ["GR"]);
        assert_eq!(codes("Iran, Tehran | Berlin"), ["IR", "DE"]);
    }

    #[test]
    fn words_inside_other_words_and_ambiguous_names_name_no_country() {
        // "Georgia" is a US state and a country; it is left out of the table.
        assert!(codes("Georgia Tech alumni").is_empty());
        assert!(codes("Indianapolis-style Rusty code, Parisian cafe").is_empty());
        assert!(codes("I am OK, IN time").is_empty());
        // "MS" after a word is Microsoft, not Mississippi, unless it ends the place.
        assert!(codes("Figma, MS Office").is_empty());
    }
}
