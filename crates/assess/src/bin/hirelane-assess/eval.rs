//! `eval` and `texts`: the grader and two baselines against human grades, per dataset and
//! split. The baselines are (a) the self-hosted interviewer's heuristic before this crate
//! (`voice/selfhosted/grading.rs`, ported below: 1 point, up to 2 for length, up to 2 for naming
//! keywords), with the keywords picked automatically as the reference answer's distinct
//! content words, and (b) the plain cosine of the answer's and the reference's embeddings.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use assess::text::words;
use assess::{Grader, MAX_SCORE, Rubric, cosine};
use serde::Deserialize;
use serde_json::json;

use crate::metrics::{pearson, qwk, spearman};

/// One human-graded answer of a dev set.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Record {
    dataset: String,
    split: String,
    qid: String,
    question: String,
    #[serde(default)]
    reference: Option<String>,
    #[serde(default)]
    key_points: Vec<String>,
    answer: String,
    grade: f64,
}

impl Record {
    fn rubric(&self) -> Rubric {
        Rubric {
            question: self.question.clone(),
            reference: self.reference.clone(),
            key_points: self.key_points.clone(),
        }
    }
}

/// The records of `paths`, at most `per_split` of each dataset's split (0: all), taken evenly
/// through the file so every question keeps its share.
fn load(paths: &[PathBuf], per_split: usize) -> Result<Vec<Record>, String> {
    let all = load_all(paths)?;
    if per_split == 0 {
        return Ok(all);
    }
    let mut sizes: BTreeMap<(String, String), usize> = BTreeMap::new();
    for r in &all {
        *sizes
            .entry((r.dataset.clone(), r.split.clone()))
            .or_default() += 1;
    }
    let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    Ok(all
        .into_iter()
        .filter(|r| {
            let key = (r.dataset.clone(), r.split.clone());
            let n = sizes[&key];
            let i = seen.entry(key).or_default();
            *i += 1;
            // Keep record i (from 1) when it crosses the next multiple of n / per_split.
            (*i * per_split) / n != ((*i - 1) * per_split) / n
        })
        .collect())
}

fn load_all(paths: &[PathBuf]) -> Result<Vec<Record>, String> {
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            out.push(
                serde_json::from_str(line)
                    .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?,
            );
        }
    }
    Ok(out)
}

/// The agreement figures of one method on one split.
pub struct Agreement {
    pub pearson: f64,
    pub spearman: f64,
    pub qwk: f64,
}

/// One dataset's split: its size and each method's agreement (the cosine only with a model).
pub struct Row {
    pub dataset: String,
    pub split: String,
    pub answers: usize,
    pub questions: usize,
    pub grader: Agreement,
    pub heuristic: Agreement,
    pub cosine: Option<Agreement>,
}

/// Grades every answer of `paths` (only `splits` when given) and measures the agreement.
pub fn measure(
    grader: &Grader,
    paths: &[PathBuf],
    splits: &[String],
    per_split: usize,
    mut features: Option<&mut dyn Write>,
) -> Result<Vec<Row>, String> {
    let records = load(paths, per_split)?;
    let mut scale: BTreeMap<&str, (f64, f64, bool)> = BTreeMap::new();
    for r in &records {
        let e = scale
            .entry(&r.dataset)
            .or_insert((f64::MAX, f64::MIN, true));
        *e = (
            e.0.min(r.grade),
            e.1.max(r.grade),
            e.2 && r.grade.fract() == 0.0,
        );
    }
    let mut groups: BTreeMap<(&str, &str), Vec<&Record>> = BTreeMap::new();
    for r in records
        .iter()
        .filter(|r| splits.is_empty() || splits.contains(&r.split))
    {
        groups.entry((&r.dataset, &r.split)).or_default().push(r);
    }
    let mut rows = Vec::new();
    for ((dataset, split), group) in groups {
        let (lo, hi, integral) = scale[dataset];
        // Categories for kappa: the grades themselves when they are whole numbers, else
        // quarters of the scale.
        let k = if integral { (hi - lo) as usize + 1 } else { 5 };
        let human: Vec<f64> = group.iter().map(|r| (r.grade - lo) / (hi - lo)).collect();
        let mut ours = Vec::with_capacity(group.len());
        for chunk in group.chunks(64) {
            let rubrics: Vec<Rubric> = chunk.iter().map(|r| r.rubric()).collect();
            let items: Vec<(&Rubric, &str)> = rubrics
                .iter()
                .zip(chunk)
                .map(|(q, r)| (q, r.answer.as_str()))
                .collect();
            for (g, r) in grader
                .grade_all(&items)
                .map_err(|e| e.to_string())?
                .into_iter()
                .zip(chunk)
            {
                if let Some(out) = features.as_deref_mut() {
                    let line = json!({
                        "dataset": r.dataset, "split": r.split, "qid": r.qid,
                        "grade": (r.grade - lo) / (hi - lo), "score": g.score,
                        "features": g.features, "flags": g.flags,
                    });
                    writeln!(out, "{line}").map_err(|e| e.to_string())?;
                }
                ours.push(g.score / MAX_SCORE);
            }
        }
        let heuristic: Vec<f64> = group
            .iter()
            .map(|r| (f64::from(heuristic(&r.answer, &keywords(r))) - 1.0) / 4.0)
            .collect();
        let cosine = match grader.model() {
            Some(model) => Some(cosines(model, &group)?),
            None => None,
        };
        let mut qids: Vec<&str> = group.iter().map(|r| r.qid.as_str()).collect();
        qids.sort_unstable();
        qids.dedup();
        rows.push(Row {
            dataset: dataset.to_owned(),
            split: split.to_owned(),
            answers: group.len(),
            questions: qids.len(),
            grader: agreement(&ours, &human, k),
            heuristic: agreement(&heuristic, &human, k),
            cosine: cosine.map(|c| agreement(&c, &human, k)),
        });
    }
    Ok(rows)
}

/// Agreement of 0-1 predictions with 0-1 human grades; kappa on `k` equal categories.
fn agreement(pred: &[f64], human: &[f64], k: usize) -> Agreement {
    let cat = |x: f64| ((x.clamp(0.0, 1.0) * (k - 1) as f64).round()) as usize;
    let a: Vec<usize> = pred.iter().map(|&x| cat(x)).collect();
    let b: Vec<usize> = human.iter().map(|&x| cat(x)).collect();
    Agreement {
        pearson: pearson(pred, human),
        spearman: spearman(pred, human),
        qwk: qwk(&a, &b, k),
    }
}

/// Baseline (b): the cosine of answer and reference, put on 0-1 by the grader's own rescaling
/// (0.2 → 0, 0.8 → 1) for kappa; r and rho do not depend on it.
fn cosines(model: &dyn assess::Embed, group: &[&Record]) -> Result<Vec<f64>, String> {
    let mut out = Vec::with_capacity(group.len());
    for r in group {
        let reference = r
            .reference
            .clone()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| r.key_points.join(" "));
        if words(&r.answer).is_empty() || reference.is_empty() {
            out.push(0.0);
            continue;
        }
        let v = model
            .embed(&[r.answer.trim(), reference.trim()])
            .map_err(|e| e.to_string())?;
        out.push(((cosine(&v[0], &v[1]) - 0.2) / 0.6).clamp(0.0, 1.0));
    }
    Ok(out)
}

/// The reference answer's distinct content words: the keywords baseline (a) looks for.
fn keywords(r: &Record) -> Vec<String> {
    let text = r
        .reference
        .clone()
        .unwrap_or_else(|| r.key_points.join(" "));
    let mut out: Vec<String> = Vec::new();
    for w in words(&text).into_iter().filter(|w| w.is_content()) {
        if !out.contains(&w.lower) {
            out.push(w.lower);
        }
    }
    out
}

/// `voice::selfhosted::grading::score` as it stands before this crate: 1 for no answer, then
/// up to 2 points for length (full at 60 words) and up to 2 for naming the keywords (all of
/// them when there are fewer than 3).
fn heuristic(answer: &str, keywords: &[String]) -> u8 {
    const FULL_LENGTH_WORDS: usize = 60;
    let words = answer.split_whitespace().count();
    if words == 0 {
        return 1;
    }
    let lower = answer.to_lowercase();
    let named = keywords
        .iter()
        .filter(|k| lower.contains(&k.to_lowercase()))
        .count();
    let length_points =
        (2.0 * (words.min(FULL_LENGTH_WORDS) as f64) / FULL_LENGTH_WORDS as f64).round();
    let wanted = keywords.len().min(3);
    let keyword_points = if wanted == 0 {
        length_points
    } else {
        (2.0 * (named.min(wanted) as f64) / wanted as f64).round()
    };
    (1.0 + length_points + keyword_points).clamp(1.0, 5.0) as u8
}

/// `eval`: the table, as markdown.
pub fn run(
    grader: &Grader,
    paths: &[PathBuf],
    splits: &[String],
    per_split: usize,
    features: Option<&Path>,
    as_json: bool,
) -> Result<(), String> {
    let mut file = match features {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => None,
    };
    let rows = measure(
        grader,
        paths,
        splits,
        per_split,
        file.as_mut().map(|f| f as &mut dyn Write),
    )?;
    if as_json {
        let agreement =
            |a: &Agreement| json!({"pearson": a.pearson, "spearman": a.spearman, "qwk": a.qwk});
        for r in &rows {
            let line = json!({
                "dataset": r.dataset, "split": r.split, "answers": r.answers,
                "questions": r.questions, "grader": agreement(&r.grader),
                "heuristic": agreement(&r.heuristic), "cosine": r.cosine.as_ref().map(agreement),
                "version": grader.version(),
            });
            println!("{line}");
        }
        return Ok(());
    }
    println!("grader {}\n", grader.version());
    println!(
        "| dataset | split | answers | questions | grader r / rho / QWK | heuristic r / rho / QWK | cosine r / rho / QWK |"
    );
    println!("|---|---|---:|---:|---|---|---|");
    let fmt = |a: &Agreement| format!("{:.3} / {:.3} / {:.3}", a.pearson, a.spearman, a.qwk);
    for r in &rows {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            r.dataset,
            r.split,
            r.answers,
            r.questions,
            fmt(&r.grader),
            fmt(&r.heuristic),
            r.cosine.as_ref().map_or_else(|| "n/a".into(), fmt)
        );
    }
    Ok(())
}

/// `texts`: every text the grader would embed for these files, once each.
pub fn texts(paths: &[PathBuf], per_split: usize) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for r in load(paths, per_split)? {
        let reference = r
            .reference
            .clone()
            .unwrap_or_else(|| r.key_points.join(" "));
        let extra = [r.answer.trim().to_owned(), reference.trim().to_owned()];
        let texts = Grader::texts_to_embed(&r.rubric(), &r.answer).map_err(|e| e.to_string())?;
        for t in texts.into_iter().chain(extra).filter(|t| !t.is_empty()) {
            if seen.insert(t.clone()) {
                writeln!(out, "{}", json!(t)).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(())
}
