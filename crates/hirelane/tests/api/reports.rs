//! The hiring reports through the API on both databases: every figure on seeded candidates
//! checked against numbers worked out by hand, the dashboard and the reports agreeing on a
//! candidate moved past the interview, the period's bounds, the CSV, and who may read them.

use hirelane::auth::Role;
use hirelane::store::BeginWrite;
use reqwest::Method;
use serde_json::{Value, json};

use crate::candidates::{analysed, create_job, fixture, upload};
use crate::helpers::{ADMIN_EMAIL, TestApp, on_each_db};

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
/// 1 February 2026, 00:00 UTC (the tests' organisation is in UTC): the seeded period's start.
const FEB_1: i64 = 1_769_904_000_000;
/// The seeded period: February 2026 (the test clock stands at 2 March).
const FEBRUARY: &str = "from=2026-02-01&to=2026-02-28";

/// One seeded candidate: how they came, what the ATS said, when they were added (days after
/// 1 February), the stages they entered (stage, days after 1 February, moved by the admin?),
/// and their invite (state, slot, completion; days after 1 February).
struct Seed {
    name: &'static str,
    source: &'static str,
    recommendation: Option<&'static str>,
    added: f64,
    entries: &'static [(&'static str, f64, bool)],
    invite: Option<(&'static str, Option<f64>, Option<f64>)>,
}

/// Seven candidates in February (six of JD A, Hal of JD B) and Gus, added in January.
const SEEDS: [Seed; 8] = [
    Seed {
        name: "Ann",
        source: "resume",
        recommendation: Some("Pass"),
        added: 0.0,
        entries: &[
            ("screened", 1.0, false),
            ("invited", 2.0, false),
            ("scheduled", 3.0, false),
            ("interviewed", 5.0, false),
            ("shortlisted", 6.0, true),
            ("offer", 8.0, true),
            ("hired", 10.0, true),
        ],
        invite: Some(("completed", Some(5.0), Some(5.0))),
    },
    Seed {
        name: "Ben",
        source: "resume",
        recommendation: Some("Fail"),
        added: 0.0,
        entries: &[("screened", 1.0, false), ("rejected", 2.0, true)],
        invite: None,
    },
    // Moved from Screened straight to Shortlisted: no invite, no interview.
    Seed {
        name: "Cal",
        source: "applied",
        recommendation: Some("Pass"),
        added: 1.0,
        entries: &[("screened", 2.0, false), ("shortlisted", 4.0, true)],
        invite: None,
    },
    // Booked a slot on the 7th (day 6) and never came.
    Seed {
        name: "Dee",
        source: "applied",
        recommendation: Some("Pass"),
        added: 1.0,
        entries: &[
            ("screened", 2.0, false),
            ("invited", 3.0, false),
            ("scheduled", 4.0, false),
        ],
        invite: Some(("scheduled", Some(6.0), None)),
    },
    Seed {
        name: "Eve",
        source: "csv",
        recommendation: None,
        added: 2.0,
        entries: &[],
        invite: None,
    },
    // Withdrew herself (no recruiter) after her invite, which was cancelled.
    Seed {
        name: "Fay",
        source: "applied",
        recommendation: Some("Pass"),
        added: 2.0,
        entries: &[
            ("screened", 3.0, false),
            ("invited", 4.0, false),
            ("withdrawn", 5.0, false),
        ],
        invite: Some(("cancelled", None, None)),
    },
    Seed {
        name: "Hal",
        source: "resume",
        recommendation: Some("Pass"),
        added: 3.0,
        entries: &[
            ("screened", 3.5, false),
            ("invited", 5.0, false),
            ("scheduled", 6.0, false),
            ("interviewed", 7.0, false),
            ("rejected", 9.0, true),
        ],
        invite: Some(("completed", Some(7.0), Some(7.0))),
    },
    // Added on 15 January: outside the period, but the admin hired him in it.
    Seed {
        name: "Gus",
        source: "resume",
        recommendation: Some("Pass"),
        added: -17.0,
        entries: &[("hired", 9.0, true)],
        invite: None,
    },
];

fn at(days: f64) -> i64 {
    FEB_1 + (days * DAY as f64) as i64
}

fn rank(stage: &str) -> i64 {
    let order = [
        "new",
        "screened",
        "invited",
        "scheduled",
        "interviewed",
        "shortlisted",
        "offer",
        "hired",
    ];
    order
        .iter()
        .position(|s| *s == stage)
        .map_or(0, |p| p as i64)
}

/// Stores the seeds as the product would have left them; answers JD A's and JD B's ids.
async fn seed(app: &TestApp, token: &str) -> (i64, i64) {
    let jd_a = create_job(app, token, false).await;
    let jd_b = create_job(app, token, false).await;
    hirelane::with_db!(&app.state.db, |pool| {
        // `BEGIN IMMEDIATE` on SQLite: the app's background writers (webhook outbox,
        // reconciler) run beside the test, and a deferred transaction can fail at once.
        let mut tx = pool.begin_write().await.expect("transaction");
        let admin: i64 = sqlx::query_scalar("SELECT id FROM recruiters WHERE email = $1")
            .bind(ADMIN_EMAIL)
            .fetch_one(&mut *tx)
            .await
            .expect("the admin");
        for (n, s) in SEEDS.iter().enumerate() {
            let stage = s.entries.last().map_or("new", |e| e.0);
            let furthest = s.entries.iter().map(|e| rank(e.0)).max().unwrap_or(0);
            let job = if s.name == "Hal" { jd_b } else { jd_a };
            let analysis = if s.recommendation.is_some() {
                "done"
            } else {
                "no_resume"
            };
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO candidates (job_id, source, candidate_name, candidate_email,
                     analysis_status, recommendation, created_on, modified_on, stage,
                     furthest_stage)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING id",
            )
            .bind(job)
            .bind(s.source)
            .bind(s.name)
            .bind(format!("{}@example.com", s.name.to_lowercase()))
            .bind(analysis)
            .bind(s.recommendation)
            .bind(at(s.added))
            .bind(stage)
            .bind(furthest)
            .fetch_one(&mut *tx)
            .await
            .expect("candidate");
            for (stage, day, by_admin) in s.entries {
                sqlx::query(
                    "INSERT INTO stage_entries (candidate_id, stage, entered_at, by_recruiter)
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(id)
                .bind(*stage)
                .bind(at(*day))
                .bind(by_admin.then_some(admin))
                .execute(&mut *tx)
                .await
                .expect("entry");
            }
            if let Some((state, slot, done)) = s.invite {
                sqlx::query(
                    "INSERT INTO interview_invites (token, candidate_id, job_id, assistant_id,
                         state, interview_at, invited_at, completed_at, updated_at)
                     VALUES ($1, $2, $3, 'assistant', $4, $5, $6, $7, $6)",
                )
                .bind(format!("token-{n}"))
                .bind(id)
                .bind(job)
                .bind(state)
                .bind(slot.map(at))
                .bind(at(s.added + 1.0))
                .bind(done.map(at))
                .execute(&mut *tx)
                .await
                .expect("invite");
            }
            // The admin's scorecards: Ann's and Hal's in February, Cal's on 1 March.
            let card = match s.name {
                "Ann" => Some(at(5.5)),
                "Hal" => Some(at(8.0)),
                "Cal" => Some(at(28.4)),
                _ => None,
            };
            if let Some(written) = card {
                sqlx::query(
                    "INSERT INTO scorecards (candidate_id, recruiter_id, technical, communication,
                         problem_solving, culture, recommendation, created_at, updated_at)
                     VALUES ($1, $2, 4, 4, 4, 4, 'yes', $3, $3)",
                )
                .bind(id)
                .bind(admin)
                .bind(written)
                .execute(&mut *tx)
                .await
                .expect("scorecard");
            }
        }
        tx.commit().await.expect("commit");
    });
    (jd_a, jd_b)
}

async fn report(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/Reports/Hiring?{query}"),
            token,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn column(steps: &Value, field: &str) -> Vec<Value> {
    steps
        .as_array()
        .expect("steps")
        .iter()
        .map(|step| step[field].clone())
        .collect()
}

fn rounded(value: &Value) -> Value {
    value
        .as_f64()
        .map_or(Value::Null, |v| json!((v * 10_000.0).round() / 10_000.0))
}

#[tokio::test]
async fn report_figures_match_the_hand_computed_ones() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let (jd_a, jd_b) = seed(&app, &token).await;
        let body = report(&app, &token, FEBRUARY).await;
        let overall = &body["overall"];
        let steps = &overall["steps"];
        // Furthest ranks of the seven February candidates: Ann 7, Ben 1, Cal 5, Dee 3, Eve 0,
        // Fay 2, Hal 4. Reached stage k = those with rank >= k.
        assert_eq!(column(steps, "reached"), json!([7, 6, 5, 4, 3, 2, 1, 1]).as_array().expect("a").clone());
        // Cal passed Invited, Scheduled and Interviewed with none of them happening.
        assert_eq!(column(steps, "skipped"), json!([0, 0, 1, 1, 1, 0, 0, 0]).as_array().expect("a").clone());
        // In the stage now: Eve (New), Dee (Scheduled), Cal (Shortlisted), Ann (Hired).
        assert_eq!(column(steps, "current"), json!([1, 0, 0, 1, 0, 1, 0, 1]).as_array().expect("a").clone());
        // Finished: Ann (hired, 7), Ben (rejected, 1), Fay (withdrawn, 2), Hal (rejected, 4).
        assert_eq!(column(steps, "finishedReached"), json!([4, 4, 3, 2, 2, 1, 1, 1]).as_array().expect("a").clone());
        // Pass-through = finishedReached[k+1] / finishedReached[k]: 4/4, 3/4, 2/3, 2/2, 1/2,
        // 1/1, 1/1, none after Hired.
        let pass: Vec<Value> = column(steps, "passThrough").iter().map(rounded).collect();
        assert_eq!(pass, json!([1.0, 0.75, 0.6667, 1.0, 0.5, 1.0, 1.0, null]).as_array().expect("a").clone());
        assert_eq!(
            (&overall["candidates"], &overall["finished"], &overall["inProgress"]),
            (&json!(7), &json!(4), &json!(3))
        );
        assert_eq!((&overall["rejected"], &overall["withdrawn"]), (&json!(2), &json!(1)));
        // Invites: Ann, Dee, Fay (cancelled, but sent), Hal; booked: Ann, Dee, Hal; done: Ann, Hal.
        assert_eq!(overall["facts"], json!({"invitesSent": 4, "slotsBooked": 3, "interviewsCompleted": 2}));
        // JD B (newer, so first) holds Hal alone: reached New to Interviewed.
        assert_eq!(body["jobs"][0]["jobDescId"], jd_b);
        assert_eq!(column(&body["jobs"][0]["steps"], "reached"), json!([1, 1, 1, 1, 1, 0, 0, 0]).as_array().expect("a").clone());
        assert_eq!(body["jobs"][1]["candidates"], 6);

        // Days in each stage, over stays that ended (hours): New 24 ×5 and Hal's 12;
        // Screened 24 ×4, Hal 36, Cal 48; Invited 24 ×4; Scheduled Hal 24, Ann 48;
        // Interviewed Ann 24, Hal 48; Shortlisted Ann 48; Offer Ann 48. Median = the
        // ceil(n/2)-th smallest, p90 the ceil(0.9n)-th: New 24/24 h, Screened 24/48 h,
        // Invited 24/24, Scheduled 24/48, Interviewed 24/48, Shortlisted 48/48, Offer 48/48.
        let days: Vec<(Value, Value, Value)> = body["stageDays"]
            .as_array()
            .expect("stage days")
            .iter()
            .map(|s| (s["count"].clone(), s["medianDays"].clone(), s["p90Days"].clone()))
            .collect();
        let expected = [(6, 1.0, 1.0), (6, 1.0, 2.0), (4, 1.0, 1.0), (2, 1.0, 2.0), (2, 1.0, 2.0), (1, 2.0, 2.0), (1, 2.0, 2.0)];
        let expected: Vec<(Value, Value, Value)> = expected
            .iter()
            .map(|(n, m, p)| (json!(n), json!(m), json!(p)))
            .collect();
        assert_eq!(days, expected);
        // Time to hire: Ann, added day 0, hired day 10 = 10 days (Gus was added in January).
        assert_eq!(body["timeToHire"], json!({"count": 1, "medianDays": 10.0, "p90Days": 10.0}));
        // First interview: Hal 7 - 3 = 4 days, Ann 5 - 0 = 5 days: median 4, p90 5.
        assert_eq!(body["timeToFirstInterview"], json!({"count": 2, "medianDays": 4.0, "p90Days": 5.0}));

        // Sources: applied Cal, Dee, Fay (3 Pass of 3); uploaded Ann, Ben, Hal (Pass 2 of 3,
        // Ann and Hal interviewed, Ann hired); CSV Eve (not analysed).
        let sources: Vec<Value> = body["sources"]
            .as_array()
            .expect("sources")
            .iter()
            .map(|s| json!([s["source"], s["candidates"], s["passed"], rounded(&s["passRate"]), s["interviewed"], s["hired"]]))
            .collect();
        assert_eq!(sources, vec![
            json!(["applied", 3, 3, 1.0, 0, 0]),
            json!(["uploaded", 3, 2, 0.6667, 2, 1]),
            json!(["csv", 1, 0, null, 0, 0]),
        ]);
        // AI interviews: 2 completed of 4 sent; due (booked, not cancelled, window closed):
        // Ann, Dee, Hal; Dee never came: 1 of 3.
        let i = &body["interviews"];
        assert_eq!((&i["invitesSent"], &i["completed"], &i["due"], &i["noShows"]), (&json!(4), &json!(2), &json!(3), &json!(1)));
        assert_eq!((rounded(&i["completionRate"]), rounded(&i["noShowRate"])), (json!(0.5), json!(0.3333)));
        // The admin's decisions in February: Ann 3, Ben 1, Cal 1, Hal 1, and Gus's hire = 7;
        // scorecards: Ann's and Hal's (Cal's is from March).
        assert_eq!(body["recruiters"], json!([{"recruiterId": body["recruiters"][0]["recruiterId"], "name": "Admin User", "scorecards": 2, "decisions": 7}]));

        // One JD: JD A without Hal.
        let only_a = report(&app, &token, &format!("{FEBRUARY}&jdId={jd_a}")).await;
        assert_eq!(only_a["overall"]["candidates"], 6);
        assert_eq!(only_a["jdId"], jd_a);
        assert_eq!(only_a["recruiters"][0]["decisions"], 6, "Hal's rejection is JD B's");
    })
    .await;
}

/// How many candidates `GET /api/Drive/GetAllCandidates?{query}` lists.
async fn listed(app: &TestApp, token: &str, query: &str) -> usize {
    let path = format!("/api/Drive/GetAllCandidates?{query}");
    let (status, list) = app.call(Method::GET, &path, token, None).await;
    assert_eq!(status, 200, "{query}: {list}");
    list.as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn every_number_lists_the_candidates_behind_it() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let (jd_a, _) = seed(&app, &token).await;
        let range = "addedFrom=2026-02-01&addedTo=2026-02-28";
        for (filter, expected) in [
            ("reached=invited", 5),
            ("reached=invited&finished=true", 3),
            ("fact=inviteSent", 4),
            ("fact=interviewDone&source=uploaded", 2),
            ("fact=interviewDue", 3),
            ("fact=noShow", 1),
            ("stage=shortlisted", 1),
            ("finished=false", 3),
            ("source=applied&recommendation=Pass", 3),
        ] {
            let query = format!("{range}&{filter}");
            assert_eq!(listed(&app, &token, &query).await, expected, "{filter}");
        }
        assert_eq!(
            listed(&app, &token, "reached=hired").await,
            2,
            "Ann and, added in January, Gus"
        );
        // A recruiter's scorecards and decisions in the period, whenever the candidate was
        // added: Ann's and Hal's cards (Cal's is from March); Ann (3 moves), Ben, Cal, Hal, Gus.
        let admin = report(&app, &token, FEBRUARY).await["recruiters"][0]["recruiterId"].clone();
        let acted = "actedFrom=2026-02-01&actedTo=2026-02-28";
        for (filter, expected) in [
            (format!("{acted}&scorecardBy={admin}"), 2),
            (format!("scorecardBy={admin}"), 3),
            (format!("{acted}&decidedBy={admin}"), 5),
            (format!("{acted}&decidedBy={admin}&jdId={jd_a}"), 4),
            (format!("{acted}&decidedBy={admin}&scorecardBy={admin}"), 2),
            (format!("{acted}&decidedBy=999999"), 0),
        ] {
            assert_eq!(listed(&app, &token, &filter).await, expected, "{filter}");
        }
        for bad in [
            "addedFrom=March",
            "addedTo=2026-02-30",
            "fact=junk",
            "reached=maybe",
            "finished=perhaps",
            "actedTo=someday",
            "decidedBy=rita",
        ] {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!("/api/Drive/GetAllCandidates?{bad}"),
                    &token,
                    None,
                )
                .await;
            assert_eq!(status, 400, "{bad}: {body}");
        }
    })
    .await;
}

#[tokio::test]
async fn a_move_past_the_interview_counts_the_same_on_the_dashboard_and_in_the_reports() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let (status, body) =
            upload(&app, &token, jd, &[("zoe.pdf", fixture("zoe_fpdf.pdf"))]).await;
        assert_eq!(status, 200, "{body}");
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows[0]["stage"], "screened", "{rows:?}");
        let (status, moved) = app
            .call(
                Method::POST,
                "/api/Pipeline/Move",
                &token,
                Some(&json!({
                "candidates": [{"resumeId": rows[0]["resumeId"], "fromStage": "screened"}],
                "stage": "shortlisted"})),
            )
            .await;
        assert_eq!(status, 200, "{moved}");

        let (_, dashboard) = app
            .call(Method::GET, "/api/Interview/Dashboard", &token, None)
            .await;
        let (_, funnels) = app
            .call(Method::GET, "/api/Pipeline/Funnel", &token, None)
            .await;
        let today = report(&app, &token, "").await;
        let funnel = &funnels[0];
        // Pass-through: Shortlisted counts as having reached Invited, Scheduled, Interviewed...
        assert_eq!(
            column(&funnel["steps"], "reached"),
            json!([1, 1, 1, 1, 1, 1, 0, 0])
                .as_array()
                .expect("a")
                .clone()
        );
        // ...all three passed without an invite, a booking or an interview...
        assert_eq!(
            column(&funnel["steps"], "skipped"),
            json!([0, 0, 1, 1, 1, 0, 0, 0])
                .as_array()
                .expect("a")
                .clone()
        );
        // ...and the invites counted are the dashboard's, from the same condition.
        assert_eq!(dashboard[0]["TotalInviteSent"], 0);
        assert_eq!(
            funnel["facts"]["invitesSent"],
            dashboard[0]["TotalInviteSent"]
        );
        assert_eq!(
            funnel["facts"]["slotsBooked"],
            dashboard[0]["MeetingsScheduled"]
        );
        // The reports count with the same code: the same funnel.
        assert_eq!(today["jobs"][0], *funnel);
        assert_eq!(today["overall"]["steps"], funnel["steps"]);
    })
    .await;
}

#[tokio::test]
async fn a_period_outside_the_limits_is_refused_naming_them() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        for (query, names) in [
            ("from=2024-01-01&to=2026-01-01", "at most 731 days"),
            ("from=1999-12-31&to=2000-01-05", "2000-01-01 or later"),
            ("from=2026-02-10&to=2026-02-01", "must not be before"),
            ("from=yesterday", "from is a date (YYYY-MM-DD)"),
        ] {
            for path in [
                "/api/Reports/Hiring",
                "/api/Reports/Hiring/Csv?report=funnel&",
            ] {
                let separator = if path.ends_with('&') { "" } else { "?" };
                let (status, body) = app
                    .call(
                        Method::GET,
                        &format!("{path}{separator}{query}"),
                        &token,
                        None,
                    )
                    .await;
                assert_eq!(
                    (status, &body["code"]),
                    (400, &json!("validation")),
                    "{query}: {body}"
                );
                assert!(
                    body["message"].as_str().expect("message").contains(names),
                    "{body}"
                );
            }
        }
        let (status, _) = app
            .call(
                Method::GET,
                "/api/Reports/Hiring/Csv?report=everything",
                &token,
                None,
            )
            .await;
        assert_eq!(status, 400);
        let (status, _) = app
            .call(Method::GET, "/api/Reports/Hiring?jdId=999999", &token, None)
            .await;
        assert_eq!(status, 404);
        // The longest period allowed is fine.
        report(&app, &token, "from=2024-01-01&to=2025-12-31").await;
    })
    .await;
}

#[tokio::test]
async fn the_funnel_downloads_as_csv() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        seed(&app, &token).await;
        let response = app
            .client
            .get(app.url(&format!("/api/Reports/Hiring/Csv?report=funnel&{FEBRUARY}")))
            .bearer_auth(&token)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status().as_u16(), 200);
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
        assert_eq!(
            headers["content-disposition"],
            "attachment; filename=\"funnel-2026-02-01-to-2026-02-28.csv\""
        );
        let text = response.text().await.expect("body");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "jd_id,jd_name,stage,reached,skipped,current,finished_reached,pass_through,conversion"
        );
        // Invited overall: reached 5, skipped 1 (Cal), in it now 0, finished 3, pass-through
        // 2/3, conversion from Screened 5/6.
        assert_eq!(lines[3], ",Total,invited,5,1,0,3,0.6667,0.8333");
        // 8 overall rows and 8 for each of the 2 JDs.
        assert_eq!(lines.len(), 1 + 8 * 3);
    })
    .await;
}

#[tokio::test]
async fn a_recruiter_without_the_reports_permission_is_refused() {
    on_each_db(|app: TestApp| async move {
        let admin = app.token().await;
        let (_, rita) = app
            .add_and_sign_in("rita@example.com", "Rita Recruiter", Role::Recruiter)
            .await;
        for path in [
            "/api/Reports/Hiring",
            "/api/Reports/Hiring/Csv?report=funnel",
        ] {
            let (status, body) = app.call(Method::GET, path, &rita, None).await;
            assert_eq!(
                (status, &body["code"]),
                (403, &json!("forbidden")),
                "{path}: {body}"
            );
            let (status, _) = app.call(Method::GET, path, &admin, None).await;
            assert_eq!(status, 200, "{path}");
        }
    })
    .await;
}
