//! Scoring behaviour a recruiter relies on.

use ats::{JobSpec, Recommendation, ScoringConfig};

fn resume(text: &str) -> ats::Resume {
    let options = ats::ParseOptions {
        as_of: ats::YearMonth {
            year: 2025,
            month: 6,
        },
        default_region: ats::Region::new("IN"),
    };
    ats::parse_resume_with(text, &options)
}

fn job() -> JobSpec {
    JobSpec::new(
        "Backend Engineer",
        "<p>Must have: Go, PostgreSQL</p><p>Nice to have: Redis</p>",
        "Go, PostgreSQL, Kafka",
        "3+ years",
        "",
    )
}

const GOOD: &str = "Jane Roe\njane@example.com\nEXPERIENCE\nBackend Engineer, Acme, Jan 2019 - Present\n- Built Go services on Postgres and Kafka.\nSKILLS\nGo, PostgreSQL, Kafka, Redis";

#[test]
fn good_resume_passes_with_an_explanation() {
    let a = ats::score(&resume(GOOD), &job(), &ScoringConfig::default());
    assert_eq!(a.recommendation, Recommendation::Pass);
    assert_eq!(a.matched_skills, ["Go", "PostgreSQL", "Kafka", "Redis"]);
    assert!(a.missing_skills.is_empty());
    assert!(a.ats_score >= 80, "{a:?}");
    assert!(
        a.summary.contains("Matches 3 of 3 required skills"),
        "{}",
        a.summary
    );
    assert!(
        a.summary.contains("6.5 years found, 3+ asked"),
        "{}",
        a.summary
    );
    assert_eq!(a.version, ats::VERSION);
}

#[test]
fn missing_skills_and_experience_lower_the_score() {
    let weak = "John Roe\nEXPERIENCE\nDeveloper, Beta, Jan 2024 - Dec 2024\n- Built Go tools.";
    let a = ats::score(&resume(weak), &job(), &ScoringConfig::default());
    let good = ats::score(&resume(GOOD), &job(), &ScoringConfig::default());
    assert!(a.ats_score < good.ats_score);
    assert_eq!(a.missing_skills, ["PostgreSQL", "Kafka", "Redis"]);
    assert_eq!(a.recommendation, Recommendation::Fail);
}

#[test]
fn threshold_is_configurable() {
    let a = ats::score(&resume(GOOD), &job(), &ScoringConfig::default());
    let strict = ScoringConfig {
        pass_threshold: a.ats_score + 1,
        ..ScoringConfig::default()
    };
    assert_eq!(
        ats::score(&resume(GOOD), &job(), &strict).recommendation,
        Recommendation::Fail
    );
}

#[test]
fn keyword_stuffing_is_flagged() {
    let stuffed = "Sam Poe\nSUMMARY\nGo PostgreSQL Kafka Go PostgreSQL Kafka\nEXPERIENCE\nCashier, Shop, 2022 - Present\n- Billing.\nSKILLS\nGo, PostgreSQL, Kafka, Go, PostgreSQL, Kafka";
    let a = ats::score(&resume(stuffed), &job(), &ScoringConfig::default());
    assert!(a.keyword_stuffing);
    assert_eq!(a.recommendation, Recommendation::Fail);
    assert!(a.summary.contains("repeated"));
}

#[test]
fn reranker_seam_reapplies_the_threshold() {
    struct Zero;
    impl ats::Reranker for Zero {
        fn rerank(&self, _: &ats::Resume, _: &JobSpec, mut a: ats::Assessment) -> ats::Assessment {
            a.ats_score = 10;
            a
        }
    }
    let a = ats::score_with_reranker(&resume(GOOD), &job(), &ScoringConfig::default(), &Zero);
    assert_eq!((a.ats_score, a.recommendation), (10, Recommendation::Fail));
}

#[test]
fn assessment_serialises_for_storage() {
    let a = ats::score(&resume(GOOD), &job(), &ScoringConfig::default());
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(json["recommendation"], "Pass");
    assert!(json["atsScore"].is_u64());
    assert!(json["matchedSkills"].is_array());
}

#[test]
fn semantic_fit_moves_the_score_within_its_weight_and_is_explained() {
    let input = ats::ScorerInput::new(&resume(GOOD));
    let config = ScoringConfig::default();
    let lexical = ats::score_input(&input, &job(), &config);
    let close = ats::score_input_with(
        &input,
        &job(),
        &config,
        Some(ats::Similarity::from_cosine(0.7)),
    );
    let far = ats::score_input_with(
        &input,
        &job(),
        &config,
        Some(ats::Similarity::from_cosine(0.05)),
    );
    assert_eq!(lexical.semantic_fit, None);
    assert_eq!((close.semantic_fit, far.semantic_fit), (Some(100), Some(0)));
    assert_eq!(close.version, ats::SEMANTIC_VERSION);
    assert!(
        close
            .summary
            .contains("The resume's work reads close to the JD's duties (similarity 0.70)."),
        "{}",
        close.summary
    );
    assert!(
        far.summary.contains("reads unlike the JD's duties"),
        "{}",
        far.summary
    );
    // The other components keep their share: semantic fit can move the score by at most its
    // weight over the total, whichever way.
    let share = 100.0 * config.semantic_weight
        / (config.skills_weight
            + config.occupation_weight
            + config.experience_weight
            + config.relevance_weight
            + config.semantic_weight);
    let spread = f32::from(close.ats_score) - f32::from(far.ats_score);
    assert!((spread - share).abs() <= 1.0, "{spread} vs {share}");
    assert!(far.ats_score < lexical.ats_score && lexical.ats_score <= close.ats_score);
}

/// Years in another kind of work count only in proportion to the evidence of the JD's work:
/// a site engineer's decade does not make an art teacher, whatever the years asked.
#[test]
fn experience_counts_in_full_only_in_the_jds_kind_of_work() {
    let arts = JobSpec::new(
        "Art Teacher",
        "<p>Teach drawing and painting classes to children.</p>",
        "Fine arts, Painting, Drawing, Art education",
        "1+ years",
        "",
    );
    let engineer = "Jane Roe\nEXPERIENCE\nSite Engineer, Acme Builders, Jan 2012 - Dec 2022\n\
                    - Supervised concrete works and prepared structural drawings.";
    let teacher = "Jane Roe\nEXPERIENCE\nArt Teacher, Bright Art Studio, Jan 2012 - Dec 2022\n\
                   - Taught drawing and painting to children.";
    let config = ScoringConfig::default();
    let other = ats::score(&resume(engineer), &arts, &config);
    let own = ats::score(&resume(teacher), &arts, &config);
    assert_eq!((other.experience_fit, own.experience_fit), (100, 100));
    assert!(
        other.summary.contains("Experience counted at")
            && other
                .summary
                .contains("the resume shows little of the JD's kind of work"),
        "{}",
        other.summary
    );
    assert!(
        !own.summary.contains("Experience counted at"),
        "{}",
        own.summary
    );
    assert!(own.ats_score > other.ats_score + 30, "{own:?} {other:?}");
}
