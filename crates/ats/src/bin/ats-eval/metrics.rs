//! Evaluation of the ATS against the labelled set in `eval/` and the fixtures' contacts.
//! Shared by the `ats-eval` binary and the integration tests (included with `#[path]`).

use std::collections::BTreeMap;
use std::path::Path;

/// The month "Present" means in the evaluation resumes (see eval/make_eval.py).
pub const AS_OF: ats::YearMonth = ats::YearMonth {
    year: 2025,
    month: 6,
};

/// Contact-field accuracy.
#[derive(Debug, Default, Clone)]
pub struct Contacts {
    pub total: usize,
    pub name: usize,
    pub email: usize,
    pub phone: usize,
    pub all: usize,
    pub misses: Vec<String>,
}

impl Contacts {
    pub fn rate(&self, n: usize) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            n as f64 / self.total as f64
        }
    }

    fn record(&mut self, what: &str, name: bool, email: bool, phone: bool, got: &ats::Resume) {
        self.total += 1;
        self.name += usize::from(name);
        self.email += usize::from(email);
        self.phone += usize::from(phone);
        self.all += usize::from(name && email && phone);
        if !(name && email && phone) {
            self.misses.push(format!(
                "{what}: got {:?} / {:?} / {:?}",
                got.name, got.email, got.phone
            ));
        }
    }
}

/// Ranking quality for one JD.
#[derive(Debug, Clone)]
pub struct JdResult {
    pub jd: String,
    pub pairwise: f64,
    pub ndcg5: f64,
    /// (resume, label, persona, score, recommendation)
    pub rows: Vec<(String, String, String, u8, ats::Recommendation)>,
}

fn gain(label: &str) -> f64 {
    match label {
        "good" => 2.0,
        "partial" => 1.0,
        _ => 0.0,
    }
}

fn options() -> ats::ParseOptions {
    ats::ParseOptions {
        as_of: AS_OF,
        default_region: ats::Region::new("IN"),
    }
}

fn tsv(path: &Path) -> Result<Vec<Vec<String>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect())
}

/// Contact accuracy over the evaluation resumes (text) and the fixtures (through extraction).
pub fn contacts(eval_dir: &Path, fixtures_dir: &Path) -> Result<Contacts, String> {
    let mut c = Contacts::default();
    for row in tsv(&eval_dir.join("contacts.tsv"))? {
        let [file, name, email, phone] = row.as_slice() else {
            continue;
        };
        let text = std::fs::read_to_string(eval_dir.join("resumes").join(file))
            .map_err(|e| e.to_string())?;
        let r = ats::parse_resume_with(&ats::extract::normalize(&text), &options());
        let ok_name = r.name.as_deref() == Some(name.as_str());
        let ok_email = r.email.as_deref() == Some(email.as_str());
        let ok_phone = r.phone.as_deref() == Some(phone.as_str());
        c.record(file, ok_name, ok_email, ok_phone, &r);
    }
    let expected: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures_dir.join("expected.json")).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let Some(map) = expected.as_object() else {
        return Ok(c);
    };
    for (file, want) in map {
        if want.get("error").is_some() {
            continue;
        }
        let bytes = std::fs::read(fixtures_dir.join(file)).map_err(|e| e.to_string())?;
        let Ok(doc) = ats::extract(&bytes) else {
            c.record(
                file,
                false,
                false,
                false,
                &ats::parse_resume_with("", &options()),
            );
            continue;
        };
        let r = ats::parse_resume_with(&doc.text, &options());
        let field = |k: &str| want.get(k).and_then(|v| v.as_str()).map(str::to_string);
        let ok_name = r.name == field("name");
        let ok_email = r.email == field("email");
        let ok_phone = r.phone == field("phone");
        c.record(file, ok_name, ok_email, ok_phone, &r);
    }
    Ok(c)
}

/// Scores every labelled resume against its JD and measures ranking quality.
pub fn ranking(eval_dir: &Path, scorer: &super::ranking::Scorer) -> Result<Vec<JdResult>, String> {
    let mut by_jd: BTreeMap<String, Vec<(String, String, String)>> = BTreeMap::new();
    for row in tsv(&eval_dir.join("labels.tsv"))? {
        let [jd, file, label, persona] = row.as_slice() else {
            continue;
        };
        by_jd
            .entry(jd.clone())
            .or_default()
            .push((file.clone(), label.clone(), persona.clone()));
    }
    let mut out = Vec::new();
    for (jd_id, items) in by_jd {
        let jd_path = eval_dir.join("jds").join(format!("{jd_id}.json"));
        let jd: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&jd_path).map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?;
        let field = |k: &str| {
            jd.get(k)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let job = ats::JobSpec::new(
            &field("jdname"),
            &field("jddescription"),
            &field("keySkills"),
            &field("experience"),
            &field("additionalNotes"),
        );
        let job_vector = scorer.job(&job)?;
        let mut rows = Vec::new();
        for (file, label, persona) in items {
            let text = std::fs::read_to_string(eval_dir.join("resumes").join(&file))
                .map_err(|e| e.to_string())?;
            let r = ats::parse_resume_with(&ats::extract::normalize(&text), &options());
            let a = scorer.score(&scorer.resume(&r)?, &job, job_vector.as_ref());
            rows.push((file, label, persona, a.ats_score, a.recommendation));
        }
        let (mut correct, mut pairs) = (0.0, 0.0);
        for a in &rows {
            for b in &rows {
                if gain(&a.1) > gain(&b.1) {
                    pairs += 1.0;
                    correct += match a.3.cmp(&b.3) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    };
                }
            }
        }
        let mut ranked = rows.clone();
        ranked.sort_by(|a, b| b.3.cmp(&a.3).then(a.0.cmp(&b.0)));
        let dcg = |gains: Vec<f64>| -> f64 {
            gains
                .iter()
                .take(5)
                .enumerate()
                .map(|(i, g)| (2f64.powf(*g) - 1.0) / ((i + 2) as f64).log2())
                .sum()
        };
        let actual = dcg(ranked.iter().map(|r| gain(&r.1)).collect());
        let mut ideal_gains: Vec<f64> = rows.iter().map(|r| gain(&r.1)).collect();
        ideal_gains.sort_by(|a, b| b.total_cmp(a));
        let ideal = dcg(ideal_gains);
        out.push(JdResult {
            jd: jd_id,
            pairwise: if pairs > 0.0 { correct / pairs } else { 1.0 },
            ndcg5: if ideal > 0.0 { actual / ideal } else { 1.0 },
            rows: ranked,
        });
    }
    Ok(out)
}

/// Exact matches on one layout of `eval/layouts.tsv`.
#[derive(Debug, Default, Clone)]
pub struct LayoutResult {
    pub layout: String,
    pub total: usize,
    pub name: usize,
    pub email: usize,
    pub phone: usize,
    /// Names below the "check name" confidence that were wrong, and that were right.
    pub flagged_wrong: usize,
    pub flagged_right: usize,
    pub misses: Vec<String>,
}

/// Contacts read from the generated layouts (real PDF and DOCX writers) through extraction,
/// per layout in the file's order.
pub fn layouts(eval_dir: &Path) -> Result<Vec<LayoutResult>, String> {
    let mut out: Vec<LayoutResult> = Vec::new();
    for row in tsv(&eval_dir.join("layouts.tsv"))? {
        let [file, layout, tool, name, email, phone] = row.as_slice() else {
            continue;
        };
        let bytes =
            std::fs::read(eval_dir.join("layouts").join(file)).map_err(|e| e.to_string())?;
        let doc = ats::extract(&bytes).map_err(|e| format!("{file}: {e}"))?;
        let r = ats::parse_document(&doc, &options());
        if out.last().is_none_or(|l| &l.layout != layout) {
            out.push(LayoutResult {
                layout: layout.clone(),
                ..LayoutResult::default()
            });
        }
        let Some(result) = out.last_mut() else {
            continue;
        };
        let ok_name = r.name.as_deref() == Some(name.as_str());
        result.total += 1;
        result.name += usize::from(ok_name);
        result.email += usize::from(r.email.as_deref() == Some(email.as_str()));
        result.phone += usize::from(r.phone.as_deref() == Some(phone.as_str()));
        if r.name_confidence.is_some_and(|c| c < ats::CHECK_NAME_BELOW) {
            if ok_name {
                result.flagged_right += 1;
            } else {
                result.flagged_wrong += 1;
            }
        }
        if !ok_name || r.email.as_deref() != Some(email) || r.phone.as_deref() != Some(phone) {
            result.misses.push(format!(
                "{file} ({tool}): got {:?} ({:?}) / {:?} / {:?}",
                r.name, r.name_confidence, r.email, r.phone
            ));
        }
    }
    Ok(out)
}
