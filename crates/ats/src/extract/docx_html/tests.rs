//! Tests of the DOCX to HTML conversion.

use std::io::Write;

use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use super::*;

const W: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships""#;

fn docx(parts: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, content) in parts {
        zip.start_file(*name, SimpleFileOptions::default())
            .expect("entry");
        zip.write_all(content.as_bytes()).expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

fn body(xml: &str) -> String {
    format!(r#"<w:document {W}><w:body>{xml}</w:body></w:document>"#)
}

fn html_of(document: &str) -> String {
    docx_to_html(&docx(&[(DOCUMENT, &body(document))])).expect("html")
}

fn para(text: &str) -> String {
    format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
}

#[test]
fn the_files_markup_comes_out_as_text() {
    let html = html_of(&para(
        "&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; \"quoted\" &amp; 'single'",
    ));
    assert_eq!(
        html,
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot; &amp; &#39;single&#39;</p>"
    );
}

#[test]
fn headings_lists_tables_and_emphasis_keep_their_shape() {
    let styles = format!(
        r#"<w:styles {W}>
        <w:style w:type="paragraph" w:styleId="Kop1"><w:name w:val="heading 1"/></w:style>
        <w:style w:type="paragraph" w:styleId="Custom"><w:basedOn w:val="Kop1"/></w:style>
        </w:styles>"#
    );
    let numbering = format!(
        r#"<w:numbering {W}>
        <w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
        <w:num w:numId="5"><w:abstractNumId w:val="3"/></w:num>
        </w:numbering>"#
    );
    let list_item = |level: u8, text: &str| {
        format!(
            r#"<w:p><w:pPr><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="5"/></w:numPr></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#
        )
    };
    let document = [
        r#"<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>Jane Doe</w:t></w:r></w:p>"#.to_owned(),
        r#"<w:p><w:pPr><w:pStyle w:val="Custom"/></w:pPr><w:r><w:t>Experience</w:t></w:r></w:p>"#.to_owned(),
        list_item(0, "First"),
        list_item(1, "Detail"),
        list_item(0, "Second"),
        r#"<w:p><w:pPr><w:pStyle w:val="ListBullet"/></w:pPr><w:r><w:t>Styled bullet</w:t></w:r></w:p>"#.to_owned(),
        r#"<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Bold</w:t></w:r><w:r><w:rPr><w:i/><w:b w:val="0"/></w:rPr><w:t> italic</w:t></w:r><w:r><w:br/><w:t>next</w:t></w:r></w:p>"#.to_owned(),
        "<w:p></w:p><w:p><w:r><w:t> </w:t></w:r></w:p>".to_owned(),
        format!(
            r#"<w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>{}</w:tc></w:tr><w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr></w:tbl>"#,
            para("Wide"),
            para("A"),
            para("B")
        ),
    ]
    .concat();
    let html = docx_to_html(&docx(&[
        (DOCUMENT, &body(&document)),
        (STYLES, &styles),
        (NUMBERING, &numbering),
    ]))
    .expect("html");
    assert_eq!(
        html,
        [
            "<h1>Jane Doe</h1>",
            "<h2>Experience</h2>",
            "<ol><li>First<ul><li>Detail</li></ul></li><li>Second</li></ol>",
            "<ul><li>Styled bullet</li></ul>",
            "<p><strong>Bold</strong><em> italic</em><br>next</p>",
            r#"<table><tbody><tr><td colspan="2"><p>Wide</p></td></tr><tr><td><p>A</p></td><td><p>B</p></td></tr></tbody></table>"#,
        ]
        .concat()
    );
}

#[test]
fn only_web_and_mail_links_are_kept() {
    let rels = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/a?b=1&amp;c=&quot;x&quot;" TargetMode="External"/>
        <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target=" JavaScript:alert(1)" TargetMode="External"/>
        </Relationships>"#;
    let document = body(
        r#"<w:p><w:hyperlink r:id="rId1"><w:r><w:t>Site</w:t></w:r></w:hyperlink> <w:hyperlink r:id="rId2"><w:r><w:t>Trap</w:t></w:r></w:hyperlink></w:p>"#,
    );
    let html = docx_to_html(&docx(&[(DOCUMENT, &document), (RELATIONSHIPS, rels)])).expect("html");
    assert_eq!(
        html,
        r#"<p><a href="https://example.com/a?b=1&amp;c=&quot;x&quot;" rel="noopener noreferrer nofollow" target="_blank">Site</a>Trap</p>"#
    );
}

#[test]
fn deletions_fallbacks_and_field_codes_are_left_out() {
    let html = html_of(
        r#"<w:p><w:r><w:t>Kept</w:t></w:r><w:del><w:r><w:delText>gone</w:delText><w:t>gone too</w:t></w:r></w:del>
        <w:r><w:instrText>HYPERLINK "x"</w:instrText></w:r>
        <mc:AlternateContent xmlns:mc="mc"><mc:Choice><w:r><w:t> box</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t> box</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>"#,
    );
    assert_eq!(html, "<p>Kept box</p>");
}

#[test]
fn headers_come_first_and_footers_last() {
    let part = |root: &str, text: &str| format!("<w:{root} {W}>{}</w:{root}>", para(text));
    let html = docx_to_html(&docx(&[
        ("word/footer1.xml", &part("ftr", "Page footer")),
        (DOCUMENT, &body(&para("Body"))),
        ("word/header1.xml", &part("hdr", "jane@example.com")),
    ]))
    .expect("html");
    assert_eq!(html, "<p>jane@example.com</p><p>Body</p><p>Page footer</p>");
}

#[test]
fn hostile_files_are_refused() {
    let fixture = |name: &str| {
        std::fs::read(format!(
            "{}/tests/fixtures/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("fixture")
    };
    assert_eq!(
        docx_to_html(&fixture("zipbomb.docx")),
        Err(ExtractError::TooLarge)
    );
    assert!(matches!(
        docx_to_html(&fixture("truncated.docx")),
        Err(ExtractError::Corrupt(_))
    ));
    assert_eq!(
        docx_to_html(&fixture("not_docx.zip")),
        Err(ExtractError::Unsupported)
    );
    assert_eq!(docx_to_html(b"%PDF-1.7"), Err(ExtractError::Unsupported));
    // Megabytes of empty paragraphs make no output. (The time budget is lifted: how long the
    // file takes depends on the machine's load, and the deadline has its own test with a zero
    // budget in tests/ats/fixtures.rs.)
    let unhurried = Limits {
        time_budget: std::time::Duration::from_secs(3600),
        ..Limits::default()
    };
    assert_eq!(
        docx_to_html_with(&fixture("hostile_inflating.docx"), &unhurried).as_deref(),
        Ok("")
    );
    // A part that never closes its elements is refused rather than half-written.
    let cut = format!(
        r#"<w:document {W}><w:body><w:tbl><w:tr><w:tc>{}"#,
        para("x")
    );
    assert!(matches!(
        docx_to_html(&docx(&[(DOCUMENT, &cut)])),
        Err(ExtractError::Corrupt(_))
    ));
}

#[test]
fn output_past_the_cap_is_refused() {
    let limits = Limits {
        max_text_bytes: 10,
        ..Limits::default()
    };
    let bytes = docx(&[(DOCUMENT, &body(&para(&"x".repeat(100))))]);
    assert_eq!(
        docx_to_html_with(&bytes, &limits),
        Err(ExtractError::TooLarge)
    );
    assert!(docx_to_html(&bytes).is_ok());
}

#[test]
fn deep_nesting_stays_bounded() {
    let depth = 50;
    let tables = format!(
        "{}{}{}",
        "<w:tbl><w:tr><w:tc>".repeat(depth),
        para("deep"),
        "</w:tc></w:tr></w:tbl>".repeat(depth)
    );
    let html = html_of(&tables);
    assert_eq!(html.matches("<table>").count(), MAX_TABLE_DEPTH);
    assert!(html.contains("<p>deep</p>"));
    let lists = (0..20u8)
        .map(|level| {
            format!(
                r#"<w:p><w:pPr><w:pStyle w:val="ListBullet"/><w:numPr><w:ilvl w:val="{level}"/></w:numPr></w:pPr><w:r><w:t>L{level}</w:t></w:r></w:p>"#
            )
        })
        .collect::<String>();
    let html = html_of(&lists);
    assert_eq!(html.matches("<ul>").count(), MAX_LIST_LEVEL + 1);
    assert_eq!(html.matches("<ul>").count(), html.matches("</ul>").count());
}
