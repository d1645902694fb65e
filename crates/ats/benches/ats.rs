//! Criterion benchmarks: extraction per page, the full extract+parse+score pipeline per
//! resume, scoring throughput on pre-parsed input, and the embedding step of semantic fit per
//! resume (when the model is installed).
//! `cargo bench -p ats` (figures in docs/benchmarks.md).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn job() -> ats::JobSpec {
    ats::JobSpec::new(
        "Senior Backend Engineer",
        "<p>Must have: Go, PostgreSQL, Kafka</p><h3>Nice to have</h3><ul><li>Redis, gRPC</li></ul>",
        "Go, Java, PostgreSQL, Kafka, Kubernetes, Microservices",
        "5+ years",
        "",
    )
}

const PDFS: &[&str] = &[
    "priya_chromium_2col.pdf",
    "mei_libreoffice.pdf",
    "ananya_reportlab.pdf",
    "zoe_fpdf.pdf",
    "oluwaseun_reportlab_2page.pdf",
];

fn extraction(c: &mut Criterion) {
    let mut group = c.benchmark_group("extract");
    for name in PDFS.iter().chain(["zoe_header_table.docx"].iter()) {
        let bytes = fixture(name);
        let pages = ats::extract(&bytes).map_or(1, |d| d.pages);
        group.throughput(Throughput::Elements(u64::from(pages)));
        group.bench_function(*name, |b| b.iter(|| ats::extract(black_box(&bytes))));
    }
    group.finish();
}

fn pipeline(c: &mut Criterion) {
    let job = job();
    let config = ats::ScoringConfig::default();
    let options = ats::ParseOptions::default();
    let mut group = c.benchmark_group("extract_parse_score");
    for name in [
        "priya_chromium_2col.pdf",
        "mei_libreoffice.pdf",
        "oluwaseun_reportlab_2page.pdf",
    ] {
        let bytes = fixture(name);
        group.bench_function(name, |b| {
            b.iter(|| {
                let doc = ats::extract(black_box(&bytes)).ok()?;
                let resume = ats::parse_resume_with(&doc.text, &options);
                Some(ats::score(&resume, &job, &config))
            })
        });
    }
    group.finish();
}

fn scoring(c: &mut Criterion) {
    let job = job();
    let config = ats::ScoringConfig::default();
    let text = ats::extract(&fixture("priya_chromium_2col.pdf"))
        .map(|d| d.text)
        .unwrap_or_default();
    let resume = ats::parse_resume(&text);
    let mut group = c.benchmark_group("score");
    group.throughput(Throughput::Elements(1));
    group.bench_function("preparsed", |b| {
        b.iter(|| ats::score(black_box(&resume), &job, &config))
    });
    let input = ats::ScorerInput::new(&resume);
    group.bench_function("scorer_input", |b| {
        b.iter(|| ats::ScorerInput::new(black_box(&resume)))
    });
    group.bench_function("prepared_input", |b| {
        b.iter(|| ats::score_input(black_box(&input), &job, &config))
    });
    group.bench_function("parse_resume", |b| {
        b.iter(|| ats::parse_resume(black_box(&text)))
    });
    group.bench_function("job_spec", |b| {
        b.iter(|| {
            ats::JobSpec::new(
                "Senior Backend Engineer",
                "<p>Must have: Go</p>",
                "Go, Kafka",
                "5+ years",
                "",
            )
        })
    });
    group.finish();
}

/// The embedding step one resume adds when semantic fit counts: its work text embedded (the
/// JD is embedded once per ranking, not per resume).
fn semantic(c: &mut Criterion) {
    let model = match ats::semantic::Model::locate() {
        Ok(model) => model,
        Err(e) => {
            eprintln!("semantic/embed_resume skipped: {e}");
            return;
        }
    };
    let mut group = c.benchmark_group("semantic");
    group.sample_size(20);
    for name in PDFS {
        let text = ats::extract(&fixture(name))
            .map(|d| d.text)
            .unwrap_or_default();
        let input = ats::ScorerInput::new(&ats::parse_resume(&text));
        group.bench_function(format!("embed_resume/{name}"), |b| {
            b.iter(|| model.resume(black_box(&input)))
        });
    }
    group.finish();
}

criterion_group!(benches, extraction, pipeline, scoring, semantic);
criterion_main!(benches);
