//! Semantic fit: how close the resume's own account of its work reads to the JD's duties, as a
//! sentence-embedding model measures it (the `embed` feature's [`crate::semantic`] computes the
//! cosine). It separates neighbouring professions that share tools and words (a civil and a
//! mechanical engineer both name AutoCAD and quality control) by what the work is about.

/// The cosine that makes 0 and the one that makes 100. all-MiniLM-L6-v2 puts unrelated texts of
/// the same genre (two resumes of different trades) around 0.1-0.3 and a text describing the
/// same work in other words around 0.5-0.7.
const FLOOR: f32 = 0.15;
const FULL: f32 = 0.60;

/// The resume's closeness to the JD, measured by a pinned embedding model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Similarity {
    /// Cosine of the two embeddings, rounded to two decimals so that the last-bit differences
    /// between CPUs' kernels cannot move a score.
    cosine: f32,
}

impl Similarity {
    /// From a cosine in [-1, 1].
    pub fn from_cosine(cosine: f32) -> Similarity {
        Similarity {
            cosine: (cosine.clamp(-1.0, 1.0) * 100.0).round() / 100.0,
        }
    }

    /// The rounded cosine.
    pub fn cosine(&self) -> f32 {
        self.cosine
    }

    /// 0-100, linear between [`FLOOR`] and [`FULL`].
    pub(crate) fn fit(&self) -> f32 {
        (100.0 * (self.cosine - FLOOR) / (FULL - FLOOR)).clamp(0.0, 100.0)
    }

    /// The summary's sentence.
    pub(crate) fn sentence(&self) -> String {
        let how = match self.fit() {
            f if f >= 70.0 => "close to",
            f if f >= 35.0 => "partly like",
            _ => "unlike",
        };
        format!(
            "The resume's work reads {how} the JD's duties (similarity {:.2}).",
            self.cosine
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Similarity;

    #[test]
    fn fit_is_linear_between_floor_and_full_and_bounded() {
        assert_eq!(Similarity::from_cosine(0.05).fit(), 0.0);
        assert_eq!(Similarity::from_cosine(0.9).fit(), 100.0);
        let mid = Similarity::from_cosine(0.375).fit();
        assert!((mid - 50.0).abs() < 1.5, "{mid}");
    }

    #[test]
    fn the_cosine_is_rounded_so_kernel_noise_cannot_move_it() {
        assert_eq!(
            Similarity::from_cosine(0.6213),
            Similarity::from_cosine(0.6207)
        );
        assert!(
            Similarity::from_cosine(0.62)
                .sentence()
                .contains("close to the JD's duties (similarity 0.62)")
        );
    }
}
