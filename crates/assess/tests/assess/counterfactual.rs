//! Counterfactual tests (issue 32 §3): every answer of the interview set and a fixed sample of
//! the public sets is varied in what must not matter (gendered words and titles, the name the
//! candidate introduces themself with, across gender and ethnic associations, e-mail addresses,
//! phone numbers, street addresses and postcodes), and every variant must get exactly the same
//! grade as the others of its family, with the lexical grader and with the installed model.

use std::collections::BTreeMap;
use std::path::Path;

use assess::{Grade, Grader, Rubric};
use serde_json::Value;

/// Public answers sampled, evenly through the files so every dataset keeps its share.
const PUBLIC_SAMPLE: usize = 300;
/// The model grader embeds every variant afresh (about 0.2 s each in a test build): one answer
/// in this many of the interview set and of the public sample keeps it near a minute.
const MODEL_EVERY: usize = 16;
const MODEL_PUBLIC_EVERY: usize = 60;

const NAMES: [&str; 8] = [
    "Emily Walsh",
    "Jamal Washington",
    "Priya Sharma",
    "Wei Zhang",
    "José García",
    "Olusegun Adeyemi",
    "Dmitri Ivanov",
    "Fatima Al-Sayed",
];

/// Contact details as a candidate might volunteer them, from five countries.
const CONTACTS: [(&str, &str, &str); 5] = [
    (
        "emily.walsh@example.co.uk",
        "+44 20 7946 0958",
        "221B Baker Street, London NW1 6XE",
    ),
    (
        "jamal.w@example.com",
        "(555) 123-4567",
        "1600 Pennsylvania Avenue NW, Washington, DC 20500",
    ),
    (
        "priya_sharma91@example.in",
        "+91 98765 43210",
        "12 MG Road, Bengaluru 560001",
    ),
    (
        "wzhang@example.ca",
        "416-555-0199",
        "350 Bloor Street West, Toronto, ON M5S 1A1",
    ),
    (
        "o.adeyemi@example.ng",
        "+234 802 123 4567",
        "15 Awolowo Road, Ikoyi, Lagos 101233",
    ),
];

/// Gendered words and their counterparts; `her` stands for both `him` and `his`.
const SWAPS: [(&str, &str); 16] = [
    ("he", "she"),
    ("him", "her"),
    ("his", "her"),
    ("himself", "herself"),
    ("mr", "ms"),
    ("mrs", "mr"),
    ("sir", "madam"),
    ("husband", "wife"),
    ("boyfriend", "girlfriend"),
    ("father", "mother"),
    ("son", "daughter"),
    ("brother", "sister"),
    ("man", "woman"),
    ("men", "women"),
    ("chairman", "chairwoman"),
    ("salesman", "saleswoman"),
];

struct Item {
    id: String,
    rubric: Rubric,
    answer: String,
}

fn item(v: &Value) -> Item {
    let text = |k: &str| v[k].as_str().map(str::to_owned);
    Item {
        id: text("id").unwrap(),
        rubric: Rubric {
            question: text("question").unwrap_or_default(),
            reference: text("reference"),
            key_points: v["keyPoints"]
                .as_array()
                .map(|ks| {
                    ks.iter()
                        .filter_map(|k| k.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
        },
        answer: text("answer").unwrap(),
    }
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every `own_every`-th answer of the interview set, and every `public_every`-th of the public
/// sample when the public sets are present (one line says so when they are not).
fn items(own_every: usize, public_every: usize) -> Vec<Item> {
    let own = lines(&Path::new(env!("CARGO_MANIFEST_DIR")).join("eval/interview.jsonl"));
    assert_eq!(own.len(), 80);
    let mut out: Vec<Item> = own.iter().step_by(own_every).map(item).collect();
    match super::eval::public_data() {
        Some(dir) => {
            let all: Vec<Value> = ["semeval.jsonl", "saf-en.jsonl"]
                .iter()
                .flat_map(|f| lines(&dir.join(f)))
                .collect();
            let step = (all.len() / PUBLIC_SAMPLE).max(1);
            out.extend(
                all.iter()
                    .step_by(step)
                    .take(PUBLIC_SAMPLE)
                    .step_by(public_every)
                    .map(item),
            );
        }
        None => eprintln!("public answer sets not found (eval/SOURCES.md): the interview set only"),
    }
    out
}

/// `text` with every gendered word of [`SWAPS`] turned to the other side (`to_female`) or
/// back, in the case it was written in.
fn swap_gender(text: &str, to_female: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut at = 0;
    for w in assess::text::words(text) {
        let found = SWAPS.iter().find_map(|&(m, f)| {
            let (from, to) = if to_female { (m, f) } else { (f, m) };
            (w.lower == from).then_some(to)
        });
        if let Some(to) = found {
            out.extend(&chars[at..w.start]);
            let first_upper = chars[w.start].is_uppercase();
            let mut cs = to.chars();
            if let Some(c) = cs.next() {
                out.extend(if first_upper {
                    c.to_uppercase().collect::<Vec<_>>()
                } else {
                    vec![c]
                });
            }
            out.extend(cs);
            at = w.end;
        }
    }
    out.extend(&chars[at..]);
    out
}

/// Families of variants of one answer that differ only in what must not matter.
fn families(answer: &str) -> Vec<(&'static str, Vec<String>)> {
    let across_names = |make: &dyn Fn(&str) -> String| NAMES.iter().map(|n| make(n)).collect();
    let first = |n: &str| n.split(' ').next().unwrap_or(n).to_owned();
    vec![
        (
            "gendered words",
            vec![
                answer.to_owned(),
                swap_gender(answer, true),
                swap_gender(answer, false),
            ],
        ),
        (
            "titles",
            [
                ("Mr", "sir"),
                ("Ms", "madam"),
                ("Mrs", "ma'am"),
                ("Miss", "madam"),
                ("Mr.", "Sir"),
            ]
            .iter()
            .map(|(title, address)| {
                format!("As {title} Okafor asked: {answer} Thank you, {address}.")
            })
            .collect(),
        ),
        (
            "introduced as",
            across_names(&|n| format!("Hi, I'm {n}. {answer}")),
        ),
        (
            "my name is",
            across_names(&|n| format!("{answer} My name is {n}, thank you.")),
        ),
        (
            "first name here",
            across_names(&|n| format!("{} here. {answer}", first(n))),
        ),
        (
            "contact details",
            CONTACTS
                .iter()
                .map(|(email, phone, address)| {
                    format!(
                        "{answer} You can reach me at {email} or on {phone}, and I live at \
                         {address}."
                    )
                })
                .collect(),
        ),
    ]
}

/// What a grade says about the answer, without its quotes (they point at each variant's own
/// words): exact numbers, no tolerance.
fn verdict(g: &Grade) -> String {
    let covered: Vec<(usize, f64)> = g.covered.iter().map(|c| (c.index, c.strength)).collect();
    let missing: Vec<(usize, f64)> = g.missing.iter().map(|m| (m.index, m.strength)).collect();
    let contradicted: Vec<usize> = g.contradictions.iter().map(|c| c.index).collect();
    format!(
        "score {} covered {covered:?} missing {missing:?} contradicted {contradicted:?} flags \
         {:?} confidence {} features {:?}",
        g.score, g.flags, g.confidence.value, g.features
    )
}

/// Grades every variant on its own and counts them; fails with every family that disagrees.
fn check(grader: &Grader, items: &[Item]) -> usize {
    let mut variants = 0;
    let mut broken = BTreeMap::new();
    for it in items {
        for (family, texts) in families(&it.answer) {
            let verdicts: Vec<String> = texts
                .iter()
                .map(|t| verdict(&grader.grade(&it.rubric, t).unwrap()))
                .collect();
            variants += texts.len();
            if verdicts.iter().any(|v| *v != verdicts[0]) {
                broken.insert(format!("{} / {family}", it.id), (texts, verdicts));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} families differ: {broken:#?}",
        broken.len()
    );
    variants
}

#[test]
fn lexical_grades_are_blind_to_gender_names_and_contact_details() {
    let items = items(1, 1);
    let variants = check(&Grader::lexical(), &items);
    eprintln!(
        "lexical: {} answers, {variants} variants, all grades identical",
        items.len()
    );
}

#[test]
fn model_grades_are_blind_to_gender_names_and_contact_details() {
    let model = assess::MiniLm::locate().unwrap_or_else(|e| panic!("{e}"));
    let items = items(MODEL_EVERY, MODEL_PUBLIC_EVERY);
    let variants = check(&Grader::with_model(Box::new(model)), &items);
    eprintln!(
        "model: {} answers, {variants} variants, all grades identical",
        items.len()
    );
}

#[test]
fn the_variants_do_change_the_text() {
    let answer = "He told his manager that the chairman and her husband agreed.";
    let swapped = swap_gender(answer, true);
    assert_eq!(
        swapped,
        "She told her manager that the chairwoman and her wife agreed."
    );
    assert_eq!(
        swap_gender(&swapped, false),
        // "her" goes back as "him" even where "his" is meant: the grade must not care.
        "He told him manager that the chairman and him husband agreed."
    );
    for (family, texts) in families(answer) {
        assert!(texts.len() >= 3, "{family}");
        let distinct: std::collections::HashSet<&String> = texts.iter().collect();
        assert!(distinct.len() >= 2, "{family}: {texts:?}");
    }
}

#[test]
fn quotes_point_at_the_candidates_own_words() {
    let rubric = Rubric {
        question: "What does an index cost?".into(),
        reference: None,
        key_points: vec!["Writes get slower because the index must be updated".into()],
    };
    let answer = "Hi, I'm Olusegun Adeyemi. She told me writes get slower because her index \
                  must be updated too.";
    let g = Grader::lexical().grade(&rubric, answer).unwrap();
    let c = &g.covered[0];
    let chars: Vec<char> = answer.chars().collect();
    let at = |q: &assess::Quote| chars[q.start..q.end].iter().collect::<String>();
    assert_eq!(at(&c.quote), c.quote.text);
    assert_eq!(
        c.quote.text,
        "She told me writes get slower because her index must be updated too."
    );
    for w in &c.matched_words {
        assert_eq!(at(w), w.text);
    }
    assert!(!c.matched_words.is_empty());
}
