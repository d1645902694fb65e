//! Scanned resumes are read by OCR (poppler and Tesseract, installed by scripts/system-deps.sh).

#[path = "../support/scan.rs"]
mod scan;

use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn a_scanned_resume_is_read_by_ocr_and_only_when_asked() {
    let scanned = scan::scanned_copy(&fixture("ananya_reportlab.pdf"));
    assert_eq!(ats::extract(&scanned), Err(ats::ExtractError::NoText));

    let limits = ats::Limits {
        ocr: Some(ats::extract::Ocr::default()),
        ..ats::Limits::default()
    };
    let document = ats::extract_with(&scanned, &limits).unwrap();
    assert!(document.ocr);
    let resume = ats::parse_document(&document, &ats::ParseOptions::default());
    assert_eq!(resume.email.as_deref(), Some("ananya.iyer@yahoo.co.in"));
    assert_eq!(resume.name.as_deref(), Some("Ananya Iyer"));
    // Read from the page (where OCR writes "lyer"), confirmed by the address: not a guess.
    assert!(
        resume
            .name_confidence
            .is_some_and(|c| c >= ats::CHECK_NAME_BELOW)
    );
}

#[test]
fn without_the_ocr_programs_a_scan_is_held_for_review() {
    let scanned = scan::scanned_copy(&fixture("ananya_reportlab.pdf"));
    let limits = ats::Limits {
        ocr: Some(ats::extract::Ocr {
            tesseract: "/nonexistent/tesseract".into(),
            ..ats::extract::Ocr::default()
        }),
        ..ats::Limits::default()
    };
    assert_eq!(
        ats::extract_with(&scanned, &limits),
        Err(ats::ExtractError::NoText)
    );
}

#[test]
fn a_text_pdf_never_starts_ocr() {
    let limits = ats::Limits {
        ocr: Some(ats::extract::Ocr {
            tesseract: "/nonexistent/tesseract".into(),
            pdftoppm: "/nonexistent/pdftoppm".into(),
            ..ats::extract::Ocr::default()
        }),
        ..ats::Limits::default()
    };
    let bytes = std::fs::read(fixture("ananya_reportlab.pdf")).unwrap();
    assert!(!ats::extract_with(&bytes, &limits).unwrap().ocr);
}
