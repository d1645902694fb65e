//! Every fixture made by a real tool (see fixtures/make_fixtures.py) against expected.json.

use std::path::PathBuf;

use ats::{DocKind, ExtractError};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn expected() -> serde_json::Map<String, serde_json::Value> {
    let text = std::fs::read_to_string(dir().join("expected.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text)
        .unwrap()
        .as_object()
        .unwrap()
        .clone()
}

fn options() -> ats::ParseOptions {
    ats::ParseOptions {
        as_of: ats::YearMonth {
            year: 2025,
            month: 6,
        },
        default_region: ats::Region::new("IN"),
    }
}

#[test]
fn at_least_twenty_readable_resumes_and_the_broken_ones() {
    let all = expected();
    let readable = all.values().filter(|v| v.get("error").is_none()).count();
    assert!(readable >= 20, "{readable} readable fixtures");
    assert!(all.len() - readable >= 8);
}

#[test]
fn readable_fixtures_give_contacts_and_key_phrases() {
    for (file, want) in expected() {
        if want.get("error").is_some() {
            continue;
        }
        let bytes = std::fs::read(dir().join(&file)).unwrap();
        let doc = ats::extract(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let kind = match want["kind"].as_str().unwrap() {
            "Pdf" => DocKind::Pdf,
            "Docx" => DocKind::Docx,
            _ => DocKind::Text,
        };
        assert_eq!(doc.kind, kind, "{file}");
        if let Some(pages) = want.get("pages").and_then(|p| p.as_u64()) {
            assert_eq!(u64::from(doc.pages), pages, "{file}");
        }
        let r = ats::parse_resume_with(&doc.text, &options());
        assert_eq!(
            r.name.as_deref(),
            want["name"].as_str(),
            "{file} name\n{}",
            doc.text
        );
        assert_eq!(r.email.as_deref(), want["email"].as_str(), "{file} email");
        assert_eq!(r.phone.as_deref(), want["phone"].as_str(), "{file} phone");
        for phrase in want["phrases"].as_array().unwrap() {
            let phrase = phrase.as_str().unwrap();
            assert!(
                doc.text.contains(phrase),
                "{file}: {phrase:?} missing from\n{}",
                doc.text
            );
        }
        assert!(
            r.total_experience_months > 12,
            "{file}: {} months",
            r.total_experience_months
        );
        assert!(!r.skills.is_empty(), "{file}: no skills");
    }
}

#[test]
fn broken_files_give_typed_errors() {
    for (file, want) in expected() {
        let Some(error) = want.get("error").and_then(|e| e.as_str()) else {
            continue;
        };
        let bytes = std::fs::read(dir().join(&file)).unwrap();
        let got = ats::extract(&bytes);
        let ok = matches!(
            (error, &got),
            ("Encrypted", Err(ExtractError::Encrypted))
                | ("Corrupt", Err(ExtractError::Corrupt(_)))
                | ("Unsupported", Err(ExtractError::Unsupported))
                | ("NoText", Err(ExtractError::NoText))
                | ("Empty", Err(ExtractError::Empty))
                | ("TooLarge", Err(ExtractError::TooLarge))
        );
        assert!(ok, "{file}: expected {error}, got {got:?}");
    }
}

#[test]
fn two_column_pdf_keeps_columns_apart() {
    let bytes = std::fs::read(dir().join("priya_chromium_2col.pdf")).unwrap();
    let text = ats::extract(&bytes).unwrap().text;
    // Lines of the two columns must not interleave: each job line stays whole.
    assert!(text.contains("Senior Software Engineer"));
    assert!(
        text.contains("Designed microservices in Go and Java handling 20k requests per second.")
    );
    let r = ats::parse_resume_with(&text, &options());
    assert_eq!(r.total_experience_months, 108);
}

#[test]
fn docx_reads_headers_text_boxes_and_tracked_insertions() {
    let bytes = std::fs::read(dir().join("zoe_header_table.docx")).unwrap();
    let text = ats::extract(&bytes).unwrap().text;
    let header = text.find("zoe.mueller@web.de").unwrap();
    let name = text.find("Zoë Müller").unwrap();
    assert!(header < name, "header text comes first");
    assert!(text.contains("Certified Kubernetes Administrator (CKA), 2022"));
    assert_eq!(
        text.matches("Certified Kubernetes Administrator").count(),
        1,
        "text box once"
    );
    assert!(text.contains("tracked-change project"));
}

#[test]
fn page_cap_truncates() {
    let bytes = std::fs::read(dir().join("oluwaseun_reportlab_2page.pdf")).unwrap();
    let limits = ats::Limits {
        max_pages: 1,
        ..ats::Limits::default()
    };
    let doc = ats::extract_with(&bytes, &limits).unwrap();
    assert!(doc.truncated);
    assert_eq!(doc.pages, 2);
    assert!(!doc.text.contains("Delivered project 39"));
}

#[test]
fn extraction_is_deterministic() {
    let bytes = std::fs::read(dir().join("mei_chromium_2col.pdf")).unwrap();
    assert_eq!(ats::extract(&bytes), ats::extract(&bytes));
}

#[test]
fn an_exhausted_time_budget_stops_extraction() {
    let bytes = std::fs::read(dir().join("mei_fpdf.pdf")).unwrap();
    let limits = ats::Limits {
        time_budget: std::time::Duration::ZERO,
        ..ats::Limits::default()
    };
    assert_eq!(
        ats::extract_with(&bytes, &limits),
        Err(ExtractError::TimedOut)
    );
}

#[test]
fn an_inflating_docx_is_too_large_before_it_is_parsed() {
    // 60 KB of zip, 31 MB of empty paragraphs (see make_hostile.py).
    let bytes = std::fs::read(dir().join("hostile_inflating.docx")).unwrap();
    assert_eq!(ats::extract(&bytes), Err(ExtractError::TooLarge));
}

#[test]
fn a_deeply_nested_pdf_is_damaged_not_a_crash() {
    let depth = 300_000;
    let pdf = format!(
        "%PDF-1.7\n1 0 obj\n<< /Type /Page /MediaBox {}0 0 612 792{} >>\nendobj\nstartxref\n9\n%%EOF\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert!(matches!(
        ats::extract(pdf.as_bytes()),
        Err(ExtractError::Corrupt(reason)) if reason.contains("nested too deeply")
    ));
}

/// A DOCX with no text is empty unless it has pictures, which may be a scan.
#[test]
fn an_empty_docx_is_empty_and_one_with_only_pictures_looks_scanned() {
    use std::io::Write;
    let docx = |with_picture: bool| {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default();
        zip.start_file("word/document.xml", options).unwrap();
        zip.write_all(br#"<w:document xmlns:w="w"><w:body><w:p/></w:body></w:document>"#)
            .unwrap();
        if with_picture {
            zip.start_file("word/media/image1.png", options).unwrap();
            zip.write_all(b"\x89PNG").unwrap();
        }
        zip.finish().unwrap().into_inner()
    };
    assert_eq!(ats::extract(&docx(false)), Err(ExtractError::Empty));
    assert_eq!(ats::extract(&docx(true)), Err(ExtractError::NoText));
}
