//! Text parsers: resume parsing, JD parsing and scoring on arbitrary text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let resume = ats::parse_resume(&ats::extract::normalize(&text));
    let mut parts = text.splitn(3, '\u{1}');
    let (title, html, skills) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    let job = ats::JobSpec::new(title, html, skills, html, "");
    let a = ats::score(&resume, &job, &ats::ScoringConfig::default());
    assert!(a.ats_score <= 100 && a.skills_match <= 100);
});
