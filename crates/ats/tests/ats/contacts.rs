//! Contacts on real files and on decoys: the real-world corpus keeps its figures, and text
//! without contacts never yields invented ones.

#[path = "../../src/bin/ats-eval/real.rs"]
mod real;

use std::path::Path;

/// Floors just under what the corpus measured (docs/ats.md); a drop in any field fails.
const FLOORS: [(&str, f64); 3] = [("name", 0.95), ("email", 0.98), ("phone", 0.98)];

#[test]
fn the_real_world_corpus_keeps_its_contact_figures() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(corpus) = real::corpus_dir() else {
        println!("{}", real::skip_line());
        return;
    };
    let options = ats::ParseOptions {
        as_of: ats::YearMonth {
            year: 2025,
            month: 6,
        },
        default_region: None,
    };
    let c = real::contacts(&manifest.join("eval"), &corpus, &options).unwrap();
    assert!(c.total >= 60, "{} files", c.total);
    for ((field, floor), n) in FLOORS.iter().zip([c.name, c.email, c.phone]) {
        assert!(
            c.rate(n) >= *floor,
            "{field}: {n}/{} is under {floor}; misses {:#?}",
            c.total,
            c.misses
        );
    }
}

fn parse(text: &str) -> ats::Resume {
    ats::parse_resume_with(
        &ats::extract::normalize(text),
        &ats::ParseOptions {
            default_region: ats::Region::new("IN"),
            ..ats::ParseOptions::default()
        },
    )
}

#[test]
fn resumes_without_contacts_get_empty_fields_whatever_digits_they_hold() {
    let decoys = [
        "Jane Roe\nEXPERIENCE\nAcme Corp, Jan 2019 - Mar 2021\nBeta Ltd 03/2018 – 12/2018\n2019.05.01 - 2020.06.30",
        "Jane Roe\nAddress: 12 Park Street, Bengaluru 560034\nMünchen 80999 | London SW1A 1AA | Toronto M5T 0C8\nSan Francisco, CA 94107-1234",
        "Jane Roe\nPortfolio: https://example.com/u/98765432101 and www.example.org/p/4155550132\ngithub.com/jroe/9876543210-tools",
        "Jane Roe\nPublications: doi 10.1007/s12567-017-0170-8; ISBN 978-3-16-148410-0; ORCID 0000-0002-1825-0097\nGPA 3.92/4.30, rank 9/89, employee ID 44713",
    ];
    for text in decoys {
        let r = parse(text);
        assert_eq!(r.phone, None, "{text}");
        assert_eq!(r.email, None, "{text}");
    }
}

#[test]
fn a_number_broken_by_a_soft_hyphen_or_a_line_break_is_joined() {
    for text in [
        "Jane Roe\nPhone: +1 415 555\u{00AD}\n0132",
        "Jane Roe\nPhone: +1 415 555-\n0132",
        "Jane Roe\nPhone: +1 (415)\n555 0132",
    ] {
        assert_eq!(
            parse(text).phone.as_deref(),
            Some("+14155550132"),
            "{text:?}"
        );
    }
}

#[test]
fn digits_of_an_address_are_not_a_phone() {
    let r = parse("Jane Roe\n1124699309zrj@gmail.com | jane.roe9876543210@example.com");
    assert_eq!(r.email.as_deref(), Some("1124699309zrj@gmail.com"));
    assert_eq!(r.phone, None);
}

#[test]
fn a_national_number_takes_its_country_from_the_resume_never_a_guess() {
    // The place names the country...
    let us = ats::parse_resume("Jane Roe\nSeattle, WA | 206.403.7494 | jane@x.io");
    assert_eq!(us.phone.as_deref(), Some("+12064037494"));
    let kr = ats::parse_resume("서준호\n📱 010-5819-8832\n📍 경기도 부천시");
    assert_eq!(kr.phone.as_deref(), Some("+821058198832"));
    // ... else the deployment's region; with neither the number stays as written.
    let bare = "Jane Roe\nMobile: 98765 43210";
    assert_eq!(parse(bare).phone.as_deref(), Some("+919876543210"));
    assert_eq!(
        ats::parse_resume(bare).phone.as_deref(),
        Some("98765 43210")
    );
    // A US state is not the country Georgia: an Atlanta number stays American.
    let ga = ats::parse_resume("Jane Roe\nAtlanta, Georgia\n(404) 555-0199");
    assert_eq!(ga.phone.as_deref(), Some("+14045550199"));
}
