//! Ranking by profession: for each JD, how well its score separates the profession's own
//! resumes from everyone else's (ROC AUC) and how many of the top ranks are its own
//! (precision@10). Shared by `ats-eval` and the integration tests (included with `#[path]`).

use std::path::{Path, PathBuf};

/// One profession's figures.
#[derive(Debug, Clone)]
pub struct Profession {
    pub name: String,
    /// Resumes of this profession in the pool.
    pub own: usize,
    /// P(score of an own resume > score of another's), ties counted half.
    pub auc: f64,
    /// Share of the profession's resumes among the top min(10, own) scores.
    pub precision_at_10: f64,
    /// (score, is own, file, summary), best first.
    pub ranked: Vec<(u8, bool, String, String)>,
}

/// Per-profession figures plus their mean and minimum.
#[derive(Debug, Clone)]
pub struct Summary {
    pub professions: Vec<Profession>,
}

impl Summary {
    pub fn mean_auc(&self) -> f64 {
        mean(self.professions.iter().map(|p| p.auc))
    }
    pub fn min_auc(&self) -> f64 {
        self.professions.iter().map(|p| p.auc).fold(1.0, f64::min)
    }
    pub fn mean_precision(&self) -> f64 {
        mean(self.professions.iter().map(|p| p.precision_at_10))
    }
    pub fn min_precision(&self) -> f64 {
        self.professions
            .iter()
            .map(|p| p.precision_at_10)
            .fold(1.0, f64::min)
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The real ranking set's folder in the evaluation data root, if this machine has it.
pub fn real_set_dir() -> Option<PathBuf> {
    crate::data_root::find("resumes-ranking")
}

/// A JD in the `eval/jds/*.json` shape.
pub fn load_job(path: &Path) -> Result<ats::JobSpec, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let jd: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let field = |k: &str| jd.get(k).and_then(|v| v.as_str()).unwrap_or_default();
    Ok(ats::JobSpec::new(
        field("jdname"),
        field("jddescription"),
        field("keySkills"),
        field("experience"),
        field("additionalNotes"),
    ))
}

/// Scores resumes against JDs, with semantic fit when an embedding model is given.
pub struct Scorer<'m> {
    pub model: Option<&'m ats::semantic::Model>,
    pub config: ats::ScoringConfig,
}

impl Scorer<'_> {
    /// The JD's vector, when there is a model.
    pub fn job(&self, job: &ats::JobSpec) -> Result<Option<ats::semantic::Vector>, String> {
        self.model.map(|m| m.job(job)).transpose()
    }

    /// The scorer's view of a resume, and its vector when there is a model.
    pub fn resume(
        &self,
        resume: &ats::Resume,
    ) -> Result<(ats::ScorerInput, Option<ats::semantic::Vector>), String> {
        let input = ats::ScorerInput::new(resume);
        let vector = self.model.map(|m| m.resume(&input)).transpose()?;
        Ok((input, vector))
    }

    pub fn score(
        &self,
        (input, vector): &(ats::ScorerInput, Option<ats::semantic::Vector>),
        job: &ats::JobSpec,
        job_vector: Option<&ats::semantic::Vector>,
    ) -> ats::Assessment {
        let similarity = vector
            .as_ref()
            .zip(job_vector)
            .map(|(r, j)| r.similarity(j));
        ats::score_input_with(input, job, &self.config, similarity)
    }
}

/// Scores every resume of `resumes_dir/<profession>/*.txt` against each `jds_dir/<profession>.json`.
pub fn real(
    jds_dir: &Path,
    resumes_dir: &Path,
    as_of: ats::YearMonth,
    scorer: &Scorer,
) -> Result<Summary, String> {
    let options = ats::ParseOptions {
        as_of,
        ..ats::ParseOptions::default()
    };
    let mut pool = Vec::new();
    let mut names = sorted_entries(resumes_dir)?;
    names.retain(|p| p.is_dir());
    for dir in &names {
        let profession = file_name(dir);
        for file in sorted_entries(dir)? {
            let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
            let resume = ats::parse_resume_with(&ats::extract::normalize(&text), &options);
            pool.push((
                profession.clone(),
                format!("{profession}/{}", file_name(&file)),
                scorer.resume(&resume)?,
            ));
        }
    }
    let mut professions = Vec::new();
    for dir in &names {
        let name = file_name(dir);
        let job = load_job(&jds_dir.join(format!("{name}.json")))?;
        let job_vector = scorer.job(&job)?;
        let scored = pool
            .iter()
            .map(|(p, file, r)| {
                let a = scorer.score(r, &job, job_vector.as_ref());
                (a.ats_score, *p == name, file.clone(), a.summary)
            })
            .collect();
        professions.push(measure(name, scored));
    }
    Ok(Summary { professions })
}

/// AUC and precision@10 of one JD's scores, `(score, is relevant, id, summary)`.
pub fn measure(name: String, mut scored: Vec<(u8, bool, String, String)>) -> Profession {
    let own: Vec<u8> = scored.iter().filter(|s| s.1).map(|s| s.0).collect();
    let others: Vec<u8> = scored.iter().filter(|s| !s.1).map(|s| s.0).collect();
    let mut wins = 0.0;
    for a in &own {
        for b in &others {
            wins += match a.cmp(b) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
        }
    }
    let pairs = (own.len() * others.len()) as f64;
    // Ties broken against the profession, so equal scores never flatter precision.
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let k = own.len().min(10);
    let hits = scored.iter().take(k).filter(|s| s.1).count();
    Profession {
        name,
        own: own.len(),
        auc: if pairs > 0.0 { wins / pairs } else { 1.0 },
        precision_at_10: if k > 0 { hits as f64 / k as f64 } else { 1.0 },
        ranked: scored,
    }
}

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    out.sort();
    Ok(out)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
