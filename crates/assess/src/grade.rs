//! The grader: key points aligned with the answer word by word and, with an embedding model,
//! sentence by sentence; the signals combined by the fitted model; the form rules on top.

use std::collections::HashSet;

use crate::embedding::{Vectors, cosine};
use crate::lexical::{align, content_stems};
use crate::model::{Features, length_signal, rescale};
use crate::neutral::{Neutral, neutral};
use crate::signals::form;
use crate::text::{Piece, Word, derive_key_points, is_negation, segments, words};
use crate::{
    AssessError, Confidence, Contradiction, Covered, Embed, Flag, Grade, Level, MAX_ANSWER_CHARS,
    MAX_KEY_POINT_CHARS, MAX_KEY_POINTS, MAX_REFERENCE_CHARS, MAX_SCORE, Missing, Quote, Rubric,
    VERSION,
};

/// A key point counts as covered from this strength on.
pub const COVERED_STRENGTH: f64 = 0.5;
/// A point whose words the answer says at least this fully, negated on one side only, is
/// contradicted.
const CONTRADICTION_RECALL: f64 = 0.6;
/// Without key points, only length and form are measured, and the score stays below the middle.
const NO_KEY_POINTS_CEILING: f64 = 0.4;

/// Grades answers, with or without an embedding model.
pub struct Grader {
    model: Option<Box<dyn Embed>>,
}

/// One answer, ready to grade: its rubric's points and everything the signals need.
/// Every text is graded in its neutral form (`crate::neutral`); quotes and key points are shown
/// as written.
struct Prepared<'a> {
    question: HashSet<&'a str>,
    /// The key points as written, for the grade.
    points: Vec<String>,
    /// Their neutral forms, which are graded.
    point_texts: Vec<String>,
    point_words: Vec<Vec<Word>>,
    original: &'a str,
    /// The neutral answer; word and segment spans are in its chars.
    answer: Neutral,
    answer_words: Vec<Word>,
    segments: Vec<Piece>,
    /// The text the whole answer is compared with: the reference, else the joined points.
    model_answer: String,
    flags: Vec<Flag>,
}

impl Grader {
    /// A grader on word overlap alone (every grade flagged [`Flag::LexicalOnly`]).
    pub fn lexical() -> Self {
        Self { model: None }
    }

    /// A grader that also compares meanings with an embedding model.
    pub fn with_model(model: Box<dyn Embed>) -> Self {
        Self { model: Some(model) }
    }

    /// The embedding model, when there is one.
    pub fn model(&self) -> Option<&dyn Embed> {
        self.model.as_deref()
    }

    /// The version stored with every grade: [`VERSION`] and the model's, or `+lexical`.
    pub fn version(&self) -> String {
        match &self.model {
            Some(m) => format!("{VERSION}+{}", m.version()),
            None => format!("{VERSION}+lexical"),
        }
    }

    /// Grades one answer.
    pub fn grade(&self, rubric: &Rubric, answer: &str) -> Result<Grade, AssessError> {
        self.grade_all(&[(rubric, answer)])?
            .pop()
            .ok_or_else(|| AssessError::Embedding("no grade".into()))
    }

    /// Grades the answers of one interview with one call to the embedding model.
    pub fn grade_all(&self, items: &[(&Rubric, &str)]) -> Result<Vec<Grade>, AssessError> {
        let questions: Vec<Vec<Word>> = items
            .iter()
            .map(|(r, _)| words(&neutral(&r.question)))
            .collect();
        let prepared = items
            .iter()
            .zip(&questions)
            .map(|((rubric, answer), question)| prepare(rubric, question, answer))
            .collect::<Result<Vec<_>, _>>()?;
        let vectors = match &self.model {
            Some(model) => {
                let texts: Vec<&str> = prepared.iter().flat_map(Prepared::texts).collect();
                Some(Vectors::of(model.as_ref(), &texts)?)
            }
            None => None,
        };
        prepared
            .into_iter()
            .map(|p| self.finish(p, vectors.as_ref()))
            .collect()
    }

    /// The texts the embedding model is asked for when grading this answer (for tools that
    /// compute the vectors elsewhere, like the evaluation's cache).
    pub fn texts_to_embed(rubric: &Rubric, answer: &str) -> Result<Vec<String>, AssessError> {
        let question = words(&neutral(&rubric.question));
        let p = prepare(rubric, &question, answer)?;
        Ok(p.texts().map(str::to_owned).collect())
    }

    fn finish(&self, p: Prepared<'_>, vectors: Option<&Vectors>) -> Result<Grade, AssessError> {
        let form = form(p.answer.text(), &p.answer_words, &p.question);
        let mut flags = p.flags.clone();
        flags.extend(form.flags.iter().copied());
        if vectors.is_none() {
            flags.push(Flag::LexicalOnly);
        }
        let mut covered = Vec::new();
        let mut missing = Vec::new();
        let mut contradictions = Vec::new();
        let (mut lexical_sum, mut semantic_sum, mut strength_sum) = (0.0, 0.0, 0.0);
        for (index, point) in p.points.iter().enumerate() {
            let aligned = align(&p.point_words[index], &p.answer_words, &p.question);
            let sims: Vec<f64> = match vectors {
                Some(v) => {
                    let kp = v.get(&p.point_texts[index])?;
                    p.segments
                        .iter()
                        .map(|s| v.get(&s.text).map(|e| cosine(kp, e)))
                        .collect::<Result<_, _>>()?
                }
                None => Vec::new(),
            };
            let best_sim = sims.iter().copied().fold(0.0, f64::max);
            let semantic = vectors.map(|_| rescale(best_sim));
            let mut strength = match semantic {
                Some(s) => 0.5 * aligned.recall + 0.5 * s,
                None => aligned.recall,
            };
            lexical_sum += aligned.recall;
            semantic_sum += semantic.unwrap_or(0.0);
            let evidence = evidence(&p, &aligned.matched, &sims);
            if let Some(seg) = evidence
                && aligned.recall >= CONTRADICTION_RECALL
                && contradicts(&p.point_words[index], &seg.text, &p.question)
            {
                strength = 0.0;
                contradictions.push(Contradiction {
                    index,
                    point: point.clone(),
                    quote: p.quote(seg.start, seg.end),
                });
            }
            strength_sum += strength;
            match evidence {
                Some(seg) if strength >= COVERED_STRENGTH => covered.push(Covered {
                    index,
                    point: point.clone(),
                    strength: round2(strength),
                    quote: p.quote(seg.start, seg.end),
                    matched_words: aligned
                        .matched
                        .iter()
                        .map(|&i| p.quote(p.answer_words[i].start, p.answer_words[i].end))
                        .collect(),
                }),
                _ => missing.push(Missing {
                    index,
                    point: point.clone(),
                    strength: round2(strength),
                }),
            }
        }
        let n = p.points.len().max(1) as f64;
        let similarity = match vectors {
            Some(v) if !p.answer_words.is_empty() && !p.model_answer.is_empty() => {
                Some(cosine(v.get(p.answer.text())?, v.get(&p.model_answer)?))
            }
            Some(_) => Some(0.0),
            None => None,
        };
        let features = Features {
            coverage: strength_sum / n,
            lexical: lexical_sum / n,
            semantic: vectors.map(|_| semantic_sum / n),
            similarity,
            length: length_signal(form.content),
            novelty: form.novelty,
            function_share: form.function_share,
            form_factor: form.factor(),
        };
        let score01 = if flags.contains(&Flag::NoAnswerHeard) {
            0.0
        } else if p.points.is_empty() {
            NO_KEY_POINTS_CEILING * features.length * features.form_factor
        } else {
            features.linear() * features.form_factor
        };
        Ok(Grade {
            score: round2(MAX_SCORE * score01),
            confidence: confidence(&features, &flags, form.content),
            key_points: p.points,
            covered,
            missing,
            contradictions,
            flags,
            features: rounded(features),
            version: self.version(),
        })
    }
}

impl Prepared<'_> {
    fn texts(&self) -> impl Iterator<Item = &str> {
        let answer =
            (!self.answer_words.is_empty()).then_some([self.answer.text(), &self.model_answer]);
        self.point_texts
            .iter()
            .map(String::as_str)
            .chain(self.segments.iter().map(|s| s.text.as_str()))
            .chain(answer.into_iter().flatten())
            .filter(|t| !t.is_empty())
    }
}

fn prepare<'a>(
    rubric: &Rubric,
    question: &'a [Word],
    answer: &'a str,
) -> Result<Prepared<'a>, AssessError> {
    check("question", &rubric.question, MAX_REFERENCE_CHARS)?;
    check("answer", answer, MAX_ANSWER_CHARS)?;
    if let Some(r) = &rubric.reference {
        check("reference answer", r, MAX_REFERENCE_CHARS)?;
    }
    let given: Vec<String> = rubric
        .key_points
        .iter()
        .map(|k| k.trim().to_owned())
        .filter(|k| !k.is_empty())
        .collect();
    if given.len() > MAX_KEY_POINTS {
        return Err(AssessError::TooManyKeyPoints {
            count: given.len(),
            max: MAX_KEY_POINTS,
        });
    }
    for k in &given {
        check("key point", k, MAX_KEY_POINT_CHARS)?;
    }
    let reference = rubric.reference.as_deref().map(str::trim).unwrap_or("");
    let mut flags = Vec::new();
    let points = if !given.is_empty() {
        given
    } else {
        let derived = derive_key_points(reference);
        flags.push(if derived.is_empty() {
            Flag::NoKeyPoints
        } else {
            Flag::DerivedKeyPoints
        });
        // A long model answer yields more points than a recruiter would list; the cap keeps
        // the grade readable.
        derived.into_iter().take(MAX_KEY_POINTS).collect()
    };
    let point_texts: Vec<String> = points.iter().map(|k| neutral(k)).collect();
    let model_answer = if reference.is_empty() {
        point_texts.join(" ")
    } else {
        neutral(reference)
    };
    let neutral_answer = Neutral::of(answer);
    let answer_words = words(neutral_answer.text());
    Ok(Prepared {
        question: content_stems(question),
        point_words: point_texts.iter().map(|k| words(k)).collect(),
        points,
        point_texts,
        segments: if answer_words.iter().any(Word::is_content) {
            segments(neutral_answer.text())
        } else {
            Vec::new()
        },
        original: answer,
        answer: neutral_answer,
        answer_words,
        model_answer,
        flags,
    })
}

fn check(field: &'static str, text: &str, max: usize) -> Result<(), AssessError> {
    let chars = text.chars().count();
    if chars > max {
        return Err(AssessError::TooLong { field, chars, max });
    }
    Ok(())
}

/// The segment that best supports a point: the most similar one plus its share of the matched
/// words, so lexical and semantic evidence agree on one sentence where they can.
fn evidence<'p>(p: &'p Prepared<'_>, matched: &[usize], sims: &[f64]) -> Option<&'p Piece> {
    let total = matched.len().max(1) as f64;
    p.segments
        .iter()
        .enumerate()
        .map(|(i, seg)| {
            let inside = matched
                .iter()
                .filter(|&&w| {
                    let word = &p.answer_words[w];
                    word.start >= seg.start && word.end <= seg.end
                })
                .count() as f64;
            let sim = sims.get(i).copied().map_or(0.0, rescale);
            (sim + inside / total, i, seg)
        })
        .filter(|(support, _, _)| *support > 0.0)
        // Ties go to the earlier segment, so the quote does not depend on iteration details.
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, _, seg)| seg)
}

/// Whether one clause of `segment` says most of the point's words with the opposite polarity.
/// A negation reverses only its own clause: in "cache the rows, so readers never see stale
/// data" the `never` says nothing about caching.
fn contradicts(point: &[Word], segment: &str, question: &HashSet<&str>) -> bool {
    let point_negated = negated(point);
    clauses(segment).iter().any(|clause| {
        let said = words(clause);
        negated(&said) != point_negated
            && align(point, &said, question).recall >= CONTRADICTION_RECALL
    })
}

/// Words that start a new clause inside a sentence.
const CLAUSE_STARTS: &[&str] = &[
    "and", "but", "so", "because", "while", "whereas", "although", "though", "then", "which",
];

/// A sentence cut into clauses: at `, ; : ( )` and dashes, and before a conjunction that starts
/// a clause.
fn clauses(sentence: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for piece in sentence.split([',', ';', ':', '(', ')', '\u{2013}', '\u{2014}']) {
        for word in piece.split_whitespace() {
            let bare = word
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            if CLAUSE_STARTS.contains(&bare.as_str()) {
                out.push(String::new());
            }
            if let Some(clause) = out.last_mut() {
                clause.push(' ');
                clause.push_str(word);
            }
        }
        out.push(String::new());
    }
    out.retain(|c| !c.trim().is_empty());
    out
}

/// An odd number of negations.
fn negated(words: &[Word]) -> bool {
    words.iter().filter(|w| is_negation(&w.lower)).count() % 2 == 1
}

impl Prepared<'_> {
    /// The original answer's chars behind the neutral chars `start..end`.
    fn quote(&self, start: usize, end: usize) -> Quote {
        let (start, end) = self.answer.span(start, end);
        Quote {
            start,
            end,
            text: self
                .original
                .chars()
                .skip(start)
                .take(end - start)
                .collect(),
        }
    }
}

/// Starts from what the method can see (less without embeddings, much less without key
/// points) and loses for short answers, for lexical and semantic signals that disagree, and for
/// answers of the wrong form. An answer with nothing in it is a confident 0.
fn confidence(f: &Features, flags: &[Flag], content: usize) -> Confidence {
    let value = if flags.contains(&Flag::NoAnswerHeard) {
        0.9
    } else {
        let mut v = if f.semantic.is_some() { 0.85 } else { 0.65 };
        if flags.contains(&Flag::NoKeyPoints) {
            v -= 0.5;
        }
        if content < 5 {
            v -= 0.15;
        }
        if let Some(s) = f.semantic {
            v -= 0.3 * (f.lexical - s).abs();
        }
        if f.form_factor < 1.0 {
            v -= 0.2;
        }
        v.clamp(0.05, 0.95)
    };
    let level = if value < 0.4 {
        Level::Low
    } else if value < 0.7 {
        Level::Medium
    } else {
        Level::High
    };
    Confidence {
        value: round2(value),
        level,
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn rounded(f: Features) -> Features {
    Features {
        coverage: round2(f.coverage),
        lexical: round2(f.lexical),
        semantic: f.semantic.map(round2),
        similarity: f.similarity.map(round2),
        length: round2(f.length),
        novelty: round2(f.novelty),
        function_share: round2(f.function_share),
        form_factor: round2(f.form_factor),
    }
}
