//! The public pages' parts: the head search engines and link previews read, the job's
//! schema.org `JobPosting` structured data, and the two kinds of markup that templates write as
//! they are (sanitised rich text and JSON for a script element). The layout and its stylesheet
//! are `templates/careers/page.html`.

use std::fmt;

use askama::filters::HtmlSafe;
use hirelane_core::clock::from_millis;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde_json::{Value, json};

use super::postings::WorkType;
use super::published::PublishedJob;
use crate::jobs::sanitize::sanitize;

/// What a page's `<head>` says about it, and where its header links to.
pub struct Head<'a> {
    pub title: &'a str,
    pub description: &'a str,
    /// The page's own address (canonical and `og:url`).
    pub url: &'a str,
    /// The organisation's name (`organisation::name`).
    pub site_name: String,
    /// JSON-LD structured data, if the page has any.
    pub structured_data: Option<ScriptJson>,
    /// The list of open jobs, the header's link.
    pub careers_url: String,
}

/// JSON to write inside a `<script>` element: `<`, `>` and `&` are written as `\u003c`,
/// `\u003e` and `\u0026` (the same string to a JSON reader), so no text in it can close the
/// element (`</script>`) or open a comment. The one way JSON goes into our HTML.
pub struct ScriptJson(String);

impl ScriptJson {
    pub fn new(data: &Value) -> ScriptJson {
        let mut out = String::new();
        for c in data.to_string().chars() {
            match c {
                '<' => out.push_str("\\u003c"),
                '>' => out.push_str("\\u003e"),
                '&' => out.push_str("\\u0026"),
                _ => out.push(c),
            }
        }
        ScriptJson(out)
    }
}

impl fmt::Display for ScriptJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Written as it is: nothing in it can end the script element (see `new`).
impl HtmlSafe for ScriptJson {}

/// A JD's rich-text description after the sanitiser (ammonia's allow-list in `jobs::sanitize`):
/// the one value the pages' templates write without escaping, because escaping would show its
/// tags as text and the sanitiser already removed whatever could run. Only `new` makes one.
pub struct Sanitized(String);

impl Sanitized {
    pub fn new(html: &str) -> Sanitized {
        Sanitized(sanitize(html))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Sanitized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl HtmlSafe for Sanitized {}

/// The first `max` characters of a text, cut at a word, for a meta description.
pub fn summary(text: &str, max: usize) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    for word in words {
        if out.chars().count() + word.chars().count() + 1 > max {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Where the job is, as one line: "Pune, IN · Hybrid · Full-time".
pub fn place_line(job: &PublishedJob) -> String {
    let place = match (job.work_type(), job.location.trim()) {
        (WorkType::Remote, _) => format!("Remote ({})", job.country),
        (_, "") => job.country.clone(),
        (_, location) => format!("{location}, {}", job.country),
    };
    let mut parts = vec![place];
    if job.work_type() == WorkType::Hybrid {
        parts.push(WorkType::Hybrid.label().to_owned());
    }
    parts.push(job.employment_type().label().to_owned());
    parts.join(" · ")
}

/// "25 November 2026".
pub fn long_date(date: Date) -> String {
    date.strftime("%-d %B %Y").to_string()
}

/// The day a job was first published, in the organisation's zone.
pub fn posted_on(job: &PublishedJob, zone: &TimeZone) -> Option<Date> {
    job.published_at
        .map(|ms| from_millis(ms).to_zoned(zone.clone()).date())
}

/// What the organisation is called and where it lives on the web.
pub struct Organization<'a> {
    pub name: &'a str,
    /// Its public web address; `None` when none is configured.
    pub url: Option<&'a str>,
}

/// The schema.org `JobPosting` of a published job, with the properties search engines require
/// (title, description, datePosted, hiringOrganization, jobLocation, or for remote work
/// applicantLocationRequirements with jobLocationType) and the recommended validThrough when
/// the JD has an apply-last date.
pub fn job_posting(
    job: &PublishedJob,
    description_html: &str,
    organization: &Organization<'_>,
    zone: &TimeZone,
) -> Value {
    let mut posting = json!({
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": job.jdname,
        "description": description_html,
        "identifier": { "@type": "PropertyValue", "name": organization.name, "value": job.jdid },
        "hiringOrganization": {
            "@type": "Organization",
            "name": organization.name,
        },
        "employmentType": job.employment_type().schema_org(),
        "directApply": true,
    });
    // `sameAs` must be a URL: an empty one is invalid structured data, so none is left out.
    if let Some(url) = organization.url {
        posting["hiringOrganization"]["sameAs"] = json!(url);
    }
    if let Some(date) = posted_on(job, zone) {
        posting["datePosted"] = json!(date.to_string());
    }
    if let Some(last) = job
        .apply_last_date
        .as_deref()
        .and_then(|d| d.parse::<Date>().ok())
        .and_then(|d| d.at(23, 59, 59, 0).to_zoned(zone.clone()).ok())
    {
        posting["validThrough"] = json!(last.timestamp().to_string());
    }
    if job.work_type() == WorkType::Remote {
        posting["jobLocationType"] = json!("TELECOMMUTE");
        posting["applicantLocationRequirements"] =
            json!({ "@type": "Country", "name": job.country });
    } else {
        let mut address = json!({ "@type": "PostalAddress", "addressCountry": job.country });
        if !job.location.trim().is_empty() {
            address["addressLocality"] = json!(job.location.trim());
        }
        posting["jobLocation"] = json!({ "@type": "Place", "address": address });
    }
    let skills = job.key_skills.trim();
    if !skills.is_empty() {
        posting["skills"] = json!(skills);
    }
    let experience = job.experience.trim();
    if !experience.is_empty() {
        posting["experienceRequirements"] = json!(experience);
    }
    posting
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_data_cannot_close_its_script() {
        let data = json!({ "description": "</script><script>alert(1)</script><!-- a && b >" });
        let text = ScriptJson::new(&data).to_string();
        assert!(!text.contains(['<', '>', '&']), "{text}");
        let back: Value = serde_json::from_str(&text).expect("still JSON");
        assert_eq!(back, data);
    }

    #[test]
    fn summaries_stop_at_a_word() {
        assert_eq!(summary("one two three", 9), "one two…");
        assert_eq!(summary("  short  text ", 160), "short text");
    }
}
