//! Counterfactual fairness of the score: the same resume under names of different gender and
//! ethnic associations, with he/she, Mr/Ms, other e-mails, phones, addresses and postcodes,
//! must get the same atsScore and recommendation, on the synthetic set and (when present) on
//! the real ranking set.

use std::path::{Path, PathBuf};

use crate::eval::ranking;

/// (first, last, title, subject, possessive): names that read as different genders and origins.
const PEOPLE: &[(&str, &str, &str, &str, &str)] = &[
    ("Emily", "Walsh", "Ms.", "She", "her"),
    ("Greg", "Baker", "Mr.", "He", "his"),
    ("Lakisha", "Washington", "Ms.", "She", "her"),
    ("Jamal", "Robinson", "Mr.", "He", "his"),
    ("Priya", "Raghunathan", "Mrs.", "She", "her"),
    ("Mohammed", "Farsi", "Mr.", "He", "his"),
    ("Wei", "Zhang", "Miss", "She", "her"),
    ("Oluwaseun", "Adeyemi", "Mr.", "He", "his"),
];

const PLACES: &[(&str, &str)] = &[
    ("12 Baker Street, London NW1 6XE", "+44 20 7946 0958"),
    ("Flat 3, 45 Park Road, Mumbai 400001", "+91 98765 43210"),
    ("221 Elm St, Springfield, IL 62704", "(217) 555-0147"),
    ("Plot 7, Lekki Phase 1, Lagos 106104", "+234 803 123 4567"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn options() -> ats::ParseOptions {
    ats::ParseOptions {
        as_of: ats::YearMonth {
            year: 2025,
            month: 6,
        },
        ..ats::ParseOptions::default()
    }
}

/// The resume's body without its own contact lines, under a new person's header and a
/// sentence about them in the third person.
fn variant(body: &str, person: usize) -> String {
    let (first, last, title, subject, possessive) = PEOPLE[person];
    let (address, phone) = PLACES[person % PLACES.len()];
    let email = format!(
        "{}.{}@example.com",
        first.to_lowercase(),
        last.to_lowercase()
    );
    format!(
        "{first} {last}\n{email} | {phone}\n{address}\n\nSummary\n{title} {last} is known for {possessive} work. {subject} is available at short notice.\n\n{body}"
    )
}

/// Drops the lines that carry the original candidate's name, e-mail, phone or links.
fn body_of(text: &str) -> String {
    let r = ats::parse_resume_with(text, &options());
    text.lines()
        .filter(|l| {
            let lower = l.to_lowercase();
            // The name as parsed, also where the resume sets it in capitals.
            !(r.name
                .as_deref()
                .is_some_and(|n| l.trim().to_lowercase() == n.to_lowercase())
                || r.email.as_deref().is_some_and(|e| lower.contains(e))
                || lower.contains("linkedin.com")
                || lower.contains("github.com")
                || l.chars().filter(char::is_ascii_digit).count() >= 9)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn assert_same_score(label: &str, text: &str, job: &ats::JobSpec) {
    let body = body_of(&ats::extract::normalize(text));
    let config = ats::ScoringConfig::default();
    let scores: Vec<(u8, ats::Recommendation, String)> = (0..PEOPLE.len())
        .map(|p| {
            let r = ats::parse_resume_with(&variant(&body, p), &options());
            let a = ats::score(&r, job, &config);
            // What the scorer read, to show what leaked when the scores differ.
            let seen = ats::ScorerInput::new(&r).text();
            (
                a.ats_score,
                a.recommendation,
                format!("{}\n--- read:\n{seen}", a.summary),
            )
        })
        .collect();
    // The embedding model sees only this text: the same text, the same semantic fit.
    let embedded: Vec<String> = (0..PEOPLE.len())
        .map(|p| {
            let r = ats::parse_resume_with(&variant(&body, p), &options());
            ats::semantic::work_text(&ats::ScorerInput::new(&r))
        })
        .collect();
    for (p, text) in embedded.iter().enumerate().skip(1) {
        assert_eq!(
            text, &embedded[0],
            "{label}: {} {}",
            PEOPLE[p].0, PEOPLE[p].1
        );
    }
    for (p, s) in scores.iter().enumerate().skip(1) {
        assert_eq!(
            (s.0, s.1),
            (scores[0].0, scores[0].1),
            "{label}: {} {} scored {} ({}) but {} {} scored {} ({})",
            PEOPLE[p].0,
            PEOPLE[p].1,
            s.0,
            s.2,
            PEOPLE[0].0,
            PEOPLE[0].1,
            scores[0].0,
            scores[0].2
        );
    }
}

#[test]
fn names_pronouns_and_addresses_do_not_move_synthetic_scores() {
    let eval = root().join("eval");
    let labels = std::fs::read_to_string(eval.join("labels.tsv")).unwrap();
    let mut n = 0;
    for row in labels.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = row.split('\t').collect();
        let job = ranking::load_job(&eval.join("jds").join(format!("{}.json", cols[0]))).unwrap();
        let text = std::fs::read_to_string(eval.join("resumes").join(cols[1])).unwrap();
        assert_same_score(cols[1], &text, &job);
        n += 1;
    }
    assert!(n >= 80, "{n} resumes");
}

#[test]
fn names_pronouns_and_addresses_do_not_move_real_scores() {
    let Some(dir) = ranking::real_set_dir() else {
        eprintln!(
            "real ranking set not found (eval/real/ranking/SOURCES.md): checked the synthetic set only"
        );
        return;
    };
    let jds = root().join("eval/real/ranking/jds");
    for profession in std::fs::read_dir(&dir).unwrap() {
        let profession = profession.unwrap().path();
        let name = profession
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let job = ranking::load_job(&jds.join(format!("{name}.json"))).unwrap();
        for file in std::fs::read_dir(&profession).unwrap() {
            let file = file.unwrap().path();
            let text = std::fs::read_to_string(&file).unwrap();
            assert_same_score(&display(&file), &text, &job);
        }
    }
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
