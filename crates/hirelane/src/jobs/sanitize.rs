//! Server-side cleaning of the rich-text editor's HTML. Only what Quill 2 produces survives:
//! its block and inline tags, its `ql-*` classes, colours, links to http/https/mailto/tel,
//! video embeds from YouTube and Vimeo, and images embedded as `data:image/…` addresses.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use ammonia::Builder;

const TAGS: &[&str] = &[
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "ol",
    "ul",
    "li",
    "blockquote",
    "pre",
    "code",
    "span",
    "sub",
    "sup",
    "img",
    "iframe",
];

/// Quill's formatting classes: alignment, size, font, indent, video, code blocks, list UI.
const CLASSES: &[&str] = &[
    "ql-align-center",
    "ql-align-right",
    "ql-align-justify",
    "ql-size-small",
    "ql-size-large",
    "ql-size-huge",
    "ql-font-serif",
    "ql-font-monospace",
    "ql-indent-1",
    "ql-indent-2",
    "ql-indent-3",
    "ql-indent-4",
    "ql-indent-5",
    "ql-indent-6",
    "ql-indent-7",
    "ql-indent-8",
    "ql-video",
    "ql-syntax",
    "ql-ui",
];

const IMAGE_PREFIXES: &[&str] = &[
    "data:image/png;base64,",
    "data:image/gif;base64,",
    "data:image/jpeg;base64,",
    "data:image/bmp;base64,",
    "data:image/x-icon;base64,",
];

const VIDEO_PREFIXES: &[&str] = &[
    "https://www.youtube.com/embed/",
    "https://player.vimeo.com/video/",
];

static CLEANER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::empty();
    let class_tags: HashMap<&str, HashSet<&str>> = TAGS
        .iter()
        .map(|tag| (*tag, CLASSES.iter().copied().collect()))
        .collect();
    builder
        .add_tags(TAGS)
        .allowed_classes(class_tags)
        .add_tag_attributes("a", ["href", "target"])
        .add_tag_attributes("img", ["src", "alt", "width", "height"])
        .add_tag_attributes("iframe", ["src", "frameborder", "allowfullscreen"])
        .add_tag_attributes("li", ["data-list"])
        .add_tag_attributes("pre", ["spellcheck"])
        .add_generic_attributes(["style"])
        .filter_style_properties(["color", "background-color"].into_iter().collect())
        .url_schemes(
            ["http", "https", "mailto", "tel", "data"]
                .into_iter()
                .collect(),
        )
        .url_relative(ammonia::UrlRelative::Deny)
        .link_rel(Some("noopener noreferrer"))
        .add_clean_content_tags(["script", "style"])
        .attribute_filter(allowed_value);
    builder
});

/// Narrows the URL attributes the scheme list lets through: `data:` only for the image types
/// the editor embeds, frames only for the two video hosts, targets only `_blank`.
fn allowed_value<'a>(element: &str, attribute: &str, value: &'a str) -> Option<Cow<'a, str>> {
    let keep = match (element, attribute) {
        ("img", "src") => IMAGE_PREFIXES.iter().any(|p| value.starts_with(p)),
        ("a", "href") => !value.trim_start().to_ascii_lowercase().starts_with("data:"),
        ("a", "target") => value == "_blank",
        ("iframe", "src") => return video_embed(value).map(Cow::Owned),
        ("li", "data-list") => matches!(value, "bullet" | "ordered" | "checked" | "unchecked"),
        _ => true,
    };
    keep.then_some(Cow::Borrowed(value))
}

/// A frame address from one of the two video hosts, normalised the way a browser will resolve
/// it: a prefix check on the raw text passed `https://www.youtube.com/embed/../../x`, which the
/// browser loads as `https://www.youtube.com/x`.
fn video_embed(value: &str) -> Option<String> {
    let url = reqwest::Url::parse(value.trim()).ok()?;
    let resolved = url.as_str();
    VIDEO_PREFIXES
        .iter()
        .any(|p| resolved.starts_with(p))
        .then(|| resolved.to_owned())
}

/// Cleans editor HTML; the result is safe to render as is.
pub fn sanitize(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

/// The words of sanitised HTML, for the search index: tags (and the data inside them, such as
/// embedded images) dropped, common entities decoded, white space collapsed.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len() / 2);
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_keeps_words_only() {
        assert_eq!(
            plain_text(
                "<h1>Rust&nbsp;Dev</h1><p>Build &amp; ship<img src=\"data:image/png;base64,AAAA\"></p>"
            ),
            "Rust Dev Build & ship"
        );
    }

    #[test]
    fn removes_scripts_handlers_and_bad_links() {
        let dirty = r#"<p onclick="x()">Hi<script>alert(1)</script></p>
            <img src="x" onerror="alert(1)"><a href="javascript:alert(1)">j</a>
            <a href="JaVaScRiPt:alert(1)">k</a><iframe src="https://evil.example/x"></iframe>
            <style>p{}</style><p style="position:fixed;color:red">t</p>"#;
        let clean = sanitize(dirty);
        for banned in [
            "script",
            "onclick",
            "onerror",
            "javascript",
            "evil.example",
            "position",
            "<style",
        ] {
            assert!(
                !clean.to_lowercase().contains(banned),
                "{banned} survived in {clean}"
            );
        }
        assert!(clean.contains(r#"<p style="color:red">t</p>"#), "{clean}");
    }

    #[test]
    fn quill_output_round_trips() {
        let quill = concat!(
            r#"<h1 class="ql-align-center">Senior <strong>Rust</strong> Engineer</h1>"#,
            r#"<p><span style="color: rgb(230, 0, 0);">red</span> <em>it</em> <u>u</u> <s>s</s></p>"#,
            r#"<p class="ql-indent-2"><span class="ql-size-large ql-font-serif">big</span></p>"#,
            r#"<ol><li data-list="bullet"><span class="ql-ui"></span>one</li>"#,
            r#"<li data-list="ordered"><span class="ql-ui"></span>two</li></ol>"#,
            r#"<iframe class="ql-video" frameborder="0" allowfullscreen="true" "#,
            r#"src="https://www.youtube.com/embed/abc123"></iframe>"#,
            r#"<p><img src="data:image/png;base64,iVBORw0KGgo="></p>"#,
            r#"<p><a href="mailto:hr@acme.com" rel="noopener noreferrer" target="_blank">mail</a></p>"#,
        );
        let clean = sanitize(quill);
        assert_eq!(sanitize(&clean), clean, "cleaning is idempotent");
        for kept in [
            r#"<h1 class="ql-align-center">Senior <strong>Rust</strong> Engineer</h1>"#,
            // Style declarations come back normalised (no spaces, no trailing semicolon).
            r#"<span style="color:rgb(230, 0, 0)">red</span>"#,
            r#"<span class="ql-size-large ql-font-serif">big</span>"#,
            r#"<li data-list="bullet"><span class="ql-ui"></span>one</li>"#,
            r#"src="https://www.youtube.com/embed/abc123""#,
            r#"<img src="data:image/png;base64,iVBORw0KGgo=">"#,
            r#"href="mailto:hr@acme.com""#,
            r#"target="_blank""#,
        ] {
            assert!(clean.contains(kept), "lost {kept} in {clean}");
        }
    }

    #[test]
    fn only_editor_image_types_are_embedded() {
        assert!(!sanitize(r#"<img src="data:image/svg+xml;base64,PHN2Zz4=">"#).contains("svg"));
        assert!(!sanitize(r#"<img src="data:text/html;base64,PHA+">"#).contains("data:"));
        assert!(!sanitize(r#"<a href="data:text/html,hi">x</a>"#).contains("data:"));
        assert!(!sanitize(r#"<img src="https://tracker.example/p.gif">"#).contains("tracker"));
        assert!(sanitize(r#"<a href="tel:+911234">call</a>"#).contains("tel:+911234"));
    }
}
