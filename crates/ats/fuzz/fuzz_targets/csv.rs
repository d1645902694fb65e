//! Candidate CSV import: must never panic, whatever the bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = ats::parse_candidates_csv(data);
});
