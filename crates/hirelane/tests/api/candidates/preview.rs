//! View Resume inside the app: a PDF framed from its signed link, a DOCX as sanitised HTML that
//! hostile files cannot turn into markup or into a zip bomb.

use std::io::{Cursor, Write};

use reqwest::Method;
use serde_json::Value;
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use super::{analysed, create_job, fixture, upload};
use crate::helpers::{TestApp, on_each_db};

const WORD: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main""#;

/// A DOCX with these paragraphs (`(style, text)`, text already XML-escaped) and extra parts.
fn docx(paragraphs: &[(&str, &str)], extra: &[(&str, &[u8])]) -> Vec<u8> {
    let body: String = paragraphs
        .iter()
        .map(|(style, text)| {
            format!(
                r#"<w:p><w:pPr><w:pStyle w:val="{style}"/></w:pPr><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>"#
            )
        })
        .collect();
    let document = format!(r#"<w:document {WORD}><w:body>{body}</w:body></w:document>"#);
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let parts = [("word/document.xml", document.as_bytes())]
        .into_iter()
        .chain(extra.iter().copied());
    for (name, content) in parts {
        zip.start_file(name, SimpleFileOptions::default())
            .expect("entry");
        zip.write_all(content).expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

/// Paragraphs enough for intake to read the resume (name, contacts, some text).
fn resume_with(line: &str) -> Vec<(&str, &str)> {
    vec![
        ("Title", "Hana Kobayashi"),
        ("Normal", "hana.kobayashi@example.com | +81 90 1234 5678"),
        ("Heading1", "Experience"),
        (
            "Normal",
            "Backend engineer building Python and Go services on AWS with Docker.",
        ),
        ("Normal", line),
    ]
}

async fn preview(app: &TestApp, token: &str, file_id: &str) -> (u16, Value) {
    app.call(
        Method::GET,
        &format!("/api/Drive/ResumePreview?resumeFileId={file_id}"),
        token,
        None,
    )
    .await
}

/// Uploads one file and waits for its analysis; returns its list row.
async fn uploaded(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> Value {
    let jd = create_job(app, token, true).await;
    let (status, body) = upload(app, token, jd, &[(name, bytes)]).await;
    assert_eq!(status, 200, "{body}");
    analysed(app, token, jd).await.remove(0)
}

#[tokio::test]
async fn a_docx_is_shown_as_escaped_html_and_a_pdf_through_its_framable_link() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let hostile = r#"&lt;script&gt;alert("x")&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; Tom &amp; Jerry"#;
        let row = uploaded(&app, &token, "hana.docx", docx(&resume_with(hostile), &[])).await;
        let file_id = row["resumeFileId"].as_str().expect("file id");
        let (status, shown) = preview(&app, &token, file_id).await;
        assert_eq!(status, 200, "{shown}");
        assert_eq!(shown["fileType"], "docx");
        assert_eq!(shown["fileName"], "hana.docx");
        assert_eq!(shown["problem"], Value::Null);
        let html = shown["html"].as_str().expect("html");
        assert!(html.starts_with("<h1>Hana Kobayashi</h1>"), "{html}");
        assert!(html.contains("<h2>Experience</h2>"), "{html}");
        assert!(
            html.contains(
                "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; Tom &amp; Jerry</p>"
            ),
            "{html}"
        );
        assert!(!html.contains("<script") && !html.contains("<img"), "{html}");
        // The download stays a download.
        let file = app
            .client
            .get(app.url(shown["filePath"].as_str().expect("link")))
            .send()
            .await
            .expect("file");
        assert_eq!(file.status(), 200);
        assert!(file.headers()["content-disposition"].to_str().expect("header").starts_with("attachment"));

        let row = uploaded(&app, &token, "mei.pdf", fixture("mei_libreoffice.pdf")).await;
        let (status, shown) = preview(&app, &token, row["resumeFileId"].as_str().expect("id")).await;
        assert_eq!(status, 200, "{shown}");
        assert_eq!((shown["fileType"].as_str(), &shown["html"]), (Some("pdf"), &Value::Null));
        let file = app
            .client
            .get(app.url(shown["filePath"].as_str().expect("link")))
            .send()
            .await
            .expect("file");
        assert_eq!(file.status(), 200);
        let headers = file.headers();
        assert!(headers["content-disposition"].to_str().expect("header").starts_with("inline"));
        // The app's pages may frame it; no other site may.
        assert_eq!(headers["x-frame-options"], "SAMEORIGIN");
        assert!(headers["content-security-policy"].to_str().expect("csp").contains("frame-ancestors 'self'"));

        let (status, body) = preview(&app, &token, "").await;
        assert_eq!((status, body["message"].as_str()), (400, Some("Resume file ID missing.")));
        let (status, _) = preview(&app, &token, "no-such-file").await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn a_docx_that_inflates_past_the_limit_is_refused_not_shown() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        // 40 MB of list numbering packed into a few kilobytes: intake never reads the numbering,
        // so the upload is taken in, but showing the file would inflate it past the 32 MB cap.
        let bomb = vec![b' '; 40 * 1024 * 1024];
        let bytes = docx(
            &resume_with("Nothing odd here."),
            &[("word/numbering.xml", &bomb)],
        );
        assert!(bytes.len() < 1024 * 1024, "packed to {} bytes", bytes.len());
        let row = uploaded(&app, &token, "bomb.docx", bytes).await;
        let file_id = row["resumeFileId"].as_str().expect("file id");
        let (status, shown) = preview(&app, &token, file_id).await;
        assert_eq!(status, 200, "{shown}");
        assert_eq!(shown["html"], Value::Null);
        assert_eq!(
            shown["problem"],
            "This file is too large to show here. Download it to open it."
        );
        let file = app
            .client
            .get(app.url(shown["filePath"].as_str().expect("link")))
            .send()
            .await
            .expect("file");
        assert_eq!(file.status(), 200, "the download still works");
    })
    .await;
}
