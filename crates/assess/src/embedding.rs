//! The seam to a sentence-embedding model. The grader asks for unit vectors of short texts (key
//! points, answer segments, whole answers) and compares them by cosine; which model computes
//! them, and how, stays behind [`Embed`].

use std::collections::HashMap;
#[cfg(feature = "embed")]
use std::sync::Arc;

use crate::AssessError;

/// A sentence-embedding model: L2-normalised vectors of the same length for every text.
pub trait Embed: Send + Sync {
    /// One unit vector per text, in order.
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, AssessError>;
    /// The model's pinned identity (name and checksum), part of every grade's version.
    fn version(&self) -> String;
}

/// The pinned all-MiniLM-L6-v2 that `scripts/models.sh` installs (crates/embed).
#[cfg(feature = "embed")]
pub struct MiniLm(Arc<embed::Embedder>);

#[cfg(feature = "embed")]
impl MiniLm {
    /// Loads the installed model (`$HIRELANE_MODELS_DIR`, else `~/.cache/hirelane/models`).
    pub fn locate() -> Result<Self, AssessError> {
        embed::Embedder::locate()
            .map(|embedder| Self(Arc::new(embedder)))
            .map_err(|e| AssessError::Embedding(e.to_string()))
    }

    /// The grader's model on an embedder already loaded (a process that also scores resumes
    /// loads the model once for both).
    pub fn new(embedder: Arc<embed::Embedder>) -> Self {
        Self(embedder)
    }
}

#[cfg(feature = "embed")]
impl Embed for MiniLm {
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, AssessError> {
        self.0
            .embed(texts)
            .map(|v| v.iter().map(|e| e.as_slice().to_vec()).collect())
            .map_err(|e| AssessError::Embedding(e.to_string()))
    }

    fn version(&self) -> String {
        self.0.version().to_owned()
    }
}

/// Cosine of two unit vectors (their dot product).
pub fn cosine(a: &[f32], b: &[f32]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum()
}

/// Embeds a batch of texts once each, whatever their repeats, and hands vectors back by text.
pub(crate) struct Vectors {
    by_text: HashMap<String, Vec<f32>>,
}

impl Vectors {
    /// Embeds every distinct text of `texts` in one call.
    pub(crate) fn of(model: &dyn Embed, texts: &[&str]) -> Result<Self, AssessError> {
        let mut distinct: Vec<&str> = texts.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let vectors = model.embed(&distinct)?;
        if vectors.len() != distinct.len() {
            return Err(AssessError::Embedding(format!(
                "{} vectors for {} texts",
                vectors.len(),
                distinct.len()
            )));
        }
        Ok(Self {
            by_text: distinct
                .into_iter()
                .map(str::to_owned)
                .zip(vectors)
                .collect(),
        })
    }

    /// The vector of a text given to [`Vectors::of`].
    pub(crate) fn get(&self, text: &str) -> Result<&[f32], AssessError> {
        self.by_text
            .get(text)
            .map(Vec::as_slice)
            .ok_or_else(|| AssessError::Embedding(format!("no vector for {text:?}")))
    }
}
