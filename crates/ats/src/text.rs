//! Small text helpers shared by the parsers.

use std::sync::OnceLock;

use regex::Regex;

/// A built-in regular expression compiled once. The patterns are constants covered by tests,
/// so a failure here is a programming error, never a property of the input.
pub(crate) fn regex(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| {
        Regex::new(pattern).unwrap_or_else(|e| panic!("built-in regex {pattern:?}: {e}"))
    })
}

/// Lower-case word tokens (letters, digits and the `+#.` of "c++", "c#", "node.js").
pub(crate) fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#' || c == '.'))
        .map(|t| t.trim_matches('.'))
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

/// Words too common to say anything about fit.
pub(crate) fn is_stopword(word: &str) -> bool {
    const STOP: &[&str] = &[
        "a",
        "about",
        "across",
        "after",
        "all",
        "also",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "been",
        "both",
        "but",
        "by",
        "can",
        "candidate",
        "company",
        "day",
        "days",
        "do",
        "each",
        "etc",
        "experience",
        "for",
        "from",
        "good",
        "has",
        "have",
        "help",
        "i",
        "in",
        "including",
        "into",
        "is",
        "it",
        "its",
        "job",
        "join",
        "looking",
        "more",
        "must",
        "need",
        "new",
        "nice",
        "not",
        "of",
        "on",
        "one",
        "or",
        "our",
        "over",
        "plus",
        "preferred",
        "required",
        "requirements",
        "responsibilities",
        "role",
        "should",
        "skills",
        "strong",
        "team",
        "that",
        "the",
        "their",
        "this",
        "to",
        "up",
        "us",
        "we",
        "week",
        "well",
        "who",
        "will",
        "with",
        "work",
        "working",
        "year",
        "years",
        "you",
        "your",
        "able",
        "ability",
        "hands",
        "on",
        "per",
        "within",
        "using",
    ];
    STOP.contains(&word)
}

/// "PRIYA SHARMA" → "Priya Sharma", "O'BRIEN" → "O'Brien", "NÚÑEZ-ÁLVAREZ" → "Núñez-Álvarez".
pub(crate) fn title_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut start_of_word = true;
    for c in s.chars() {
        if start_of_word {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start_of_word = matches!(c, ' ' | '-' | '\'');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_cases_names() {
        assert_eq!(title_case("PRIYA SHARMA"), "Priya Sharma");
        assert_eq!(title_case("TOMÁS O'BRIEN-NÚÑEZ"), "Tomás O'Brien-Núñez");
    }

    #[test]
    fn tokenises_tech_words() {
        let t: Vec<String> = tokens("Built C++/C# and Node.js, done.").collect();
        assert_eq!(t, ["built", "c++", "c#", "and", "node.js", "done"]);
    }
}
