//! The one step every text passes through before it is graded: what must not move a grade is
//! replaced by a fixed neutral form, so the grade is blind to it by construction rather than by
//! the hope that the signals ignore it. Gendered pronouns, titles and role nouns become their
//! neutral forms; a name the candidate gives for themself, e-mail addresses, phone numbers, URLs,
//! street addresses and postcodes become [`TOKEN`]. Two answers that differ only in those things
//! have the same neutral text, hence the same grade, whatever the embedding model makes of names
//! or places (issue 32 §3; `tests/assess/counterfactual.rs` checks it).
//!
//! The grader reads the neutral text but quotes the original: [`Neutral::span`] maps a span of
//! the neutral text back to the original's chars.

use std::sync::LazyLock;

use regex::Regex;

use crate::text::words;

/// What a removed name or contact detail becomes: no letters or digits, so it is no word to the
/// lexical signals, and the same for every candidate.
pub const TOKEN: &str = "\u{2026}";

/// A text with its neutral form and, for every char of the neutral form, the original chars it
/// stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Neutral {
    text: String,
    /// Per neutral char: the first original char of what it replaces.
    starts: Vec<usize>,
    /// Per neutral char: one past the last original char of what it replaces.
    ends: Vec<usize>,
}

impl Neutral {
    /// The neutral form of `original`.
    pub fn of(original: &str) -> Self {
        let chars: Vec<char> = original.chars().collect();
        let mut out = Self {
            text: String::with_capacity(original.len()),
            starts: Vec::with_capacity(chars.len()),
            ends: Vec::with_capacity(chars.len()),
        };
        let mut at = 0;
        for r in replacements(original) {
            for (i, &c) in chars.iter().enumerate().take(r.start).skip(at) {
                out.push(c, i, i + 1);
            }
            for c in r.with.chars() {
                out.push(c, r.start, r.end);
            }
            at = r.end;
        }
        for (i, &c) in chars.iter().enumerate().skip(at) {
            out.push(c, i, i + 1);
        }
        out
    }

    fn push(&mut self, c: char, start: usize, end: usize) {
        self.text.push(c);
        self.starts.push(start);
        self.ends.push(end);
    }

    /// The neutral text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The original chars that the neutral chars `start..end` stand for.
    pub fn span(&self, start: usize, end: usize) -> (usize, usize) {
        let from = self
            .starts
            .get(start)
            .copied()
            .unwrap_or(self.len_original());
        let to = match end.checked_sub(1).and_then(|last| self.ends.get(last)) {
            Some(&e) if end > start => e,
            _ => from,
        };
        (from, to)
    }

    fn len_original(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }
}

/// The neutral form of a text whose positions do not matter (a rubric's texts).
pub fn neutral(text: &str) -> String {
    Neutral::of(text).text
}

/// Original chars `start..end` become `with`.
#[derive(Debug)]
struct Replacement {
    start: usize,
    end: usize,
    with: String,
}

/// Every replacement in `text`, in order and without overlaps: contact details first, then
/// self-introduced names, titles and gendered words, an earlier kind winning an overlap.
fn replacements(text: &str) -> Vec<Replacement> {
    let char_at = char_index(text);
    let mut found: Vec<Replacement> = Vec::new();
    let mut add = |start: usize, end: usize, with: String| {
        let (start, end) = (char_at[start], char_at[end]);
        if !found.iter().any(|r| r.start < end && start < r.end) {
            found.push(Replacement { start, end, with });
        }
    };
    for re in [&*EMAIL, &*URL, &*STREET] {
        for m in re.find_iter(text) {
            add(m.start(), m.end(), TOKEN.into());
        }
    }
    for m in PHONE.find_iter(text).filter(|m| is_phone(m.as_str())) {
        add(m.start(), m.end(), TOKEN.into());
    }
    for re in [&*POSTCODE, &*CODE_AFTER_PLACE] {
        for c in re.captures_iter(text) {
            // "The 100000 rows" is a count: a place is no function word.
            let after_word = c
                .name("place")
                .is_some_and(|p| words(p.as_str()).iter().any(|w| w.is_function()));
            if let Some(m) = c.name("code").filter(|_| !after_word) {
                add(m.start(), m.end(), TOKEN.into());
            }
        }
    }
    let mut names = Vec::new();
    for re in [&*NAME_GIVEN, &*NAME_OPENING] {
        for c in re.captures_iter(text) {
            if let Some(m) = c.name("name").or_else(|| c.name("here")) {
                // Short words ("I", "Al") are too common to remove wherever they occur.
                names.extend(
                    m.as_str()
                        .split_whitespace()
                        .filter(|w| w.chars().count() >= 3)
                        .map(str::to_owned),
                );
                add(m.start(), m.end(), TOKEN.into());
            }
        }
    }
    for c in TITLE.captures_iter(text) {
        if let Some(m) = c.name("title").or_else(|| c.name("vocative")) {
            add(m.start(), m.end(), "Mx".into());
        }
    }
    let chars: Vec<char> = text.chars().collect();
    let ws = words(text);
    let byte_at = byte_index(text);
    for (i, w) in ws.iter().enumerate() {
        let original: String = chars[w.start..w.end].iter().collect();
        let with = if names.contains(&original) {
            // The name said again later in the answer.
            Some(TOKEN.to_owned())
        } else {
            neutral_word(&w.lower, &chars, &ws, i).map(|n| same_case(&original, &n))
        };
        if let Some(with) = with {
            add(byte_at[w.start], byte_at[w.end], with);
        }
    }
    found.sort_by_key(|r| r.start);
    found
}

/// For every byte offset that starts a char (and the end), its char index.
fn char_index(text: &str) -> Vec<usize> {
    let mut at = vec![0; text.len() + 1];
    for (n, (b, _)) in text.char_indices().enumerate() {
        at[b] = n;
    }
    at[text.len()] = text.chars().count();
    at
}

/// For every char index (and the end), its byte offset.
fn byte_index(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(b, _)| b)
        .chain([text.len()])
        .collect()
}

/// The neutral form of word `i` (lower-case), when it is gendered.
fn neutral_word(lower: &str, chars: &[char], ws: &[crate::text::Word], i: usize) -> Option<String> {
    let (base, suffix) = match lower.find(['\'', '\u{2019}']) {
        Some(at) => lower.split_at(at),
        None => (lower, ""),
    };
    let with = match base {
        "he" | "she" => "they",
        "himself" | "herself" => "themself",
        // "her" is "him" or "his" by grammar alone, so all four take their form from the
        // context, never from the word: any one swapped for another reads the same.
        "him" | "his" | "her" | "hers" => object_or_possessive(chars, ws, i),
        _ => return role_noun(base).map(|n| format!("{n}{suffix}")),
    };
    Some(format!("{with}{suffix}"))
}

/// "their" before a noun phrase, "theirs" after "is", "of" or "not", else "them".
fn object_or_possessive(chars: &[char], ws: &[crate::text::Word], i: usize) -> &'static str {
    let next = ws.get(i + 1).filter(|n| {
        chars[ws[i].end..n.start].iter().all(|c| c.is_whitespace())
            && (n.is_content() || n.lower == "own")
    });
    if next.is_some() {
        return "their";
    }
    let before = i.checked_sub(1).map(|p| ws[p].lower.as_str());
    match before {
        Some("is" | "was" | "are" | "were" | "be" | "been" | "of" | "not") => "theirs",
        _ => "them",
    }
}

/// Gendered nouns and their neutral forms, singular and plural.
fn role_noun(lower: &str) -> Option<&'static str> {
    Some(match lower {
        "chairman" | "chairwoman" => "chair",
        "chairmen" | "chairwomen" => "chairs",
        "salesman" | "saleswoman" => "salesperson",
        "salesmen" | "saleswomen" => "salespeople",
        "spokesman" | "spokeswoman" => "spokesperson",
        "spokesmen" | "spokeswomen" => "spokespeople",
        "businessman" | "businesswoman" => "businessperson",
        "businessmen" | "businesswomen" => "businesspeople",
        "foreman" | "forewoman" => "supervisor",
        "foremen" | "forewomen" => "supervisors",
        "policeman" | "policewoman" => "officer",
        "policemen" | "policewomen" => "officers",
        "fireman" | "firewoman" => "firefighter",
        "firemen" | "firewomen" => "firefighters",
        "waiter" | "waitress" => "server",
        "waiters" | "waitresses" => "servers",
        "actress" => "actor",
        "actresses" => "actors",
        "husband" | "wife" => "spouse",
        "husbands" | "wives" => "spouses",
        "boyfriend" | "girlfriend" => "partner",
        "boyfriends" | "girlfriends" => "partners",
        "father" | "mother" => "parent",
        "fathers" | "mothers" => "parents",
        "son" | "daughter" => "child",
        "sons" | "daughters" => "children",
        "brother" | "sister" => "sibling",
        "brothers" | "sisters" => "siblings",
        "man" | "woman" | "gentleman" | "lady" => "person",
        "men" | "women" | "gentlemen" | "ladies" => "people",
        "boy" | "girl" => "child",
        "boys" | "girls" => "children",
        "guy" | "gal" => "person",
        _ => return None,
    })
}

/// `with` in the case of `original`: all capitals, a capital first, or as it is.
fn same_case(original: &str, with: &str) -> String {
    let letters: Vec<char> = original.chars().filter(|c| c.is_alphabetic()).collect();
    if letters.len() > 1 && letters.iter().all(|c| c.is_uppercase()) {
        return with.to_uppercase();
    }
    match original.chars().next() {
        Some(c) if c.is_uppercase() => {
            let mut cs = with.chars();
            cs.next()
                .map(|f| f.to_uppercase().chain(cs).collect())
                .unwrap_or_default()
        }
        _ => with.to_owned(),
    }
}

/// A run of digits and separators is a phone number when it has 7 to 15 digits and reads as
/// one: an international prefix or area code in brackets, a leading 0, or a last group of four
/// or more (which thousands, IP addresses and most dates do not have; a day-month-year date and
/// a list of years are refused by their shape).
fn is_phone(run: &str) -> bool {
    let groups: Vec<&str> = run
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    let digits: usize = groups.iter().map(|g| g.len()).sum();
    if !(7..=15).contains(&digits) {
        return false;
    }
    let date =
        groups.len() == 3 && groups[0].len() <= 2 && groups[1].len() <= 2 && groups[2].len() == 4;
    let last_long = groups.len() >= 2 && groups.last().is_some_and(|g| g.len() >= 4);
    let years = groups
        .iter()
        .all(|g| g.len() == 4 && (g.starts_with("19") || g.starts_with("20")));
    !date && !years && (run.starts_with(['+', '(']) || run.starts_with('0') || last_long)
}

fn compile(re: &str) -> Regex {
    // The patterns are constants of this file, checked by its tests.
    #[allow(clippy::expect_used)]
    Regex::new(re).expect("a valid pattern")
}

static EMAIL: LazyLock<Regex> = LazyLock::new(|| compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+"));
static URL: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"(?i)\b(?:https?://|www\.)[^\s<>]*[^\s<>.,;:!?)]|\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|me|co|uk|in|ca)/[^\s<>]*[^\s<>.,;:!?)]",
    )
});
static PHONE: LazyLock<Regex> = LazyLock::new(|| compile(r"(?:\+|\()?\d[\d ().-]{5,}\d"));
/// A street number, up to four capitalised words and a street type, then any place names,
/// state or province codes and postcodes that follow it (so the city changes nothing either).
static STREET: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"\b\d+[A-Za-z]?,?\s+(?:\p{Lu}[\p{L}'-]*\.?\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Close|Crescent|Square|Sq|Highway|Hwy|Marg|Nagar|Parkway)\b(?:,?[ \t]+(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b|[A-Z]\d[A-Z] ?\d[A-Z]\d\b|\d{5}(?:-\d{4})?\b|\d{6}\b|\d{3} \d{3}\b|\p{Lu}[\p{L}'-]*))*",
    )
});
/// UK and Canadian postcodes by their shape, which no word or number has.
static POSTCODE: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"\b(?P<code>[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b")
});
/// A US ZIP or an Indian PIN only after a place name, a state code or the word itself: alone,
/// five or six digits are as likely a count.
static CODE_AFTER_PLACE: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"(?:\b(?P<place>\p{Lu}[\p{L}'-]*)|(?i:\b(?:zip|pin|postal|post)\s*code|\bzip|\bpin(?:code)?)),?\s*[-:]?\s*(?P<code>\d{5}(?:-\d{4})?|\d{6}|\d{3} \d{3})\b",
    )
});
const NAME: &str = r"\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,3}";
/// "My name is X", anywhere.
static NAME_GIVEN: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?i:\bmy\s+name\s+is|\bmy\s+name's|\bi\s+am\s+called|\bcall\s+me)\s+(?P<name>{NAME})"
    ))
});
/// "I'm X", "This is X" or "X here" as the answer's opening words.
static NAME_OPENING: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^\W*(?:(?i:hi|hello|hey|good\s+(?:morning|afternoon|evening))\W+)?(?:(?i:i'm|i’m|i\s+am|this\s+is)\s+(?P<name>{NAME})|(?P<here>{NAME})\s+here\b)"
    ))
});
static TITLE: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"(?:\b(?P<title>(?:Mr|Mrs|Ms|Miss|Mister|Sir|Madam|Dame|Lord|Lady)\b\.?)\s+\p{Lu})|(?P<vocative>\b(?i:sir|madam|ma'am)\b)",
    )
});

#[cfg(test)]
mod tests;
