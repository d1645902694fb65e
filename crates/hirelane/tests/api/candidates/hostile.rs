//! Files built to hurt a reader fail alone while the server keeps answering.

use super::{analysed, create_job, fixture, upload};
use crate::helpers::{TestApp, on_each_db};

/// Files built to hurt a reader (see make_hostile.py) fail alone: the server keeps answering
/// while they are read, and reads the next good file as before.
#[tokio::test]
async fn hostile_files_fail_alone_while_the_server_keeps_answering() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let depth = 300_000;
        let nested = format!(
            "%PDF-1.7\n1 0 obj\n[{}{}]\nendobj\nstartxref\n9\n%%EOF\n",
            "[".repeat(depth),
            "]".repeat(depth)
        );
        let files = [
            // Overflows the parser's stack past any scan of the file: aborts its process.
            ("stack.pdf", fixture("hostile_deep_objstm.pdf")),
            ("nested.pdf", nested.into_bytes()),
            ("bomb.docx", fixture("hostile_inflating.docx")),
        ];
        let polling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let health = tokio::spawn({
            let (client, url, polling) = (app.client.clone(), app.url("/healthz"), polling.clone());
            async move {
                let (mut answered, mut slowest) = (0, std::time::Duration::ZERO);
                while polling.load(std::sync::atomic::Ordering::Relaxed) {
                    let started = std::time::Instant::now();
                    let status = client.get(&url).send().await.map(|r| r.status().as_u16());
                    assert_eq!(status.ok(), Some(200), "/healthz answers during the upload");
                    slowest = slowest.max(started.elapsed());
                    answered += 1;
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                }
                (answered, slowest)
            }
        });
        let (status, body) = upload(&app, &token, jd, &files).await;
        polling.store(false, std::sync::atomic::Ordering::Relaxed);
        let (answered, slowest) = health.await.expect("health poller");
        // Recorded, not asserted: a timed assertion would be flaky on a loaded machine.
        eprintln!("/healthz answered {answered} times during the upload, slowest {slowest:?}");
        assert!(answered > 0);
        assert_eq!(status, 200, "{body}");
        let result = |i: usize| body["files"][i].clone();
        assert_eq!(result(0)["analysisStatus"], "unreadable", "{body}");
        assert_eq!(
            result(0)["message"],
            "The file is damaged (the reader stopped on this file); ask the candidate for a new copy."
        );
        assert_eq!(result(1)["analysisStatus"], "unreadable", "{body}");
        assert!(
            result(1)["message"]
                .as_str()
                .is_some_and(|m| m.contains("nested too deeply")),
            "{body}"
        );
        assert_eq!(result(2)["status"], "rejected", "{body}");
        assert_eq!(
            result(2)["message"],
            "The file is too large to read (too many pages or too much packed data)."
        );
        // Nothing half-written: two unreadable rows held for review, no row for the refused one.
        let (status, good) =
            upload(&app, &token, jd, &[("mei.pdf", fixture("mei_fpdf.pdf"))]).await;
        assert_eq!(status, 200, "{good}");
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert_eq!(
            rows.iter()
                .filter(|r| r["analysisStatus"] == "unreadable")
                .count(),
            2
        );
        assert!(
            rows.iter().any(|r| r["atsScore"].is_number()),
            "the good file was scored"
        );
    })
    .await;
}
