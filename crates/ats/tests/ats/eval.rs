//! The labelled evaluation set must keep meeting the targets.

#[path = "../../src/bin/ats-eval/metrics.rs"]
#[allow(dead_code)]
mod metrics;

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn contacts_are_at_least_95_percent_exact() {
    let c = metrics::contacts(&root().join("eval"), &root().join("tests/fixtures")).unwrap();
    assert!(c.total >= 100 - 1, "{} resumes", c.total);
    for (field, n) in [("name", c.name), ("email", c.email), ("phone", c.phone)] {
        assert!(
            c.rate(n) >= 0.95,
            "{field}: {n}/{}; misses {:#?}",
            c.total,
            c.misses
        );
    }
}

#[test]
fn ranking_pairwise_accuracy_is_at_least_0_9() {
    let results = metrics::ranking(&root().join("eval")).unwrap();
    assert_eq!(results.len(), 8);
    let mean = results.iter().map(|r| r.pairwise).sum::<f64>() / results.len() as f64;
    assert!(mean >= 0.9, "{results:#?}");
    for r in &results {
        assert!(r.pairwise >= 0.8, "{}: {}", r.jd, r.pairwise);
    }
}

#[test]
fn names_on_real_layouts_are_at_least_97_percent_exact() {
    let layouts = metrics::layouts(&root().join("eval")).unwrap();
    assert_eq!(layouts.len(), 5, "{layouts:#?}");
    let files: usize = layouts.iter().map(|l| l.total).sum();
    let names: usize = layouts.iter().map(|l| l.name).sum();
    assert!(files >= 60);
    assert!(names * 100 >= files * 97, "{layouts:#?}");
    for l in &layouts {
        assert_eq!(l.email, l.total, "{l:#?}");
        assert_eq!(l.phone, l.total, "{l:#?}");
    }
}
