//! Inputs that once crashed or hung a parser (found by fuzzing: crates/ats/fuzz). Each must
//! now give a result or a typed error.

use std::path::PathBuf;

#[test]
fn fuzz_findings_do_not_panic() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "md"))
        .collect();
    files.sort();
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("csv") {
            let _ = ats::parse_candidates_csv(&bytes);
        } else if let Ok(doc) = ats::extract(&bytes) {
            let _ = ats::parse_resume(&doc.text);
        }
    }
}

/// Fuzzed PDFs that make pdf_oxide 0.3.78 panic (string slicing inside a multi-byte character,
/// in fonts/cmap.rs and document.rs). The panic must become `Corrupt`, and the parser must
/// keep working afterwards in the same process (no poisoned global state).
#[test]
fn parser_panics_become_corrupt_and_leave_the_parser_usable() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests");
    for name in ["pdf-cmap-slice-panic", "pdf-obj-keyword-slice-panic"] {
        let bytes = std::fs::read(root.join("regressions").join(name)).unwrap();
        let got = ats::extract(&bytes);
        assert!(
            matches!(got, Err(ats::ExtractError::Corrupt(_))),
            "{name}: {got:?}"
        );
    }
    let good = std::fs::read(root.join("fixtures/priya_chromium_2col.pdf")).unwrap();
    assert!(ats::extract(&good).is_ok());
}
