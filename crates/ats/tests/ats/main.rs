//! Black-box tests of the `ats` crate, compiled as one binary.

mod csv_import;
mod eval;
mod fixtures;
mod properties;
mod regressions;
mod scoring;
