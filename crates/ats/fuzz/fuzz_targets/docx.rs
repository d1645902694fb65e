//! DOCX entry point: zip parsing, the decompression cap and the XML reader.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        std::panic::set_hook(Box::new(|_| {}));
    },
    |data: &[u8]| {
        let mut bytes = Vec::with_capacity(data.len() + 4);
        if !data.starts_with(b"PK\x03\x04") {
            bytes.extend_from_slice(b"PK\x03\x04");
        }
        bytes.extend_from_slice(data);
        if let Ok(doc) = ats::extract(&bytes) {
            let _ = ats::parse_resume(&doc.text);
        }
    }
);
