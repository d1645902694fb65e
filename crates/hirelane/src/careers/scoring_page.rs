//! "How we score" (`/how-we-score`): a public page per deployment saying what each automated
//! score reads and ignores, its version, how well it was measured to work on real data, and the
//! latest bias audit an admin chose to publish (an LL144 summary must be public).

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use hirelane_core::clock::from_millis;
use serde_json::Value;

use super::html::{self, Head};
use super::organisation;
use super::pages::{failure, head, page};
use crate::fairness::publish::{self, Published};
use crate::state::AppState;

/// What the resume screening was measured to do, for the version that does it. The figures are
/// those of docs/ats.md ("Ranking real resumes by profession", "Contacts on real files"); a test
/// ties them to `ats::VERSION`, so a new scorer cannot keep the old one's figures.
const ATS_MEASURED_VERSION: &str = "ats-2.2.0";
const ATS_VALIDITY: &[&str] = &[
    "Ranking 79 resumes that job seekers wrote, in 11 professions, against one job description per \
     profession: a resume of the right profession ranks above one of another profession 98.3 % of \
     the time on average (ROC AUC 0.983; 0.912 for the hardest profession), and 86 % of the top \
     ten are of the right profession. Without the embedding model (a deployment that has not \
     installed it; the score's version then has no model name): 97.7 % (0.849 for the hardest \
     profession) and 82 %.",
    "Reading contact details from 64 real resume files (PDF and Word, in many layouts): the name \
     exactly right in 95.3 % of files, the e-mail address in 98.4 %, the phone number in 98.4 %.",
    "Changing only names (across genders and origins), gendered words, addresses and postcodes or \
     e-mail addresses on 80 synthetic and 79 real resumes never changed a score or a Pass/Fail.",
];

#[derive(Template)]
#[template(path = "careers/how_we_score.html")]
struct ScoringPage<'a> {
    head: Head<'a>,
    ats_version: &'static str,
    ats_measured_version: &'static str,
    ats_validity: &'static [&'static str],
    assess_version: &'static str,
    audit: Option<AuditView>,
}

/// The published bias audit as the page shows it.
struct AuditView {
    published: String,
    data_source: String,
    category_set: String,
    version: String,
    /// "The scoring has been in use here since …", or empty.
    in_use_since: String,
    steps: Vec<StepView>,
}

struct StepView {
    label: String,
    individuals: u64,
    tables: Vec<TableView>,
}

struct TableView {
    dimension: &'static str,
    unknown: u64,
    rows: Vec<RowView>,
}

struct RowView {
    label: String,
    count: u64,
    rate: String,
    ratio: String,
}

/// The public page.
pub async fn how_we_score(State(state): State<AppState>) -> Response {
    let published = match publish::latest(&state.db).await {
        Ok(published) => published,
        Err(err) => return failure(&state, err).await,
    };
    let org = organisation::name(&state).await;
    let title = format!("How {org} scores applications");
    let url = format!("{}/how-we-score", state.settings.public_url());
    let template = ScoringPage {
        head: head(
            &state,
            &title,
            "What each automated step reads and ignores, how well it works, and the latest bias audit.",
            &url,
        )
        .await,
        ats_version: ats::VERSION,
        ats_measured_version: ATS_MEASURED_VERSION,
        ats_validity: ATS_VALIDITY,
        assess_version: assess::VERSION,
        audit: published.as_ref().map(|p| audit_view(&state, p)),
    };
    page(StatusCode::OK, &template)
}

/// The published audit: its date, data source and, per step, each reported group's impact ratio.
fn audit_view(state: &AppState, published: &Published) -> AuditView {
    let audit = &published.audit;
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    let date = from_millis(published.published_at)
        .to_zoned(state.time_zone.clone())
        .date();
    AuditView {
        published: html::long_date(date),
        data_source: text(&audit["dataSource"]),
        category_set: text(&audit["categorySet"]),
        version: text(&audit["version"]),
        in_use_since: audit["distributionDate"]
            .as_str()
            .and_then(|d| d.parse::<jiff::civil::Date>().ok())
            .map(|d| {
                format!(
                    "The scoring has been in use here since {}.",
                    html::long_date(d)
                )
            })
            .unwrap_or_default(),
        steps: audit["steps"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|step| StepView {
                label: text(&step["label"]),
                individuals: step["individuals"].as_u64().unwrap_or(0),
                tables: step["tables"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(table_view)
                    .collect(),
            })
            .collect(),
    }
}

fn table_view(table: &Value) -> TableView {
    let rate_of = |row: &Value| {
        row["selectionRate"]
            .as_f64()
            .or_else(|| row["scoringRate"].as_f64())
    };
    let rows = table["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| RowView {
            label: row["label"].as_str().unwrap_or_default().to_owned(),
            count: row["count"].as_u64().unwrap_or(0),
            rate: rate_of(row)
                .map(|r| format!("{:.1} %", r * 100.0))
                .unwrap_or_else(|| "—".to_owned()),
            ratio: row["impactRatio"]
                .as_f64()
                .map(|r| format!("{r:.2}"))
                .unwrap_or_else(|| "—".to_owned()),
        })
        .collect();
    TableView {
        dimension: match table["dimension"].as_str() {
            Some("race") => "race/ethnicity",
            Some("intersection") => "sex and race/ethnicity",
            _ => "sex",
        },
        unknown: table["unknown"].as_u64().unwrap_or(0),
        rows,
    }
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
