//! Embedding vectors computed ahead of time (by `eval/embed_cache.py`, the same model and
//! pooling), looked up by text: the evaluation's stand-in for the model.
//!
//! File format: the line `hirelane-embeddings 1`, then the vector length as a little-endian
//! u32, then per text its UTF-8 length (u32), its bytes and its vector (f32 each).

use std::collections::HashMap;
use std::path::Path;

use assess::{AssessError, Embed};

const MAGIC: &[u8] = b"hirelane-embeddings 1\n";

/// Vectors by text.
pub struct Cache {
    vectors: HashMap<String, Vec<f32>>,
    version: String,
}

impl Cache {
    /// Reads a cache file.
    pub fn load(path: &Path) -> Result<Self, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let bad = || format!("{}: not an embedding cache", path.display());
        let mut rest = bytes.strip_prefix(MAGIC).ok_or_else(bad)?;
        let dim = take_u32(&mut rest).ok_or_else(bad)? as usize;
        let mut vectors = HashMap::new();
        while !rest.is_empty() {
            let len = take_u32(&mut rest).ok_or_else(bad)? as usize;
            let (text, tail) = rest.split_at_checked(len).ok_or_else(bad)?;
            let (raw, tail) = tail.split_at_checked(dim * 4).ok_or_else(bad)?;
            let text = String::from_utf8(text.to_vec()).map_err(|_| bad())?;
            let vector = raw
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            vectors.insert(text, vector);
            rest = tail;
        }
        Ok(Self {
            vectors,
            version: "all-MiniLM-L6-v2(cache)".into(),
        })
    }
}

fn take_u32(rest: &mut &[u8]) -> Option<u32> {
    let (head, tail) = rest.split_at_checked(4)?;
    *rest = tail;
    Some(u32::from_le_bytes([head[0], head[1], head[2], head[3]]))
}

impl Embed for Cache {
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, AssessError> {
        texts
            .iter()
            .map(|t| {
                self.vectors
                    .get(*t)
                    .cloned()
                    .ok_or_else(|| AssessError::Embedding(format!("not in the cache: {t:?}")))
            })
            .collect()
    }

    fn version(&self) -> String {
        self.version.clone()
    }
}
