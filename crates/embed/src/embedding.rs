//! The vectors: mean pooling over every token of the sequence (`[CLS]` and `[SEP]` included, as
//! sentence-transformers' `Pooling` does with an all-ones attention mask), L2 normalisation, then
//! rounding to a fixed grid so machines with different kernels agree.

/// Components per vector (the model's hidden size).
pub const DIM: usize = 384;

/// Every component is a whole multiple of this (2^-10, exact in `f32`). Coarser than the last
/// bits in which CPUs' kernels differ, and fine enough that a vector's cosine with its unrounded
/// self stays above 0.99998.
pub const QUANTUM: f32 = 1.0 / 1024.0;

/// One text's embedding: [`DIM`] components on the [`QUANTUM`] grid, of length 1 up to the
/// rounding.
#[derive(Debug, Clone, PartialEq)]
pub struct Embedding(Vec<f32>);

impl Embedding {
    /// Pools a `tokens × DIM` row-major hidden state into a normalised, quantised vector.
    pub(crate) fn mean_pooled(hidden: &[f32], tokens: usize) -> Self {
        let mut sum = vec![0.0f64; DIM];
        for row in hidden.chunks_exact(DIM).take(tokens) {
            for (s, &x) in sum.iter_mut().zip(row) {
                *s += f64::from(x);
            }
        }
        // The mean's 1/tokens factor cancels in the normalisation; sentence-transformers divides
        // by max(norm, 1e-12), which only matters for an all-zero state.
        let norm = sum.iter().map(|s| s * s).sum::<f64>().sqrt().max(1e-12);
        let scale = f64::from(QUANTUM);
        Self(
            sum.iter()
                .map(|s| ((s / norm / scale).round() * scale) as f32)
                .collect(),
        )
    }

    /// Cosine similarity in [-1, 1] (the vectors are unit length up to rounding, which this
    /// divides out).
    pub fn cosine(&self, other: &Embedding) -> f32 {
        let (mut dot, mut aa, mut bb) = (0.0f64, 0.0f64, 0.0f64);
        for (&a, &b) in self.0.iter().zip(&other.0) {
            let (a, b) = (f64::from(a), f64::from(b));
            dot += a * b;
            aa += a * a;
            bb += b * b;
        }
        let denominator = (aa * bb).sqrt();
        if denominator == 0.0 {
            return 0.0;
        }
        (dot / denominator).clamp(-1.0, 1.0) as f32
    }

    /// The components.
    pub fn as_slice(&self) -> &[f32] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(rows: &[[f32; 2]]) -> Vec<f32> {
        rows.iter()
            .flat_map(|r| {
                let mut row = vec![0.0; DIM];
                row[..2].copy_from_slice(r);
                row
            })
            .collect()
    }

    #[test]
    fn pooling_averages_the_tokens_then_normalises_onto_the_grid() {
        let e = Embedding::mean_pooled(&state(&[[3.0, 0.0], [3.0, 8.0]]), 2);
        // The mean (3, 4) has length 5.
        assert_eq!(&e.as_slice()[..3], &[614.0 * QUANTUM, 819.0 * QUANTUM, 0.0]);
        assert!(e.as_slice().iter().all(|x| (x / QUANTUM).fract() == 0.0));
    }

    #[test]
    fn cosine_of_parallel_orthogonal_and_opposite_vectors() {
        let x = Embedding::mean_pooled(&state(&[[1.0, 0.0]]), 1);
        let y = Embedding::mean_pooled(&state(&[[0.0, 2.0]]), 1);
        let minus_x = Embedding::mean_pooled(&state(&[[-5.0, 0.0]]), 1);
        assert_eq!(x.cosine(&x), 1.0);
        assert_eq!(x.cosine(&y), 0.0);
        assert_eq!(x.cosine(&minus_x), -1.0);
    }

    #[test]
    fn an_all_zero_state_gives_a_zero_vector_with_zero_cosine() {
        let zero = Embedding::mean_pooled(&vec![0.0; DIM], 1);
        assert!(zero.as_slice().iter().all(|&x| x == 0.0));
        assert_eq!(zero.cosine(&zero), 0.0);
    }
}
