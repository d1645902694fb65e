//! Black-box tests of the `ats` crate, compiled as one binary.

// Helpers outside #[test] functions unwrap too: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod cli;
mod contacts;
mod counterfactual;
mod csv_import;
#[path = "../../src/bin/ats-eval/data_root.rs"]
mod data_root;
mod eval;
mod fixtures;
mod ocr;
mod properties;
mod regressions;
mod scoring;
