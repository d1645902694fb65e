//! The score from the signals: a linear model fitted on the public training splits by
//! `crates/assess/eval/fit.py` (least squares on grades scaled to 0-1, every training set
//! weighted alike), clamped to 0-1 and scaled to 0-5. Two coefficient sets: one with the
//! embedding model's signals and one for lexical grading without it.

use serde::Serialize;

/// The signals one score is computed from, each about 0-1.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Features {
    /// Mean coverage of the key points (lexical and, with embeddings, semantic).
    pub coverage: f64,
    /// Mean weighted share of each key point's words the answer says.
    pub lexical: f64,
    /// Mean best cosine of each key point with a segment of the answer, rescaled to 0-1.
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

/// Intercept and weights of `coverage, lexical, semantic, similarity, length, novelty`.
struct Coefficients {
    intercept: f64,
    weights: [f64; 6],
}

/// Fitted by `eval/fit.py` on SemEval-2013 (SciEntsBank, Beetle) and SAF training splits.
const WITH_EMBEDDINGS: Coefficients = Coefficients {
    intercept: -0.05,
    weights: [0.30, 0.10, 0.20, 0.30, 0.10, 0.05],
};

/// Fitted by `eval/fit.py` on the same splits without the embedding signals.
const LEXICAL: Coefficients = Coefficients {
    intercept: 0.0,
    weights: [0.0, 0.70, 0.0, 0.0, 0.15, 0.10],
};

impl Features {
    /// The model's 0-1 score before the form rules.
    pub fn linear(&self) -> f64 {
        let c = if self.semantic.is_some() {
            &WITH_EMBEDDINGS
        } else {
            &LEXICAL
        };
        let x = [
            self.coverage,
            self.lexical,
            self.semantic.unwrap_or(0.0),
            self.similarity.map_or(0.0, rescale),
            self.length,
            self.novelty,
        ];
        (c.intercept + c.weights.iter().zip(x).map(|(w, x)| w * x).sum::<f64>()).clamp(0.0, 1.0)
    }
}
