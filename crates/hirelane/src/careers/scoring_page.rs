//! "How we score" (`/how-we-score`): a public page per deployment saying what each automated
//! score reads and ignores, its version, how well it was measured to work on real data, and the
//! latest bias audit an admin chose to publish (an LL144 summary must be public).

use axum::extract::State;
use axum::response::{Html, IntoResponse, Response};
use hirelane_core::clock::from_millis;
use serde_json::Value;

use super::html;
use super::pages::{failure, render};
use crate::fairness::publish::{self, Published};
use crate::mail::escape;
use crate::state::AppState;

/// What the resume screening was measured to do, for the version that does it. The figures are
/// those of docs/ats.md ("Ranking real resumes by profession", "Contacts on real files"); a test
/// ties them to `ats::VERSION`, so a new scorer cannot keep the old one's figures.
const ATS_MEASURED_VERSION: &str = "ats-2.1.0";
const ATS_VALIDITY: &[&str] = &[
    "Ranking 79 resumes that job seekers wrote, in 11 professions, against one job description per \
     profession: a resume of the right profession ranks above one of another profession 95.9 % of \
     the time on average (ROC AUC 0.959; 0.846 for the hardest profession), and 77 % of the top \
     ten are of the right profession.",
    "Reading contact details from 64 real resume files (PDF and Word, in many layouts): the name \
     exactly right in 95.3 % of files, the e-mail address in 98.4 %, the phone number in 98.4 %.",
    "Changing only names (across genders and origins), gendered words, addresses and postcodes or \
     e-mail addresses on 80 synthetic and 79 real resumes never changed a score or a Pass/Fail.",
];

fn section(title: &str, paragraphs: &[String]) -> String {
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    format!(
        "<section class=\"card\"><h2>{}</h2>{body}</section>",
        escape(title)
    )
}

fn list(items: &[&str]) -> String {
    let items: String = items
        .iter()
        .map(|item| format!("<li>{}</li>", escape(item)))
        .collect();
    format!("<ul>{items}</ul>")
}

/// The public page.
pub async fn how_we_score(State(state): State<AppState>) -> Response {
    let published = match publish::latest(&state.db).await {
        Ok(published) => published,
        Err(err) => return failure(&state, err),
    };
    let org = &state.settings.careers.organization_name;
    let mut body = format!(
        "<h1>How {} scores applications</h1><p class=\"muted\">{} uses automated steps to help \
         its team screen applications. People make every decision: no application is rejected by \
         a machine. This page says what each step reads, what it never sees, and how well it was \
         measured to work.</p>",
        escape(org),
        escape(org)
    );
    body.push_str(&section(
        "The resume screening: a score and a Pass/Fail suggestion",
        &[format!(
            "Version {}. It compares the resume's content with the job description: the skills \
             the job lists (and closely related ones), past job titles against the job's \
             occupation, the years of experience the dated roles add up to, and how much of the \
             job's wording the resume shares. Pass means the resume shows most of what the job \
             asks for; it is a suggestion to the team.",
            ats::VERSION
        )],
    ));
    body.push_str("<section class=\"card\"><h2>What the screening never sees</h2>");
    body.push_str(&list(&[
        "Your name, e-mail address, phone number, address or postcode, photo and links: they are \
         removed before scoring, by construction (the scorer's input has no place for them).",
        "Words that say your gender (he/she, Mr/Ms, and gendered job titles are made neutral).",
        "Your answers to the voluntary self-identification questions: only the aggregate bias \
         audit below reads them.",
    ]));
    body.push_str(&format!(
        "<h2>How well it was measured to work</h2><p class=\"small muted\">Measured for {}, on \
         files real people made (not on our own examples).</p>",
        escape(ATS_MEASURED_VERSION)
    ));
    body.push_str(&list(ATS_VALIDITY));
    body.push_str("</section>");
    body.push_str(&section(
        "The AI interview",
        &[format!(
            "If the team invites you to an AI voice interview, it asks the job's questions \
                 and records and transcribes your answers. Each answer is graded by our locked \
                 grader ({}) against what the team wrote a strong answer to that question \
                 covers: it reads only the words of your answer, with names, contact details and \
                 gendered words removed, and shows the team which of your words covered which \
                 point. On public sets of answers graded by people it agrees with them at \
                 Pearson r 0.31 to 0.84, depending on the set (two people grading the same \
                 answers agree at about 0.6). With the hosted voice provider, its language model \
                 also scores the interview; the team sees those scores as a second opinion, and \
                 they have not been measured. The scores inform the team; a person decides. You \
                 can ask for an alternative to the interview on your application page.",
            assess::VERSION
        )],
    ));
    body.push_str(&audit_section(&state, published.as_ref()));
    body.push_str(&section(
        "Your rights",
        &["On your application page (the link in every e-mail we send you) you can read how your \
           application was assessed, ask for an alternative process or an accommodation, \
           download everything we hold about you, ask for it to be erased, and choose whether we \
           keep it for other jobs."
            .to_owned()],
    ));
    let title = format!("How {org} scores applications");
    let url = format!("{}/how-we-score", state.settings.public_url());
    Html(render(
        &state,
        &title,
        "What each automated step reads and ignores, how well it works, and the latest bias audit.",
        &url,
        &body,
    ))
    .into_response()
}

/// The published audit: its date, data source and, per step, each reported group's impact ratio.
fn audit_section(state: &AppState, published: Option<&Published>) -> String {
    let Some(published) = published else {
        return section(
            "Bias audit",
            &["No bias audit has been published yet.".to_owned()],
        );
    };
    let audit = &published.audit;
    let date = from_millis(published.published_at)
        .to_zoned(state.time_zone.clone())
        .date();
    let mut html = format!(
        "<section class=\"card\"><h2>Bias audit</h2><p>Published {}. {} Category set: {}. \
         Computed with {}. {}</p><p class=\"small muted\">An impact ratio compares a group's rate \
         with the rate of the group that does best (1.00 is parity; under 0.80 fails the \
         four-fifths rule of thumb). Groups under 2 % of the data, or too small to compare, are \
         shown without a ratio.</p>",
        escape(&html::long_date(date)),
        escape(audit["dataSource"].as_str().unwrap_or_default()),
        escape(audit["categorySet"].as_str().unwrap_or_default()),
        escape(audit["version"].as_str().unwrap_or_default()),
        escape(
            &audit["distributionDate"]
                .as_str()
                .and_then(|d| d.parse::<jiff::civil::Date>().ok())
                .map(|d| format!(
                    "The scoring has been in use here since {}.",
                    html::long_date(d)
                ))
                .unwrap_or_default()
        ),
    );
    for step in audit["steps"].as_array().into_iter().flatten() {
        html.push_str(&format!(
            "<h3>{} <span class=\"muted small\">({} people)</span></h3>",
            escape(step["label"].as_str().unwrap_or_default()),
            step["individuals"].as_u64().unwrap_or(0)
        ));
        for table in step["tables"].as_array().into_iter().flatten() {
            html.push_str(&table_html(table));
        }
    }
    html.push_str("</section>");
    html
}

fn table_html(table: &Value) -> String {
    let rate_of = |row: &Value| {
        row["selectionRate"]
            .as_f64()
            .or_else(|| row["scoringRate"].as_f64())
    };
    let rows: String = table["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| {
            let ratio = row["impactRatio"]
                .as_f64()
                .map(|r| format!("{r:.2}"))
                .unwrap_or_else(|| "—".to_owned());
            let rate = rate_of(row)
                .map(|r| format!("{:.1} %", r * 100.0))
                .unwrap_or_else(|| "—".to_owned());
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(row["label"].as_str().unwrap_or_default()),
                row["count"].as_u64().unwrap_or(0),
                escape(&rate),
                escape(&ratio)
            )
        })
        .collect();
    format!(
        "<table class=\"audit\"><caption>By {}; {} of unknown category</caption><thead><tr>\
         <th scope=\"col\">Group</th><th scope=\"col\">People</th><th scope=\"col\">Rate</th>\
         <th scope=\"col\">Impact ratio</th></tr></thead><tbody>{rows}</tbody></table>",
        escape(match table["dimension"].as_str() {
            Some("race") => "race/ethnicity",
            Some("intersection") => "sex and race/ethnicity",
            _ => "sex",
        }),
        table["unknown"].as_u64().unwrap_or(0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new scorer version needs its own measurement before the page quotes one.
    #[test]
    fn the_figures_quoted_are_those_of_the_version_in_use() {
        assert_eq!(
            ats::VERSION,
            ATS_MEASURED_VERSION,
            "measure the new version on the real ranking and contacts sets (docs/ats.md), then \
             update ATS_VALIDITY and ATS_MEASURED_VERSION"
        );
    }
}
