//! The embedding model's side of semantic fit: the JD's duties and the resume's own account of
//! its work as vectors of the pinned all-MiniLM-L6-v2 (crates/embed, feature `embed`), and their
//! cosine as a [`Similarity`] for [`crate::score_input_with`].
//!
//! ```no_run
//! let model = ats::semantic::Model::locate()?;
//! let job = ats::JobSpec::new("Sales Executive", "<p>Close deals</p>", "Sales", "2+ years", "");
//! let duties = model.job(&job)?;
//! let input = ats::ScorerInput::new(&ats::parse_resume("SUMMARY\nSold cars for five years."));
//! let similarity = model.resume(&input)?.similarity(&duties);
//! let a = ats::score_input_with(&input, &job, &ats::ScoringConfig::default(), Some(similarity));
//! assert_eq!(a.version, ats::SEMANTIC_VERSION);
//! # Ok::<(), String>(())
//! ```
//!
//! Without the feature, or without the installed model, [`Model::locate`] says why and callers
//! score lexically ([`crate::VERSION`]). Errors are the reason as text, for the caller's message.
//!
//! The resume side reads only the [`ScorerInput`] (no contact block, gendered words neutral),
//! and only its first [`RESUME_WORDS`] words of letters, work before skills lists, which keeps
//! the step near 100 ms of one core (the model costs about 0.6 ms per word piece).

use std::collections::HashMap;
#[cfg(feature = "embed")]
use std::sync::Arc;
use std::sync::Mutex;

use crate::jd::JobSpec;
use crate::resume::SectionKind;
use crate::score::{ScorerInput, Similarity};

/// Words of the resume embedded: about 130 word pieces.
pub const RESUME_WORDS: usize = 100;

/// JDs whose vectors [`Model::similarity`] keeps: a server scores a batch of resumes against a
/// handful of JDs, and one JD costs as much as a resume to embed (about 40 ms).
const KEPT_JOBS: usize = 64;

/// The loaded model. Load once (about 0.4 s) and share.
pub struct Model {
    #[cfg(feature = "embed")]
    embedder: Arc<embed::Embedder>,
    /// JD vectors by the text embedded, so each JD is embedded once, not once per resume.
    jobs: Mutex<HashMap<String, Vector>>,
}

/// A JD's duties or a resume's work, embedded.
#[derive(Debug, Clone)]
pub struct Vector(Vec<f32>);

impl Vector {
    /// The cosine of two vectors, rounded as [`Similarity`] says.
    pub fn similarity(&self, other: &Vector) -> Similarity {
        let (mut dot, mut aa, mut bb) = (0.0f64, 0.0f64, 0.0f64);
        for (&a, &b) in self.0.iter().zip(&other.0) {
            let (a, b) = (f64::from(a), f64::from(b));
            dot += a * b;
            aa += a * a;
            bb += b * b;
        }
        let denominator = (aa * bb).sqrt();
        let cosine = if denominator > 0.0 {
            dot / denominator
        } else {
            0.0
        };
        Similarity::from_cosine(cosine as f32)
    }
}

impl Model {
    /// Loads the installed model (`$HIRELANE_MODELS_DIR`, else `~/.cache/hirelane/models`, as
    /// `scripts/models.sh` installs it). Refuses a model or runtime other than the one
    /// [`crate::SEMANTIC_VERSION`] names, so a score's version always says which measured it.
    #[cfg(feature = "embed")]
    pub fn locate() -> Result<Model, String> {
        let embedder = embed::Embedder::locate().map_err(|e| e.to_string())?;
        Model::with_embedder(Arc::new(embedder))
    }

    /// The scorer on an embedder already loaded (a process that also grades answers loads the
    /// model once for both), refused as [`Model::locate`] refuses it.
    #[cfg(feature = "embed")]
    pub fn with_embedder(embedder: Arc<embed::Embedder>) -> Result<Model, String> {
        let expected = crate::SEMANTIC_VERSION
            .split_once('+')
            .map_or("", |(_, model)| model);
        if embedder.version() != expected {
            return Err(format!(
                "the scorer is pinned to {expected}, not {}",
                embedder.version()
            ));
        }
        Ok(Model {
            embedder,
            jobs: Mutex::new(HashMap::new()),
        })
    }

    /// Without the `embed` feature there is no model to load.
    #[cfg(not(feature = "embed"))]
    pub fn locate() -> Result<Model, String> {
        Err("this build has no embedding model (feature `embed`)".into())
    }

    /// The JD's title, description and key skills as one vector (its first 254 word pieces).
    pub fn job(&self, job: &JobSpec) -> Result<Vector, String> {
        self.one(&job_text(job))
    }

    /// How close the resume's work reads to the JD's duties. The JD's vector is computed once
    /// per JD text and kept (the last [`KEPT_JOBS`] JDs), so scoring a batch against one JD
    /// embeds the JD once.
    pub fn similarity(&self, input: &ScorerInput, job: &JobSpec) -> Result<Similarity, String> {
        let text = job_text(job);
        let kept = self.kept(&text)?;
        let duties = match kept {
            Some(duties) => duties,
            None => {
                let duties = self.one(&text)?;
                let mut jobs = self.jobs()?;
                // Forgetting them all at once is enough: a batch rarely spans more JDs.
                if jobs.len() >= KEPT_JOBS {
                    jobs.clear();
                }
                jobs.insert(text, duties.clone());
                duties
            }
        };
        Ok(self.resume(input)?.similarity(&duties))
    }

    fn kept(&self, text: &str) -> Result<Option<Vector>, String> {
        Ok(self.jobs()?.get(text).cloned())
    }

    fn jobs(&self) -> Result<std::sync::MutexGuard<'_, HashMap<String, Vector>>, String> {
        self.jobs
            .lock()
            .map_err(|_| "an earlier scoring panicked while keeping a JD's vector".to_string())
    }

    /// The resume's account of its work as one vector.
    pub fn resume(&self, input: &ScorerInput) -> Result<Vector, String> {
        self.one(&work_text(input))
    }

    #[cfg(feature = "embed")]
    fn one(&self, text: &str) -> Result<Vector, String> {
        self.embedder
            .embed(&[text])
            .map_err(|e| e.to_string())?
            .into_iter()
            .next()
            .map(|e| Vector(e.as_slice().to_vec()))
            .ok_or_else(|| "the model gave no vector".to_string())
    }

    #[cfg(not(feature = "embed"))]
    fn one(&self, _: &str) -> Result<Vector, String> {
        Err("this build has no embedding model (feature `embed`)".into())
    }
}

/// What [`Model::job`] embeds: the JD's title, description and key skills.
fn job_text(job: &JobSpec) -> String {
    let skills: Vec<&str> = job.required.iter().map(|s| s.name.as_str()).collect();
    format!("{}.\n{}\n{}", job.title, job.description, skills.join(", "))
}

/// What [`Model::resume`] embeds: the first [`RESUME_WORDS`] words of letters of the headline,
/// summary and experience, then of projects, then of everything else (what the candidate did
/// before what they list). Digits and symbols (dates, bullets, broken glyphs) are dropped: they
/// say nothing of the work and cost word pieces.
pub fn work_text(input: &ScorerInput) -> String {
    let rank = |kind: SectionKind| match kind {
        SectionKind::Header | SectionKind::Summary | SectionKind::Experience => 0,
        SectionKind::Projects => 1,
        _ => 2,
    };
    let mut sections: Vec<_> = input.sections.iter().collect();
    sections.sort_by_key(|s| rank(s.kind));
    let words: Vec<&str> = sections
        .iter()
        .flat_map(|s| s.text.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
        .take(RESUME_WORDS)
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::work_text;

    #[test]
    fn work_comes_first_and_only_words_of_letters_count() {
        let resume = crate::parse_resume(
            "Jane Roe\njane@example.com\nSKILLS\nAutoCAD, Excel\nEXPERIENCE\n\
             Site engineer, Jan 2019 - Dec 2023 (4 yrs)\nSupervised road works",
        );
        let text = work_text(&crate::ScorerInput::new(&resume));
        assert!(
            text.starts_with("Site engineer Jan Dec yrs Supervised road works"),
            "{text}"
        );
        assert!(text.ends_with("AutoCAD Excel"), "{text}");
        assert!(!text.contains("jane") && !text.contains("Roe"), "{text}");
    }
}
