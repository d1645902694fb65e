//! "How was my application assessed?": the principal reasons behind the automated steps, in
//! plain words, on the candidate's own page. It says what the screening compared (the job's
//! skills found and not found, the experience found and asked for), what it concluded, and
//! which interview questions were covered; never a score of anyone else, and never the
//! recruiters' notes or scorecards. People make the decisions: it says so, and how to ask for
//! a correction or a human review.

use axum::extract::{Path, State};
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::portal::candidate_of;
use crate::candidates::repo::{CandidateRow, assessment_strings};
use crate::candidates::status::Recommendation;
use crate::error::{ErrorBody, Result};
use crate::http::Json;
use crate::state::AppState;
use crate::voice::conclusions::{grading, reports};
use crate::voice::repo as calls;

/// What the automated steps concluded about the candidate's application, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct MyAssessment {
    /// Whether the resume has been assessed yet.
    assessed: bool,
    /// The reasons, in plain sentences, most important first.
    reasons: Vec<String>,
    /// The job's skills the screening found in the resume (required first).
    skills_found: Vec<String>,
    /// The job's skills it did not find.
    skills_missing: Vec<String>,
    /// Years of experience the screening read from the resume.
    experience_years: Option<f64>,
    /// Years the job asks for, if it says.
    required_years: Option<f64>,
    /// The AI interview's questions and whether each was covered, once it took place.
    interview_questions: Vec<CoveredQuestion>,
    /// The screening's version: what produced these reasons.
    scoring_version: Option<String>,
    /// How to have something corrected or reviewed by a person.
    your_rights: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CoveredQuestion {
    question: String,
    /// The interviewer asked it and the candidate answered.
    covered: bool,
    /// What the team looks for in an answer to it that the grader found in the candidate's.
    points_covered: Vec<String>,
    /// What it looks for and did not find.
    points_missing: Vec<String>,
}

const RIGHTS: &str = "A person at the company makes every decision; the automated steps only \
    suggest. If something here is wrong (a skill you have that we did not find, the wrong \
    experience), reply to any of our e-mails or update your resume by applying again: we will \
    correct it. You can also ask for a person to review your application without the automated \
    steps, or for an alternative process or an accommodation.";

/// The reasons behind the automated assessment of the candidate's application.
#[utoipa::path(
    get, path = "/Application/{token}/Assessment", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, body = MyAssessment, description = "What was compared and concluded, in plain words"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn my_assessment(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<MyAssessment>> {
    let candidate = candidate_of(&state, &token).await?;
    let questions = interview_questions(&state, &candidate).await?;
    Ok(Json(explain(&candidate, questions)))
}

fn explain(candidate: &CandidateRow, interview_questions: Vec<CoveredQuestion>) -> MyAssessment {
    let assessment = candidate.assessment_json();
    let skills_found = assessment_strings(&assessment, "matchedSkills");
    let skills_missing = assessment_strings(&assessment, "missingSkills");
    let experience_years = assessment["experienceYears"].as_f64();
    let required_years = assessment["requiredYears"].as_f64();
    let assessed = candidate.recommendation.is_some();
    let mut reasons = Vec::new();
    if assessed {
        reasons.push(
            "An automated screening compared your resume with the job's description: the \
             skills it lists, the experience it asks for, and how close your past roles are to \
             it. It read only your resume's content, never your name, contact details or \
             anything about who you are."
                .to_owned(),
        );
        reasons.push(match candidate.recommendation {
            Some(Recommendation::Pass) => {
                "It found that your resume shows most of what the job asks for, and \
                suggested that the team look at your application more closely."
                    .to_owned()
            }
            _ => "It found that your resume does not yet show enough of what the job asks for; \
                the team decides whether to take your application further."
                .to_owned(),
        });
        reasons.extend(skill_reason(&skills_found, &skills_missing));
        reasons.extend(experience_reason(experience_years, required_years));
    }
    if !interview_questions.is_empty() {
        let covered = interview_questions.iter().filter(|q| q.covered).count();
        reasons.push(format!(
            "In the AI interview you covered {covered} of its {} questions; the team reads your \
             answers themselves.",
            interview_questions.len()
        ));
        let points = |q: &CoveredQuestion| {
            (
                q.points_covered.len(),
                q.points_covered.len() + q.points_missing.len(),
            )
        };
        let (found, sought) = interview_questions
            .iter()
            .map(points)
            .fold((0, 0), |(f, t), (a, b)| (f + a, t + b));
        if sought > 0 {
            reasons.push(format!(
                "An automated grader compared each answer with what the team looks for in it \
                 (listed under each question): your answers covered {found} of those {sought} \
                 points. It read only the words of your answers."
            ));
        }
    }
    MyAssessment {
        assessed,
        reasons,
        skills_found,
        skills_missing,
        experience_years,
        required_years,
        interview_questions,
        scoring_version: assessment["version"].as_str().map(str::to_owned),
        your_rights: RIGHTS,
    }
}

fn skill_reason(found: &[String], missing: &[String]) -> Option<String> {
    let total = found.len() + missing.len();
    (total > 0).then(|| {
        let mut line = format!(
            "Of the {total} skills the job lists, your resume shows {}",
            found.len()
        );
        if !missing.is_empty() {
            line.push_str(&format!("; it did not show {}", missing.join(", ")));
        }
        line.push('.');
        line
    })
}

fn experience_reason(found: Option<f64>, asked: Option<f64>) -> Option<String> {
    let years = |y: f64| {
        let rounded = (y * 10.0).round() / 10.0;
        if rounded == 1.0 {
            "1 year".to_owned()
        } else {
            format!("{rounded} years")
        }
    };
    match (found, asked) {
        (Some(found), Some(asked)) => Some(format!(
            "It read about {} of experience from your resume; the job asks for {}.",
            years(found),
            years(asked)
        )),
        (Some(found), None) => Some(format!(
            "It read about {} of experience from your resume.",
            years(found)
        )),
        _ => None,
    }
}

/// The questions of the candidate's AI interview, covered or not, once it took place.
async fn interview_questions(
    state: &AppState,
    candidate: &CandidateRow,
) -> Result<Vec<CoveredQuestion>> {
    let Some(call_id) = &candidate.call_id else {
        return Ok(Vec::new());
    };
    let Some(row) = calls::find(&state.db, call_id).await? else {
        return Ok(Vec::new());
    };
    if row.report_received_at.is_none() {
        return Ok(Vec::new());
    }
    let structured: Map<String, Value> = row
        .structured_data
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or_default();
    let grades = grading::store::ensure(state, &row)
        .await?
        .map(|g| g.questions)
        .unwrap_or_default();
    Ok(reports::evidence(&row, &structured)
        .questions
        .into_iter()
        .map(|q| {
            let grade = grades.iter().find(|g| g.number == q.number);
            CoveredQuestion {
                covered: q.asked && q.answer_excerpt.is_some() || q.score.is_some_and(|s| s > 1),
                question: q.question,
                points_covered: grade.map_or_else(Vec::new, |g| {
                    g.covered.iter().map(|c| c.point.clone()).collect()
                }),
                points_missing: grade.map_or_else(Vec::new, |g| {
                    g.missing
                        .iter()
                        .map(|m| m.point.clone())
                        .chain(g.contradictions.iter().map(|c| c.point.clone()))
                        .collect()
                }),
            }
        })
        .collect())
}
