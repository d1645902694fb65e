//! The interview conduct log: the join page reports what it saw with the conduct token of its
//! web call, the recruiter reads it summarised beside the transcript with the server's answer
//! delays, a bad batch or a flood is refused and cannot grow the table, and grades are the same
//! with and without it.

use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};

use super::support::*;
use crate::helpers::{TestApp, on_each_db};

/// Two candidates invited with the default assistant, booked at 10:00 UTC on 4 March; the
/// clocks end five minutes before. Returns the invite tokens in order.
async fn booked(app: &TestApp) -> Vec<String> {
    let rows = [
        ("Jane Pass", "jane@example.com"),
        ("Carlos Pass", "carlos@example.com"),
    ];
    let s = setup(app, "2026-03-10", &rows).await;
    invite_and_book(app, &s, &s.assistant, &rows).await
}

/// The web call of an invite, as the join page gets it.
async fn web_call(app: &TestApp, invite: &str) -> Value {
    let (status, call) = app.post(&format!("/api/Interview/WebCall/{invite}")).await;
    assert_eq!(status, 200, "{call}");
    assert!(call["conductToken"].is_string(), "{call}");
    call
}

/// The server's clock in unix milliseconds (the page's clock in these tests).
fn now_ms(app: &TestApp) -> i64 {
    app.state.clock.now().as_millisecond()
}

fn event(seq: i64, kind: &str, at: i64, question: Option<i64>) -> Value {
    json!({ "seq": seq, "kind": kind, "at": at, "question": question })
}

/// A batch as the page sends it for `call` (its WebCall answer).
fn batch(call: &Value, page: &str, events: Vec<Value>, sent_at: i64) -> Value {
    json!({
        "conductToken": call["conductToken"], "callId": call["callId"], "pageId": page,
        "sentAt": sent_at, "events": events,
    })
}

async fn report(app: &TestApp, invite: &str, body: &Value) -> (u16, Value) {
    app.post_json(&format!("/api/Interview/Conduct/{invite}"), body)
        .await
}

async fn analysis(app: &TestApp, call_id: &str) -> Value {
    let recruiter = app.token().await;
    let (status, body) = app
        .get_with_token(
            &format!("/api/Interview/InterviewAnalysis/{call_id}"),
            &recruiter,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn held(app: &TestApp) -> i64 {
    hirelane::fetch_scalar!(
        &app.state.db,
        fetch_one,
        "SELECT COUNT(*) FROM conduct_events"
    )
    .expect("count")
}

/// The grade without when it was made.
fn grade(analysis: &Value) -> Value {
    let mut grading = analysis["grading"].clone();
    if let Some(g) = grading.as_object_mut() {
        g.remove("gradedAt");
    }
    grading
}

#[tokio::test]
async fn the_conduct_log_is_kept_summarised_and_never_graded() {
    on_each_db(|app: TestApp| async move {
        let invites = booked(&app).await;
        let jane = web_call(&app, &invites[0]).await;
        let call_id = jane["callId"].as_str().expect("call id").to_owned();
        join_room(&app, jane["webCallUrl"].as_str().expect("room")).await;

        // The page left the tab for 12 s during question 2, and its window lost the focus.
        let sent = now_ms(&app);
        let events = vec![
            event(0, "tabHidden", sent - 20_000, Some(2)),
            event(1, "windowBlur", sent - 20_000, Some(2)),
            event(2, "tabVisible", sent - 8_000, Some(2)),
            event(3, "windowFocus", sent - 8_000, Some(2)),
        ];
        let first = batch(&jane, "page-1", events, sent);
        let (status, body) = report(&app, &invites[0], &first).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body, json!({ "held": 4, "room": 496 }));
        // A batch sent again (its answer was lost) is kept once.
        let (status, body) = report(&app, &invites[0], &first).await;
        assert_eq!((status, body["held"].clone()), (200, json!(4)));

        run_until(&app, || async { completed(&app, &invites[0]).await }).await;
        let with_log = analysis(&app, &call_id).await;
        let summary = with_log["conductSummary"].as_str().expect("summary");
        assert!(
            summary.starts_with(
                "Left the tab 1 time, 12 s in total, during question 2. \
                 Left the window 1 time, 12 s in total, during question 2. Answers began"
            ),
            "{summary}"
        );
        let events = with_log["conductEvents"].as_array().expect("events");
        let hidden = events
            .iter()
            .find(|e| e["kind"] == "tabHidden")
            .expect("the hidden tab");
        assert_eq!(hidden["source"], "page");
        assert_eq!(hidden["seconds"], 12.0);
        assert_eq!(hidden["question"], 2);
        let at: Timestamp = hidden["at"].as_str().expect("at").parse().expect("iso");
        assert_eq!(at.as_millisecond(), sent - 20_000, "on the server's clock");
        // The server adds how long each of the three answers took to begin.
        let delays: Vec<&Value> = events
            .iter()
            .filter(|e| e["kind"] == "answerDelay")
            .collect();
        assert_eq!(delays.len(), 3, "{events:?}");
        assert!(
            delays
                .iter()
                .all(|d| d["source"] == "server" && d["seconds"].as_f64() >= Some(0.0))
        );

        // Counterfactual: the same call graded again without its conduct log grades the same.
        hirelane::execute!(&app.state.db, "DELETE FROM conduct_events").expect("forget");
        hirelane::execute!(
            &app.state.db,
            "DELETE FROM answer_gradings WHERE call_id = $1",
            (&call_id)
        )
        .expect("regrade");
        let without = analysis(&app, &call_id).await;
        assert!(grade(&without).is_object(), "{without}");
        assert_eq!(grade(&with_log), grade(&without));
        for field in ["interviewStatus", "verdict", "questions", "technicalScore"] {
            assert_eq!(with_log[field], without[field], "{field}");
        }
        assert!(
            without["conductEvents"]
                .as_array()
                .expect("events")
                .iter()
                .all(|e| e["source"] == "server"),
            "{without}"
        );
        assert!(
            without["conductSummary"]
                .as_str()
                .is_some_and(|s| s.starts_with("The interview page reported no tab")),
            "{without}"
        );
    })
    .await;
}

#[tokio::test]
async fn bad_batches_other_tokens_and_floods_are_refused() {
    on_each_db(|app: TestApp| async move {
        let invites = booked(&app).await;
        let jane = web_call(&app, &invites[0]).await;
        let carlos = web_call(&app, &invites[1]).await;
        let sent = now_ms(&app);
        let one = |seq: i64, kind: &str| vec![event(seq, kind, sent, None)];

        // Another candidate's token, a forged one, another call's: refused like a wrong link.
        let mut refused = vec![
            batch(&carlos, "p", one(0, "tabHidden"), sent),
            batch(
                &json!({ "conductToken": "1.00", "callId": jane["callId"] }),
                "p",
                one(0, "tabHidden"),
                sent,
            ),
        ];
        let mut other_call = batch(&jane, "p", one(0, "tabHidden"), sent);
        other_call["callId"] = carlos["callId"].clone();
        refused.push(other_call);
        for body in &refused {
            let (status, answer) = report(&app, &invites[0], body).await;
            assert_eq!(
                (status, answer["code"].clone()),
                (404, json!("not_found")),
                "{body}"
            );
        }
        let (status, _) = report(
            &app,
            "no-such-invite",
            &batch(&jane, "p", one(0, "tabHidden"), sent),
        )
        .await;
        assert_eq!(status, 404);

        // Unknown kinds (the server's own included), bad sizes, ids, numbers and times: 400.
        let too_many: Vec<Value> = (0..51).map(|i| event(i, "tabHidden", sent, None)).collect();
        let cases = [
            batch(&jane, "p", one(0, "tabSwitched"), sent),
            batch(&jane, "p", one(0, "answerDelay"), sent),
            batch(&jane, "p", vec![], sent),
            batch(&jane, "p", too_many, sent),
            batch(&jane, "bad page id", one(0, "tabHidden"), sent),
            batch(&jane, "p", one(-1, "tabHidden"), sent),
            batch(&jane, "p", vec![event(0, "tabHidden", sent, Some(0))], sent),
            batch(
                &jane,
                "p",
                vec![event(0, "tabHidden", sent + 1, None)],
                sent,
            ),
            batch(
                &jane,
                "p",
                vec![event(0, "tabHidden", sent - 15 * 60_000 - 1, None)],
                sent,
            ),
        ];
        for body in &cases {
            let (status, answer) = report(&app, &invites[0], body).await;
            assert_eq!(
                (status, answer["code"].clone()),
                (400, json!("validation")),
                "{body}"
            );
        }
        let (status, answer) = report(
            &app,
            &invites[0],
            &batch(&jane, "p", one(0, "tabSwitched"), sent),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(
            answer["message"],
            "Unknown conduct event kind 'tabSwitched'."
        );
        assert_eq!(held(&app).await, 0, "nothing of a refused batch is kept");

        // A flood: 500 events are kept, then nothing more, whatever the page sends.
        app.advance(SignedDuration::from_mins(1));
        let sent = now_ms(&app);
        for page in 0..10 {
            let events: Vec<Value> = (0..50)
                .map(|i| event(i, "windowBlur", sent, None))
                .collect();
            let (status, body) = report(
                &app,
                &invites[0],
                &batch(&jane, &format!("flood-{page}"), events, sent),
            )
            .await;
            assert_eq!(status, 200, "{body}");
        }
        assert_eq!(held(&app).await, 500);
        let more = batch(
            &jane,
            "flood-x",
            vec![event(0, "windowBlur", sent, None)],
            sent,
        );
        let (status, body) = report(&app, &invites[0], &more).await;
        assert_eq!(
            (status, body["code"].clone()),
            (409, json!("conduct_log_full")),
            "{body}"
        );
        // Past 30 batches a minute the invite is told to wait; the table never grew.
        let mut limited = false;
        for _ in 0..25 {
            let (status, body) = report(&app, &invites[0], &more).await;
            if status == 429 {
                assert_eq!(body["code"], "rate_limited");
                limited = true;
                break;
            }
            assert_eq!(status, 409);
        }
        assert!(limited, "a flood of batches is rate-limited");
        assert_eq!(held(&app).await, 500);
        // The other candidate's log is their own.
        let (status, body) = report(
            &app,
            &invites[1],
            &batch(&carlos, "c", one(0, "tabHidden"), sent),
        )
        .await;
        assert_eq!((status, body["held"].clone()), (200, json!(1)));
    })
    .await;
}

/// The grader cannot read the conduct log: none of the files that grade an interview or decide
/// its status names the log's module, table or types (the page's events reach the recruiter
/// only through the analysis route).
#[test]
fn the_grader_has_no_way_to_read_the_conduct_log() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![
        root.join("src/voice/conclusions/reports.rs"),
        root.join("src/voice/conclusions/verdict.rs"),
        root.join("src/voice/conclusions/analysis.rs"),
        root.join("src/voice/conclusions/assessment.rs"),
        root.join("src/voice/conclusions/evidence.rs"),
        root.join("src/voice/selfhosted/grading.rs"),
        root.join("src/voice/selfhosted/llm.rs"),
        root.join("src/voice/selfhosted/follow_up.rs"),
    ];
    let dirs = [
        root.join("src/voice/conclusions/grading"),
        root.join("../assess/src"),
    ];
    for dir in dirs {
        let mut stack = vec![dir];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("source folder") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source");
        for name in [
            "conduct::",
            "conduct_events",
            "ConductEvent",
            "ConductKind",
            "ConductLog",
        ] {
            assert!(!text.contains(name), "{} names {name}", file.display());
        }
    }
}
