//! `{{ name }}` placeholders in texts the team writes: decision e-mail templates and an
//! interview assistant's lines.

/// Fills each `{{ name }}` with `value(name)`; where it has none, `{{ name | default: "x" }}`
/// gives `x` and a bare `{{ name }}` gives nothing. An unclosed `{{` stays as written.
pub fn fill<'v>(template: &str, value: impl Fn(&str) -> Option<&'v str>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find("}}") else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &rest[open + 2..open + close];
        let (name, default) = match inner.split_once('|') {
            Some((name, filter)) => {
                let default = filter
                    .trim()
                    .strip_prefix("default:")
                    .map(|d| d.trim().trim_matches(|c| c == '"' || c == '\''))
                    .unwrap_or("");
                (name.trim(), default)
            }
            None => (inner.trim(), ""),
        };
        out.push_str(value(name).unwrap_or(default));
        rest = &rest[open + close + 2..];
    }
    out.push_str(rest);
    out
}
