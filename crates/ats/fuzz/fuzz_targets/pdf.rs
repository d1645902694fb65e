//! PDF entry point: anything that sniffs as a PDF must give text or a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        // libfuzzer-sys aborts on any panic from its hook; ours must reach the catch_unwind
        // around the PDF parser first. Panics that escape `ats` still abort and are reported.
        std::panic::set_hook(Box::new(|_| {}));
    },
    |data: &[u8]| {
        let mut bytes = Vec::with_capacity(data.len() + 9);
        if !data.starts_with(b"%PDF-") {
            bytes.extend_from_slice(b"%PDF-1.7\n");
        }
        bytes.extend_from_slice(data);
        if let Ok(doc) = ats::extract(&bytes) {
            let _ = ats::parse_resume(&doc.text);
        }
    }
);
