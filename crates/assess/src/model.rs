//! The score from the signals: a linear model fitted on the public training splits by
//! `crates/assess/eval/fit.py` (non-negative least squares on grades scaled to 0-1, every
//! training set weighted alike), clamped to 0-1 and scaled to 0-5. Two coefficient sets: one
//! with the embedding model's signals and one for lexical grading without it.

use serde::Serialize;

/// The signals one score is computed from, each about 0-1.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Features {
    /// Mean coverage of the key points (lexical and, with embeddings, semantic).
    pub coverage: f64,
    /// Mean weighted share of each key point's words the answer says.
    pub lexical: f64,
    /// Mean best cosine of each key point with a segment of the answer, rescaled to 0-1 (it
    /// decides which points are covered; the score uses `similarity`).
    pub semantic: Option<f64>,
    /// Cosine of the whole answer with the reference answer (or the joined key points).
    pub similarity: Option<f64>,
    /// Content words, on a log scale reaching 1 at [`FULL_LENGTH_CONTENT_WORDS`].
    pub length: f64,
    /// Share of the answer's content words the question does not use.
    pub novelty: f64,
    /// Share of the answer's words that are English function words.
    pub function_share: f64,
    /// The product of the form rules' multipliers (1 when none applies).
    pub form_factor: f64,
}

/// An answer with this many content words gets the full length signal.
pub const FULL_LENGTH_CONTENT_WORDS: f64 = 40.0;

/// Cosines at or below this mean nothing in common; the semantic signal rises from there.
pub const COSINE_FLOOR: f64 = 0.2;
/// Cosines at or above this count as saying the same thing.
pub const COSINE_CEILING: f64 = 0.8;

/// A cosine rescaled to 0-1 between [`COSINE_FLOOR`] and [`COSINE_CEILING`].
pub fn rescale(cosine: f64) -> f64 {
    ((cosine - COSINE_FLOOR) / (COSINE_CEILING - COSINE_FLOOR)).clamp(0.0, 1.0)
}

/// The length signal of an answer with `content` content words.
pub fn length_signal(content: usize) -> f64 {
    ((content as f64).ln_1p() / FULL_LENGTH_CONTENT_WORDS.ln_1p()).min(1.0)
}

/// Intercept and weights of `coverage, lexical, similarity, length × coverage, length ×
/// similarity, novelty`. Length enters only through coverage or similarity: in the public sets
/// longer answers are better, but a long answer that covers nothing must not gain from its
/// length.
struct Coefficients {
    intercept: f64,
    weights: [f64; 6],
}

/// Fitted by `eval/fit.py` on the SemEval-2013 (SciEntsBank, Beetle) and SAF training splits,
/// on `lexical, similarity, length × similarity` (chosen among a few signal sets by their
/// leave-one-dataset-out agreement; the key points' semantic alignment added nothing there).
const WITH_EMBEDDINGS: Coefficients = Coefficients {
    intercept: 0.0847,
    weights: [0.0, 0.3080, 0.2242, 0.0, 0.6133, 0.0],
};

/// Fitted by `eval/fit.py` on the same splits without the embedding model, on `lexical,
/// length × coverage, novelty`.
const LEXICAL: Coefficients = Coefficients {
    intercept: 0.2420,
    weights: [0.0, 0.1458, 0.0, 1.1795, 0.0, 0.0133],
};

impl Features {
    /// The model's 0-1 score before the form rules.
    pub fn linear(&self) -> f64 {
        let c = if self.similarity.is_some() {
            &WITH_EMBEDDINGS
        } else {
            &LEXICAL
        };
        let similarity = self.similarity.unwrap_or(0.0).max(0.0);
        let x = [
            self.coverage,
            self.lexical,
            similarity,
            self.length * self.coverage,
            self.length * similarity,
            self.novelty,
        ];
        (c.intercept + c.weights.iter().zip(x).map(|(w, x)| w * x).sum::<f64>()).clamp(0.0, 1.0)
    }
}
