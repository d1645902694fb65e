//! The public pages' HTML: one layout with its own small stylesheet (the pages work without
//! the single-page app or any script), the head search engines and link previews read, and the
//! job's schema.org `JobPosting` structured data.

use hirelane_core::clock::from_millis;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde_json::{Value, json};

use super::postings::WorkType;
use super::published::PublishedJob;
use crate::mail::escape;

/// What a page's `<head>` says about it.
pub struct Head<'a> {
    pub title: &'a str,
    pub description: &'a str,
    /// The page's own address (canonical and `og:url`).
    pub url: &'a str,
    pub site_name: &'a str,
    /// JSON-LD structured data, if the page has any.
    pub structured_data: Option<Value>,
}

/// A whole page.
pub fn page(head: &Head<'_>, careers_url: &str, body: &str) -> String {
    let structured = head
        .structured_data
        .as_ref()
        .map(|data| {
            format!(
                "<script type=\"application/ld+json\">{}</script>",
                json_for_script(data)
            )
        })
        .unwrap_or_default();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title>\
         <meta name=\"description\" content=\"{description}\">\
         <link rel=\"canonical\" href=\"{url}\">\
         <meta property=\"og:type\" content=\"website\">\
         <meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:description\" content=\"{description}\">\
         <meta property=\"og:url\" content=\"{url}\">\
         <meta property=\"og:site_name\" content=\"{site}\">\
         <meta name=\"twitter:card\" content=\"summary\">\
         {structured}<style>{STYLE}</style></head>\
         <body><header class=\"top\"><div class=\"wrap\"><a class=\"brand\" href=\"{careers}\">{site}</a>\
         <span class=\"muted\">Careers</span></div></header>\
         <main id=\"main\" class=\"wrap\">{body}</main>\
         <footer class=\"wrap muted small\">Applications are handled with Hirelane.</footer>\
         </body></html>",
        title = escape(head.title),
        description = escape(head.description),
        url = escape(head.url),
        site = escape(head.site_name),
        careers = escape(careers_url),
    )
}

/// JSON inside a `<script>` element: `<` is written as `\u003c`, so no text in it can close
/// the element (`</script>`) or open a comment.
fn json_for_script(data: &Value) -> String {
    data.to_string().replace('<', "\\u003c")
}

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

/// The pages' stylesheet: the app's colours and type, readable on a phone, with visible focus.
const STYLE: &str = "\
*{box-sizing:border-box}\
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;\
color:#0f172a;background:#f8fafc;line-height:1.55}\
.wrap{max-width:46rem;margin:0 auto;padding:0 1rem}\
.top{background:#fff;border-bottom:1px solid #e2e8f0}\
.top .wrap{display:flex;gap:.75rem;align-items:baseline;padding-top:1rem;padding-bottom:1rem}\
.brand{font-weight:700;color:#4338ca;text-decoration:none;font-size:1.125rem}\
main{padding-top:1.5rem;padding-bottom:2rem}\
h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 .5rem}\
h2{font-size:1.125rem;margin:1.75rem 0 .5rem}\
a{color:#4338ca}\
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible,select:focus-visible{outline:3px solid #6366f1;outline-offset:2px}\
.muted{color:#475569}.small{font-size:.875rem}\
footer{padding-bottom:2rem}\
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;margin:0 0 1rem}\
.jobs{list-style:none;padding:0;margin:0}\
.jobs a{font-weight:600;font-size:1.0625rem;text-decoration:none}\
.jobs a:hover{text-decoration:underline}\
.chips{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}\
.chips li{background:#eef2ff;color:#3730a3;border-radius:999px;padding:.125rem .75rem;font-size:.875rem}\
.description img{max-width:100%;height:auto}\
.description iframe{max-width:100%}\
.notice{background:#f1f5f9;border-radius:.5rem;padding:.75rem 1rem;font-size:.9375rem}\
.ai{background:#fffbeb;border:1px solid #fcd34d}\
label{display:block;font-weight:600;margin:1rem 0 .25rem}\
.hint{font-weight:400;color:#475569;font-size:.875rem}\
input[type=text],input[type=email],input[type=tel],textarea,input[type=file],select{width:100%;font:inherit;\
padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:inherit}\
textarea{min-height:6rem}\
.self-id{border:1px solid #e2e8f0;border-radius:.5rem;padding:.25rem 1rem 1rem;margin:1.25rem 0 0}\
.self-id legend{font-weight:600;padding:0 .25rem}\
table.audit{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.9375rem}\
.audit caption{text-align:left;color:#475569;font-size:.875rem;padding:.25rem 0}\
.audit th,.audit td{text-align:left;border-bottom:1px solid #e2e8f0;padding:.375rem .5rem}\
[aria-invalid=true]{border-color:#b91c1c}\
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}\
.check input{margin-top:.35rem;width:1.1rem;height:1.1rem}\
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}\
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:.5rem;padding:.75rem 1rem}\
.success{border:1px solid #bbf7d0;background:#f0fdf4;color:#166534;border-radius:.5rem;padding:.75rem 1rem}\
button{font:inherit;font-weight:600;background:#4338ca;color:#fff;border:0;border-radius:.5rem;\
padding:.75rem 1.25rem;margin-top:1.25rem;cursor:pointer}\
button:hover{background:#3730a3}\
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}\
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_data_cannot_close_its_script() {
        let data = json!({ "description": "</script><script>alert(1)</script><!--" });
        let text = json_for_script(&data);
        assert!(!text.contains('<'));
        let back: Value = serde_json::from_str(&text).expect("still JSON");
        assert_eq!(back, data);
    }

    #[test]
    fn summaries_stop_at_a_word() {
        assert_eq!(summary("one two three", 9), "one two…");
        assert_eq!(summary("  short  text ", 160), "short text");
    }
}
