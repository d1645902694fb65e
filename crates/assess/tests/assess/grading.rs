//! Graded examples: strong > partial > weak, and every kind of non-answer low: lexical, with a
//! deterministic stand-in for the embedding model (hashed word and bigram counts), and with the
//! installed model (`scripts/models.sh`, which the test command runs first; without it these
//! tests fail with that instruction, never pass).

use assess::{AssessError, Embed, Flag, Grade, Grader, MAX_KEY_POINTS, Rubric, follow_up};

fn rubric() -> Rubric {
    Rubric {
        question: "What is a database index, and what does it cost you?".into(),
        reference: None,
        key_points: vec![
            "An index is a separate structure, usually a B-tree, that finds rows without a full \
             table scan"
                .into(),
            "It speeds up reads and lookups on the indexed columns".into(),
            "Writes get slower because every insert, update and delete must also update the index"
                .into(),
            "It takes extra disk space and memory".into(),
        ],
    }
}

const STRONG: &str = "An index is basically a separate B-tree structure that points at the rows, \
    so instead of scanning the whole table the database can jump straight to the matching rows. \
    That makes reads and lookups on those columns much faster. The cost is on the write side: \
    every insert, update or delete also has to update the index, so writes get slower, and the \
    index itself takes disk space and memory.";
const PARTIAL: &str = "An index makes queries faster because the database doesn't have to scan \
    every row. You put them on the columns you search by a lot.";
const WEAK: &str = "It's like the index of a book I guess, it helps you find things.";
const OFF_TOPIC: &str = "I usually use PostgreSQL at work and we have a DBA team who handles \
    most of the database stuff, so I focus on the frontend and the design system.";
const ECHO: &str = "A database index is an index in the database, and what it costs you is the \
    cost of the index.";
const STUFFED: &str = "index B-tree rows table scan reads lookups writes insert update delete \
    disk space memory index B-tree";
const OTHER_LANGUAGE: &str = "Un índice es una estructura aparte, normalmente un árbol B, que \
    acelera las lecturas pero hace más lentas las escrituras y ocupa espacio en disco.";

/// Hashed bags of words and bigrams, L2-normalised: similar wording, similar vectors.
struct BagOfWords;

impl Embed for BagOfWords {
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, AssessError> {
        Ok(texts
            .iter()
            .map(|t| {
                let ws: Vec<String> = assess::text::words(t).into_iter().map(|w| w.stem).collect();
                let mut v = vec![0f32; 256];
                let grams = ws.iter().cloned().chain(ws.windows(2).map(|p| p.join(" ")));
                for g in grams {
                    let h = g.bytes().fold(2166136261u32, |h, b| {
                        (h ^ u32::from(b)).wrapping_mul(16777619)
                    });
                    v[(h % 256) as usize] += 1.0;
                }
                let n = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-6);
                v.iter().map(|x| x / n).collect()
            })
            .collect())
    }

    fn version(&self) -> String {
        "bag-of-words-test".into()
    }
}

fn graders() -> [Grader; 3] {
    let installed = assess::MiniLm::locate().unwrap_or_else(|e| panic!("{e}"));
    [
        Grader::lexical(),
        Grader::with_model(Box::new(BagOfWords)),
        Grader::with_model(Box::new(installed)),
    ]
}

fn grade(g: &Grader, answer: &str) -> Grade {
    g.grade(&rubric(), answer).unwrap()
}

#[test]
fn strong_beats_partial_beats_weak() {
    for g in graders() {
        let (s, p, w) = (grade(&g, STRONG), grade(&g, PARTIAL), grade(&g, WEAK));
        assert!(s.score >= 3.5, "{} strong {}", g.version(), s.score);
        assert!(
            s.score > p.score && p.score > w.score,
            "{} {} {} {}",
            g.version(),
            s.score,
            p.score,
            w.score
        );
        assert_eq!(s.covered.len(), 4, "{:?}", s.missing);
        assert!(w.score <= 2.0, "{} weak {}", g.version(), w.score);
    }
}

#[test]
fn non_answers_all_score_low() {
    for g in graders() {
        for (name, answer, flag) in [
            ("off-topic", OFF_TOPIC, None),
            ("echo", ECHO, Some(Flag::EchoesQuestion)),
            ("stuffed", STUFFED, Some(Flag::NotProse)),
            ("other language", OTHER_LANGUAGE, Some(Flag::OtherLanguage)),
        ] {
            let got = grade(&g, answer);
            assert!(got.score <= 1.5, "{} {name}: {}", g.version(), got.score);
            if let Some(f) = flag {
                assert!(got.flags.contains(&f), "{name}: {:?}", got.flags);
            }
        }
        for silent in ["", "   ", "um... uh, hmm."] {
            let got = grade(&g, silent);
            assert_eq!(got.score, 0.0);
            assert!(got.flags.contains(&Flag::NoAnswerHeard));
            assert_eq!(Flag::NoAnswerHeard.message(), "No answer heard.");
            assert!(got.covered.is_empty());
        }
    }
}

#[test]
fn quotes_are_char_spans_of_the_answer() {
    let answer = format!("Énorme café — {STRONG}");
    for g in graders() {
        let got = g.grade(&rubric(), &answer).unwrap();
        let chars: Vec<char> = answer.chars().collect();
        for c in &got.covered {
            let quoted: String = chars[c.quote.start..c.quote.end].iter().collect();
            assert_eq!(quoted, c.quote.text);
            for w in &c.matched_words {
                let word: String = chars[w.start..w.end].iter().collect();
                assert_eq!(word, w.text);
            }
        }
        assert!(got.covered.iter().any(|c| c.quote.text.contains("B-tree")));
    }
}

#[test]
fn a_negated_key_point_is_a_contradiction() {
    let r = Rubric {
        question: "Is HTTP GET idempotent?".into(),
        reference: None,
        key_points: vec!["Repeating a GET request has the same effect as sending it once".into()],
    };
    let g = Grader::lexical();
    let wrong = g
        .grade(
            &r,
            "Repeating a GET request does not have the same effect as sending it once.",
        )
        .unwrap();
    assert_eq!(wrong.contradictions.len(), 1);
    assert!(wrong.covered.is_empty());
    let right = g
        .grade(
            &r,
            "Yes: repeating the request has the same effect as sending it once.",
        )
        .unwrap();
    assert!(right.contradictions.is_empty());
    assert!(right.score > wrong.score);
}

#[test]
fn a_negation_in_another_clause_contradicts_nothing() {
    let r = Rubric {
        question: "How would you make a slow page fast?".into(),
        reference: None,
        key_points: vec![
            "Store results in a cache such as Redis with a time to live".into(),
            "Invalidate the cache when the underlying data changes".into(),
        ],
    };
    let g = Grader::lexical();
    let answer = "I would put the rendered results in Redis with a time to live, and invalidate \
                  the entry whenever the underlying record changes, so readers never see stale \
                  data.";
    let grade = g.grade(&r, answer).unwrap();
    assert!(grade.contradictions.is_empty(), "{grade:?}");
    assert_eq!(grade.covered.len(), 2, "{grade:?}");
    let denied = g
        .grade(
            &r,
            "I would never store results in a cache such as Redis with a time to live.",
        )
        .unwrap();
    assert_eq!(denied.contradictions.len(), 1, "{denied:?}");
}

#[test]
fn a_reference_answer_alone_yields_key_points_and_normal_confidence() {
    let r = Rubric {
        question: rubric().question,
        reference: Some(
            "An index lets the database find rows without scanning the table. It speeds up \
             reads. It slows down writes and takes disk space."
                .into(),
        ),
        key_points: Vec::new(),
    };
    let got = Grader::with_model(Box::new(BagOfWords))
        .grade(&r, STRONG)
        .unwrap();
    assert_eq!(got.key_points.len(), 3);
    assert!(got.flags.contains(&Flag::DerivedKeyPoints));
    assert_ne!(got.confidence.level, assess::Level::Low);
    assert!(got.score >= 3.0, "{}", got.score);
}

#[test]
fn no_key_points_means_low_confidence_and_says_so() {
    let r = Rubric {
        question: "Tell me about yourself.".into(),
        ..Rubric::default()
    };
    for g in graders() {
        let got = g.grade(&r, STRONG).unwrap();
        assert!(got.flags.contains(&Flag::NoKeyPoints));
        assert_eq!(got.confidence.level, assess::Level::Low);
        assert!(got.score <= 2.0);
        assert!(Flag::NoKeyPoints.message().contains("no key points"));
    }
}

#[test]
fn key_points_over_the_cap_are_refused() {
    let mut r = rubric();
    r.key_points = (0..=MAX_KEY_POINTS).map(|i| format!("point {i}")).collect();
    let err = Grader::lexical().grade(&r, STRONG).unwrap_err();
    assert_eq!(err.code(), "too_many_key_points");
    assert_eq!(
        err.to_string(),
        "21 key points is too many: at most 20 per question"
    );
    r.key_points = vec!["x".repeat(assess::MAX_KEY_POINT_CHARS + 1)];
    assert_eq!(
        Grader::lexical().grade(&r, STRONG).unwrap_err().code(),
        "too_long"
    );
}

#[test]
fn grades_are_deterministic_and_versioned() {
    for g in graders() {
        let a = g.grade(&rubric(), PARTIAL).unwrap();
        let b = g.grade(&rubric(), PARTIAL).unwrap();
        assert_eq!(a, b);
        let batch = g
            .grade_all(&[(&rubric(), STRONG), (&rubric(), PARTIAL)])
            .unwrap();
        assert_eq!(batch[1], a);
        assert!(a.version.starts_with(assess::VERSION));
    }
    assert!(Grader::lexical().version().ends_with("+lexical"));
    assert!(
        grade(&Grader::lexical(), PARTIAL)
            .flags
            .contains(&Flag::LexicalOnly)
    );
}

#[test]
fn a_thin_answer_gets_a_follow_up_about_what_is_missing() {
    let g = Grader::lexical();
    let thin = grade(&g, PARTIAL);
    let f = follow_up(&rubric(), &thin).expect("a follow-up");
    assert_eq!(f.targets.len(), 1);
    let target = &thin.key_points[f.targets[0]];
    assert!(thin.missing.iter().any(|m| &m.point == target));
    assert!(f.question.ends_with('?'), "{}", f.question);
    assert!(follow_up(&rubric(), &grade(&g, STRONG)).is_none());
    // It asks about the point's own words, not the question's ("index").
    assert!(
        !f.question.to_lowercase().contains("index"),
        "{}",
        f.question
    );
    // What the reply adds counts: the answer and the reply graded together score higher.
    let joined = format!(
        "{PARTIAL} Writes get slower since each insert and update must change \
        the index too, and it costs disk space."
    );
    assert!(grade(&g, &joined).score > thin.score);
}
