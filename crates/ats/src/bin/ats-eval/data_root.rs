//! Where the real-world corpora live. They are not in the repository (their files come from
//! public snapshots that may not be committed), so every corpus is looked up the same way.
//! Shared by `ats-eval` and the integration tests (included with `#[path]`).

use std::path::{Path, PathBuf};

/// `subdir` of the first evaluation data root that has it: `$HIRELANE_EVAL_DATA`, else
/// `~/.cache/hirelane/eval-data`, else `../shared/eval-data` beside the clone; `None` on a
/// machine without the corpus.
pub fn find(subdir: &str) -> Option<PathBuf> {
    let roots = [
        std::env::var_os("HIRELANE_EVAL_DATA").map(PathBuf::from),
        std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache/hirelane/eval-data")),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eval-data")),
    ];
    roots
        .into_iter()
        .flatten()
        .map(|root| root.join(subdir))
        .find(|dir| dir.is_dir())
}
