//! The figures in docs/benchmarks.md ("Sentence embeddings"): loading the model, and embedding
//! (a) a 22-token sentence, (b) a 127-token passage, (c) a resume of 501 word pieces in its
//! `split` parts, (d) 15 interview answers of 60-73 tokens, on one thread.
//!
//! Measured in CPU time of the benchmarking thread (from /proc/thread-self/schedstat), not wall
//! time: the machine is shared, and the targets are CPU budgets (100 ms per resume on one core,
//! 1 s for 15 answers). `cargo bench -p hirelane-embed` after `scripts/models.sh`.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use embed::Embedder;

/// Nanoseconds this thread has run on a CPU.
struct ThreadCpu;

fn thread_cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("Linux's /proc/thread-self/schedstat");
    stat.split_whitespace()
        .next()
        .and_then(|ns| ns.parse().ok())
        .expect("schedstat starts with the time on CPU in ns")
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuMs
    }
}

/// Shows CPU nanoseconds as CPU milliseconds.
struct CpuMs;

impl ValueFormatter for CpuMs {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms CPU"
    }
    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let per_iteration = match *t {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n as f64,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => n as f64,
            Throughput::Bits(n) => n as f64,
        };
        values
            .iter_mut()
            .for_each(|v| *v = per_iteration / (*v / 1e9));
        "/s CPU"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn bench(c: &mut Criterion<ThreadCpu>) {
    let embedder = Embedder::locate().unwrap_or_else(|e| panic!("{e}"));
    let sentence = include_str!("texts/sentence.txt").trim();
    let passage = include_str!("texts/passage.txt").trim();
    let resume = embedder.split(include_str!("texts/resume.txt"));
    let answers: Vec<&str> = include_str!("texts/answers.txt").lines().collect();

    let mut group = c.benchmark_group("embed");
    group.sample_size(10);
    group.bench_function("load", |b| {
        b.iter(|| Embedder::locate().unwrap_or_else(|e| panic!("{e}")))
    });
    let cases: [(&str, Vec<&str>); 4] = [
        ("sentence_22_tokens", vec![sentence]),
        ("passage_127_tokens", vec![passage]),
        ("resume_501_pieces_in_parts", resume),
        ("answers_15", answers),
    ];
    for (name, texts) in cases {
        group.bench_function(name, |b| b.iter(|| embedder.embed(&texts).expect("runs")));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = bench
}
criterion_main!(benches);
