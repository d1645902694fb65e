//! Erasing a candidate: their rows, files and history go, in every JD.

use serde_json::{Value, json};

use super::lists::walk;
use super::{analysed, create_job, fixture, upload};
use crate::helpers::{TestApp, on_each_db};

#[tokio::test]
async fn erasing_a_candidate_removes_their_rows_files_and_history_in_every_jd() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let first = create_job(&app, &token, true).await;
        let second = create_job(&app, &token, true).await;
        upload(
            &app,
            &token,
            first,
            &[("aarav.docx", fixture("aarav.docx"))],
        )
        .await;
        analysed(&app, &token, first).await;
        // A newer resume keeps the older one in the history: both files must go.
        upload(
            &app,
            &token,
            first,
            &[
                ("aarav.pdf", fixture("aarav_libreoffice.pdf")),
                ("ananya.pdf", fixture("ananya_libreoffice.pdf")),
            ],
        )
        .await;
        upload(
            &app,
            &token,
            second,
            &[("aarav.docx", fixture("aarav.docx"))],
        )
        .await;
        analysed(&app, &token, first).await;
        analysed(&app, &token, second).await;
        let files_dir = app.state.settings.files_dir();
        assert_eq!(walk(&files_dir).len(), 4);
        let aarav = analysed(&app, &token, second).await[0]["resumeId"].clone();
        let (_, before) = app
            .get_with_token(&format!("/api/Activity?resumeId={aarav}"), &token)
            .await;
        assert_eq!(
            before["events"][0]["candidateName"], "Aarav Mehta",
            "{before}"
        );

        let erased =
            hirelane::candidates::erase::erase(&app.state, "Aarav.Mehta92@gmail.com", "a test")
                .await
                .expect("erase");
        assert_eq!((erased.candidates, erased.files), (2, 3), "{erased:?}");
        let left = analysed(&app, &token, first).await;
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(left[0]["candidateEmail"], "ananya.iyer@yahoo.co.in");
        assert!(analysed(&app, &token, second).await.is_empty());
        assert_eq!(
            walk(&files_dir).len(),
            1,
            "only the other candidate's file stays"
        );
        // The log forgets them, and keeps one anonymous trace of the erasure per JD.
        let (_, after) = app
            .get_with_token(&format!("/api/Activity?resumeId={aarav}"), &token)
            .await;
        assert_eq!(after["events"], json!([]), "{after}");
        let (_, erasures) = app
            .get_with_token("/api/Activity?kind=erased", &token)
            .await;
        let erasures = erasures["events"].as_array().expect("events").clone();
        assert_eq!(erasures.len(), 2, "{erasures:?}");
        for event in &erasures {
            assert_eq!(
                (event["resumeId"].clone(), event["candidateName"].clone()),
                (Value::Null, Value::Null)
            );
            assert!(
                !event.to_string().to_lowercase().contains("aarav"),
                "{event}"
            );
        }
        let (_, all) = app.get_with_token("/api/Activity?limit=200", &token).await;
        assert!(
            !all.to_string().to_lowercase().contains("aarav"),
            "no trace of the person: {all}"
        );
        let again =
            hirelane::candidates::erase::erase(&app.state, "aarav.mehta92@gmail.com", "a test")
                .await
                .expect("erase twice");
        assert_eq!(again.candidates, 0, "erasing is idempotent");
    })
    .await;
}
