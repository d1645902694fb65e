use super::*;

fn n(text: &str) -> String {
    neutral(text)
}

#[test]
fn pronouns_take_their_form_from_the_context_not_the_word() {
    assert_eq!(
        n("He said his team trusted him. She said her team trusted her."),
        "They said their team trusted them. They said their team trusted them."
    );
    assert_eq!(
        n("The idea was his, not hers."),
        "The idea was theirs, not theirs."
    );
    assert_eq!(
        n("She's sure he'd fix it himself"),
        "They's sure they'd fix it themself"
    );
    assert_eq!(n("HE did"), "THEY did");
    // Words that only contain a pronoun stay.
    assert_eq!(n("the shell here history"), "the shell here history");
}

#[test]
fn titles_and_role_nouns_become_neutral() {
    assert_eq!(n("Mr. Smith met Mrs Jones"), "Mx Smith met Mx Jones");
    assert_eq!(n("Thank you, sir."), "Thank you, Mx.");
    // "miss" the verb and "ms" the unit are no titles.
    assert_eq!(
        n("Miss the deadline by 10 ms"),
        "Miss the deadline by 10 ms"
    );
    assert_eq!(
        n("The chairman's wife and two salesmen"),
        "The chair's spouse and two salespeople"
    );
}

#[test]
fn self_introduced_names_are_removed_wherever_they_recur() {
    assert_eq!(
        n("Hi, I'm Priya Sharma. An index"),
        "Hi, I'm \u{2026}. An index"
    );
    assert_eq!(n("Jamal here, so"), "\u{2026} here, so");
    assert_eq!(
        n("Well, my name is José García and García is"),
        "Well, my name is \u{2026} and \u{2026} is"
    );
    // "I am" later in an answer is no introduction.
    assert_eq!(n("So I am Sure"), "So I am Sure");
}

#[test]
fn contact_details_and_places_become_one_token() {
    let t = TOKEN;
    assert_eq!(
        n("Mail emily.walsh@example.com or see https://github.com/ew."),
        format!("Mail {t} or see {t}.")
    );
    for phone in [
        "+44 20 7946 0958",
        "(555) 123-4567",
        "555-123-4567",
        "098765 43210",
    ] {
        assert_eq!(
            n(&format!("call {phone} now")),
            format!("call {t} now"),
            "{phone}"
        );
    }
    for address in [
        "221B Baker Street, London NW1 6XE",
        "1600 Pennsylvania Avenue NW, Washington, DC 20500",
        "12 MG Road, Bengaluru 560001",
        "350 Bloor Street West, Toronto, ON M5S 1A1",
    ] {
        assert_eq!(
            n(&format!("I live at {address}. An")),
            format!("I live at {t}. An")
        );
    }
    assert_eq!(n("near SW1A 1AA and K1A 0B1"), format!("near {t} and {t}"));
    assert_eq!(n("Springfield, IL 62704"), format!("Springfield, IL {t}"));
    // Counts, years, versions, dates and addresses of machines stay.
    let kept = "The 100000 rows, 1 000 000 users, 2019 2020, v1.2.3, 15.01.2024, 192.168.1.1";
    assert_eq!(n(kept), kept);
}

#[test]
fn spans_of_the_neutral_text_map_back_to_the_original() {
    let original = "Hi, I'm Emily Walsh. She said her index was fast.";
    let neutral = Neutral::of(original);
    assert_eq!(
        neutral.text(),
        "Hi, I'm \u{2026}. They said their index was fast."
    );
    let chars: Vec<char> = original.chars().collect();
    let shown = |s: usize, e: usize| -> String {
        let (a, b) = neutral.span(s, e);
        chars[a..b].iter().collect()
    };
    let text: Vec<char> = neutral.text().chars().collect();
    let find = |needle: &str| -> (usize, usize) {
        let t: String = text.iter().collect();
        let byte = t.find(needle).unwrap_or(usize::MAX);
        let start = t[..byte].chars().count();
        (start, start + needle.chars().count())
    };
    let (s, e) = find("They said their index was fast.");
    assert_eq!(shown(s, e), "She said her index was fast.");
    let (s, e) = find("\u{2026}");
    assert_eq!(shown(s, e), "Emily Walsh");
    let (s, e) = find("index");
    assert_eq!(shown(s, e), "index");
    // A span that starts inside a replacement takes all of it.
    let (s, _) = find("They");
    assert_eq!(shown(s + 1, s + 3), "She");
    assert_eq!(
        neutral.span(text.len(), text.len()),
        (chars.len(), chars.len())
    );
}

#[test]
fn texts_without_anything_to_neutralise_are_unchanged() {
    let text = "An index is a B-tree: reads get faster, writes slower (about 10%).";
    let neutral = Neutral::of(text);
    assert_eq!(neutral.text(), text);
    assert_eq!(neutral.span(3, 8), (3, 8));
}
