//! The bias audit through the API on both databases: figures from seeded candidates (rates,
//! ratios, unknowns, exclusions, "not enough data"), the JD and date filters, the CSV, and who
//! may read it.

use hirelane::auth::Role;
use hirelane::store::BeginWrite;
use reqwest::Method;
use serde_json::{Value, json};

use crate::candidates::create_job;
use crate::helpers::{TestApp, on_each_db, on_each_db_configured};

/// People of one group: `count` of them, `positives` of whom passed (or scored high).
pub(super) struct Group {
    pub sex: Option<&'static str>,
    pub race: Option<&'static str>,
    pub count: usize,
    pub positives: usize,
}

pub(super) const fn group(
    sex: Option<&'static str>,
    race: Option<&'static str>,
    count: usize,
    positives: usize,
) -> Group {
    Group {
        sex,
        race,
        count,
        positives,
    }
}

/// Stores candidates of `jd` as the analysis would have left them: a positive is a Pass with
/// score 90, anyone else a Fail with 40 (so with fewer positives than half the sample, exactly
/// the positives score above its median), each with their self-identification.
pub(super) async fn seed(app: &TestApp, jd: i64, groups: &[Group], at_ms: i64) {
    hirelane::with_db!(&app.state.db, |pool| {
        // `BEGIN IMMEDIATE` on SQLite: the app's background writers (webhook outbox,
        // reconciler) run beside the test, and a deferred transaction can fail at once.
        let mut tx = pool.begin_write().await.expect("transaction");
        for group in groups {
            for n in 0..group.count {
                let pass = n < group.positives;
                let (recommendation, score) = if pass { ("Pass", 90) } else { ("Fail", 40) };
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO candidates (job_id, source, analysis_status, recommendation,
                         ats_score, created_on, modified_on)
                     VALUES ($1, 'resume', 'done', $2, $3, $4, $4) RETURNING id",
                )
                .bind(jd)
                .bind(recommendation)
                .bind(score)
                .bind(at_ms)
                .fetch_one(&mut *tx)
                .await
                .expect("candidate");
                if group.sex.is_some() || group.race.is_some() {
                    sqlx::query(
                        "INSERT INTO self_identifications
                             (candidate_id, category_set, sex, race, updated_at)
                         VALUES ($1, 'eeo1', $2, $3, $4)",
                    )
                    .bind(id)
                    .bind(group.sex)
                    .bind(group.race)
                    .bind(at_ms)
                    .execute(&mut *tx)
                    .await
                    .expect("answers");
                }
            }
        }
        tx.commit().await.expect("commit");
    });
}

pub(super) async fn audit(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/Reports/BiasAudit{query}"),
            token,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The rows of `step`'s `dimension` table, by category code.
pub(super) fn table<'a>(report: &'a Value, step: &str, dimension: &str) -> &'a Value {
    report["steps"]
        .as_array()
        .and_then(|steps| steps.iter().find(|s| s["step"] == step))
        .and_then(|s| s["tables"].as_array())
        .and_then(|tables| tables.iter().find(|t| t["dimension"] == dimension))
        .unwrap_or_else(|| panic!("no {step}/{dimension} table in {report}"))
}

pub(super) fn row<'a>(table: &'a Value, category: &str) -> &'a Value {
    table["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["category"] == category))
        .unwrap_or_else(|| panic!("no {category} row in {table}"))
}

fn rounded(value: &Value, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value.as_f64().expect("a number") * scale).round() / scale
}

/// 2 March 2026, the test clock's first day, in milliseconds.
const MARCH_2: i64 = 1_772_409_600_000;

/// The rules' scoring example by sex: men 50 of 92 above the median (54.3 %), women 34 of 76
/// (44.7 %, impact ratio 0.82).
const RULES_BY_SEX: [Group; 2] = [
    group(Some("male"), None, 92, 50),
    group(Some("female"), None, 76, 34),
];

#[tokio::test]
async fn rates_ratios_unknowns_and_small_groups_come_from_the_people_held() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        seed(
            &app,
            jd,
            &[
                group(Some("female"), Some("asian"), 20, 8),
                group(Some("male"), Some("asian"), 25, 12),
                group(Some("male"), Some("pacific_islander"), 3, 3),
                group(None, None, 5, 2),
                group(Some("declined"), Some("declined"), 3, 1),
            ],
            MARCH_2,
        )
        .await;
        let report = audit(&app, &token, "").await;
        assert_eq!(report["categorySet"], "eeo1");

        let sex = table(&report, "atsRecommendation", "sex");
        assert_eq!(sex["unknown"], 8, "no answer and 'I prefer not to say'");
        let female = row(sex, "female");
        assert_eq!(
            (female["count"].clone(), female["positives"].clone()),
            (json!(20), json!(8))
        );
        assert_eq!(rounded(&female["selectionRate"], 4), 0.4);
        // Men: 15 of 28 (0.5357); women 0.4 / 0.5357 = 0.7467.
        assert_eq!(rounded(&female["impactRatio"], 4), 0.7467);
        assert_eq!(female["adverse"], true);
        assert!(
            female["pValue"]
                .as_f64()
                .is_some_and(|p| p > 0.0 && p < 1.0)
        );
        assert_eq!(female["scoringRate"], Value::Null);
        let male = row(sex, "male");
        assert_eq!(male["impactRatio"], 1.0);
        assert_eq!(male["pValue"], Value::Null, "the reference group");

        // Three Pacific Islanders all passed: too few to be the reference or get a ratio.
        let race = table(&report, "atsRecommendation", "race");
        let small = row(race, "pacific_islander");
        assert_eq!(small["count"], 3);
        assert_ne!(small["status"], "reported");
        assert_eq!(small["impactRatio"], Value::Null);
        assert_eq!(row(race, "asian")["impactRatio"], 1.0);

        // The score step: 26 of 56 scored 90, the rest 40, so the sample's median is 40 and
        // exactly the positives score above it.
        let scores = table(&report, "atsScore", "sex");
        let female = row(scores, "female");
        assert_eq!(rounded(&female["scoringRate"], 4), 0.4);
        assert_eq!(female["selectionRate"], Value::Null);
        let step = report["steps"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["step"] == "atsScore"))
            .expect("score step");
        assert_eq!(step["median"], 40.0);
        assert_eq!(step["individuals"], 56);
    })
    .await;
}

/// 6 RCNY § 5-301's worked examples, from their counts: the scoring example by sex (male
/// 54.3 % -> 1.00, female 44.7 % -> 0.82) and by race/ethnicity, and the selection example's
/// race/ethnicity rows, each a JD of its own.
#[tokio::test]
async fn the_rules_worked_examples_come_out_as_printed() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let by_sex = create_job(&app, &token, true).await;
        let by_race = create_job(&app, &token, true).await;
        let selection = create_job(&app, &token, true).await;
        seed(&app, by_sex, &RULES_BY_SEX, MARCH_2).await;
        seed(
            &app,
            by_race,
            &[
                group(None, Some("hispanic_latino"), 28, 18),
                group(None, Some("white"), 40, 15),
                group(None, Some("black"), 32, 16),
                group(None, Some("pacific_islander"), 8, 5),
                group(None, Some("asian"), 24, 10),
            ],
            MARCH_2,
        )
        .await;
        seed(
            &app,
            selection,
            &[
                group(None, Some("hispanic_latino"), 408, 204),
                group(None, Some("white"), 797, 412),
                group(None, Some("black"), 390, 170),
                // 20 of 1,615 (1.2 %): under 2 %, shown with its count, never the reference.
                group(None, Some("native_american"), 20, 20),
            ],
            MARCH_2,
        )
        .await;
        let printed =
            |report: &Value, step: &str, dimension: &str, rate: &str, rows: &[(&str, f64, f64)]| {
                let table = table(report, step, dimension);
                for (category, percent, ratio) in rows {
                    let row = row(table, category);
                    assert_eq!(rounded(&row[rate], 3), *percent, "{category} rate: {row}");
                    assert_eq!(
                        rounded(&row["impactRatio"], 2),
                        *ratio,
                        "{category} ratio: {row}"
                    );
                }
            };
        let report = audit(&app, &token, &format!("?jdId={by_sex}")).await;
        printed(
            &report,
            "atsScore",
            "sex",
            "scoringRate",
            &[("male", 0.543, 1.0), ("female", 0.447, 0.82)],
        );
        let report = audit(&app, &token, &format!("?jdId={by_race}")).await;
        printed(
            &report,
            "atsScore",
            "race",
            "scoringRate",
            &[
                // The rules print 64.2 % for 18 of 28 (64.29 %).
                ("hispanic_latino", 0.643, 1.0),
                ("white", 0.375, 0.58),
                ("black", 0.5, 0.78),
                ("pacific_islander", 0.625, 0.97),
                ("asian", 0.417, 0.65),
            ],
        );
        assert_eq!(table(&report, "atsScore", "race")["unknown"], 0);
        assert_eq!(table(&report, "atsScore", "sex")["unknown"], 132);
        let report = audit(&app, &token, &format!("?jdId={selection}")).await;
        printed(
            &report,
            "atsRecommendation",
            "race",
            "selectionRate",
            &[
                ("hispanic_latino", 0.5, 0.97),
                ("white", 0.517, 1.0),
                ("black", 0.436, 0.84),
            ],
        );
        let small = row(
            table(&report, "atsRecommendation", "race"),
            "native_american",
        );
        assert_eq!(
            (
                small["count"].clone(),
                small["status"].clone(),
                small["impactRatio"].clone()
            ),
            (json!(20), json!("excluded"), Value::Null)
        );
    })
    .await;
}

#[tokio::test]
async fn the_jd_and_dates_narrow_it_and_the_csv_has_the_same_rows() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let first = create_job(&app, &token, true).await;
        let second = create_job(&app, &token, true).await;
        seed(&app, first, &[group(Some("female"), None, 10, 5)], MARCH_2).await;
        // A day later, in the other JD.
        let next_day = MARCH_2 + 86_400_000;
        seed(&app, second, &[group(Some("male"), None, 6, 1)], next_day).await;

        let count = |report: &Value, category: &str| {
            row(table(report, "atsRecommendation", "sex"), category)["count"].clone()
        };
        let everything = audit(&app, &token, "").await;
        assert_eq!((count(&everything, "female"), count(&everything, "male")), (json!(10), json!(6)));
        let one_jd = audit(&app, &token, &format!("?jdId={second}")).await;
        assert_eq!((count(&one_jd, "female"), count(&one_jd, "male")), (json!(0), json!(6)));
        let first_day = audit(&app, &token, "?from=2026-03-01&to=2026-03-02").await;
        assert_eq!((count(&first_day, "female"), count(&first_day, "male")), (json!(10), json!(0)));

        let (status, body) = app
            .call(Method::GET, "/api/Reports/BiasAudit?from=March", &token, None)
            .await;
        assert_eq!((status, &body["code"]), (400, &json!("validation")), "{body}");

        let response = app
            .client
            .get(app.url("/api/Reports/BiasAudit?format=csv"))
            .bearer_auth(&token)
            .send()
            .await
            .expect("csv");
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-type"]
                .to_str()
                .is_ok_and(|t| t.starts_with("text/csv"))
        );
        let csv = response.text().await.expect("text");
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("step,measure,dimension,category,label,count,positives,rate,impact_ratio,p_value,status,adverse")
        );
        assert!(
            csv.lines().any(|l| l.starts_with("atsRecommendation,selection,sex,female,\"Female\",10,5,0.5000,")),
            "{csv}"
        );
        assert!(csv.lines().any(|l| l.starts_with("atsRecommendation,selection,sex,unknown,Unknown,0,")));
    })
    .await;
}

#[tokio::test]
async fn only_admins_and_recruiters_given_the_permission_read_it() {
    on_each_db(|app: TestApp| async move {
        let admin = app.token().await;
        let (id, token) = app
            .add_and_sign_in("rita@example.com", "Rita Recruiter", Role::Recruiter)
            .await;
        let (_, me) = app.call(Method::GET, "/api/auth/me", &token, None).await;
        assert_eq!(me["reports"], false, "not given by default");

        let (status, body) = app
            .call(Method::GET, "/api/Reports/BiasAudit", &token, None)
            .await;
        assert_eq!(
            (status, &body["code"]),
            (403, &json!("forbidden")),
            "{body}"
        );
        let (status, _) = app
            .call(
                Method::PUT,
                &format!("/api/Team/{id}/Reports"),
                &token,
                Some(&json!({"reports": true})),
            )
            .await;
        assert_eq!(status, 403, "a recruiter cannot give it to themselves");

        let (status, team) = app
            .call(
                Method::PUT,
                &format!("/api/Team/{id}/Reports"),
                &admin,
                Some(&json!({"reports": true})),
            )
            .await;
        assert_eq!(status, 200, "{team}");
        audit(&app, &token, "").await;
        let (_, me) = app.call(Method::GET, "/api/auth/me", &token, None).await;
        assert_eq!(me["reports"], true);

        app.call(
            Method::PUT,
            &format!("/api/Team/{id}/Reports"),
            &admin,
            Some(&json!({"reports": false})),
        )
        .await;
        let (status, _) = app
            .call(Method::GET, "/api/Reports/BiasAudit", &token, None)
            .await;
        assert_eq!(status, 403, "taken away at once");
    })
    .await;
}

#[tokio::test]
async fn an_admin_publishes_the_audit_on_the_public_scoring_page() {
    on_each_db(|app: TestApp| async move {
        let admin = app.token().await;
        let jd = create_job(&app, &admin, true).await;
        seed(&app, jd, &RULES_BY_SEX, MARCH_2).await;
        let (status, page) = crate::careers::get_text(&app, "/how-we-score").await;
        assert_eq!(status, 200);
        assert!(
            page.contains("No bias audit has been published yet."),
            "{page}"
        );
        assert!(page.contains(ats::VERSION), "names the scorer's version");
        assert!(page.contains("never sees"));

        let (status, body) = app
            .call(Method::POST, "/api/Settings/FairnessSummary", &admin, None)
            .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["publishedAt"].is_string());
        let (_, page) = crate::careers::get_text(&app, "/how-we-score").await;
        assert!(!page.contains("No bias audit has been published yet."));
        // Female 44.7 %, impact ratio 0.82 (the rules' example), with its count.
        assert!(
            page.contains("<td>Female</td><td>76</td><td>44.7 %</td><td>0.82</td>"),
            "{page}"
        );

        let (status, _) = app
            .call(
                Method::DELETE,
                "/api/Settings/FairnessSummary",
                &admin,
                None,
            )
            .await;
        assert_eq!(status, 200);
        let (_, page) = crate::careers::get_text(&app, "/how-we-score").await;
        assert!(page.contains("No bias audit has been published yet."));
    })
    .await;
}

#[tokio::test]
async fn a_jd_under_the_four_fifths_line_is_flagged_and_one_above_it_is_not() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let fair = create_job(&app, &token, true).await;
        let unfair = create_job(&app, &token, true).await;
        // Women 44.7 % against men 54.3 %: ratio 0.82, above the line.
        seed(&app, fair, &RULES_BY_SEX, MARCH_2).await;
        // Women 20 % against men 60 %: ratio 0.33.
        seed(
            &app,
            unfair,
            &[
                group(Some("male"), None, 20, 12),
                group(Some("female"), None, 20, 4),
            ],
            MARCH_2,
        )
        .await;
        let (status, flags) = app
            .call(Method::GET, "/api/Reports/FairnessFlags", &token, None)
            .await;
        assert_eq!(status, 200, "{flags}");
        let flags = flags.as_array().expect("list");
        assert_eq!(flags.len(), 1, "{flags:?}");
        assert_eq!(flags[0]["jobDescId"], unfair);
        assert_eq!(flags[0]["groups"], json!(["Female"]));
        assert_eq!(flags[0]["steps"], json!(["atsRecommendation", "atsScore"]));
    })
    .await;
}

#[tokio::test]
async fn the_tools_distribution_date_is_stated() {
    // Unset and nobody scored yet: no date is invented.
    on_each_db(|app: TestApp| async move {
        let admin = app.token().await;
        let (status, audit) = app
            .call(Method::GET, "/api/Reports/BiasAudit", &admin, None)
            .await;
        assert_eq!(status, 200, "{audit}");
        assert_eq!(audit["distributionDate"], Value::Null);
    })
    .await;
    let configured = |settings: &mut hirelane::config::Settings| {
        settings.fairness.distribution_date = "2026-01-15".parse().ok();
    };
    on_each_db_configured(configured, |app: TestApp| async move {
        let admin = app.token().await;
        let (_, audit) = app
            .call(Method::GET, "/api/Reports/BiasAudit", &admin, None)
            .await;
        assert_eq!(audit["distributionDate"], "2026-01-15");
        let (status, body) = app
            .call(Method::POST, "/api/Settings/FairnessSummary", &admin, None)
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, page) = crate::careers::get_text(&app, "/how-we-score").await;
        assert!(
            page.contains("The scoring has been in use here since"),
            "{page}"
        );
        assert!(page.contains("2026"), "{page}");
    })
    .await;
}
