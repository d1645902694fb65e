//! The public job pages, rendered on the server so that search engines and link previews read
//! them and applying works without any script: `/careers` (open jobs), `/careers/{slug}` (the
//! job and its application form), the page after applying, and the confirmation of a second
//! application. Unknown, unpublished or binned jobs answer 404 with a page that says so and links
//! to the open jobs.
//! `app.rs` mounts them beside the API: they are pages, not part of the API document.

use askama::Template;
use axum::extract::{Multipart, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

use super::applications::Notice;
use super::apply::{self, ApplicationForm, MAX_NOTE, Outcome};
use super::html::{self, Head, Organization, Sanitized, ScriptJson};
use super::organisation;
use super::postings;
use super::published::{self, PublishedJob};
use super::reapply;
use super::self_identification;
use crate::error::Error;
use crate::fairness::self_id;
use crate::http::ClientIp;
use crate::jobs::rules::key_skills;
use crate::jobs::sanitize::plain_text;
use crate::state::AppState;

fn careers_url(state: &AppState) -> String {
    format!("{}/careers", state.settings.public_url())
}

fn organization<'a>(state: &'a AppState, name: &'a str) -> Organization<'a> {
    let careers = &state.settings.careers;
    Organization {
        name,
        url: [&careers.organization_url, &state.settings.server.public_url]
            .into_iter()
            .filter_map(|url| url.as_deref().map(str::trim))
            .find(|url| !url.is_empty()),
    }
}

/// The head of a page of ours without structured data.
pub(super) async fn head<'a>(
    state: &'a AppState,
    title: &'a str,
    description: &'a str,
    url: &'a str,
) -> Head<'a> {
    Head {
        title,
        description,
        url,
        site_name: organisation::name(state).await,
        structured_data: None,
        careers_url: careers_url(state),
    }
}

/// A rendered page as the answer; rendering fails only if writing a value does, which is a bug.
pub(super) fn page(status: StatusCode, template: &impl Template) -> Response {
    match template.render() {
        Ok(page) => (status, Html(page)).into_response(),
        Err(err) => Error::Internal(anyhow::anyhow!("rendering a page: {err}")).into_response(),
    }
}

#[derive(Template)]
#[template(path = "careers/jobs.html")]
struct JobsPage<'a> {
    head: Head<'a>,
    jobs: Vec<JobLine<'a>>,
}

/// A job in the list of open jobs.
struct JobLine<'a> {
    slug: &'a str,
    title: &'a str,
    place: String,
    posted: Option<String>,
}

/// The open jobs, newest first.
pub async fn jobs_page(State(state): State<AppState>) -> Response {
    let jobs = match published::all(&state.db).await {
        Ok(jobs) => jobs,
        Err(err) => return failure(&state, err).await,
    };
    let today = state.today();
    let lines = jobs
        .iter()
        .filter(|job| job.is_open(today))
        .map(|job| JobLine {
            slug: &job.slug,
            title: &job.jdname,
            place: html::place_line(job),
            posted: html::posted_on(job, &state.time_zone).map(html::long_date),
        })
        .collect();
    let org = organisation::name(&state).await;
    let title = format!("Jobs at {org}");
    let description = format!("Open jobs at {org}. Apply online in a few minutes.");
    let url = careers_url(&state);
    let template = JobsPage {
        head: head(&state, &title, &description, &url).await,
        jobs: lines,
    };
    page(StatusCode::OK, &template)
}

/// What the form shows: the values sent (kept after an error) and the error.
#[derive(Default)]
struct FormState<'a> {
    form: ApplicationForm,
    error: Option<&'a str>,
}

/// A job's page with its application form.
pub async fn job_page(State(state): State<AppState>, Path(slug): Path<String>) -> Response {
    match published::by_slug(&state.db, &slug).await {
        Ok(Some(job)) => job_response(&state, &job, &FormState::default(), StatusCode::OK).await,
        Ok(None) => not_found(&state).await,
        Err(err) => failure(&state, err).await,
    }
}

#[derive(Template)]
#[template(path = "careers/job.html")]
struct JobPage<'a> {
    head: Head<'a>,
    job: &'a PublishedJob,
    place: String,
    /// "Posted … · Apply by …", or empty.
    dates: String,
    /// When applications ended, once they have.
    closed_on: Option<String>,
    description: Option<&'a Sanitized>,
    skills: Vec<&'a str>,
    experience: Vec<&'a str>,
    /// The application form, while the job takes applications.
    form: Option<FormView<'a>>,
}

/// The application form as the template shows it.
struct FormView<'a> {
    values: &'a ApplicationForm,
    error: Option<&'a str>,
    max_mb: usize,
    max_note: usize,
    privacy: String,
    ai: String,
    self_id_explanation: &'static str,
    /// The voluntary self-identification questions; none when the deployment does not ask.
    self_id: Vec<QuestionView>,
}

/// A self-identification question: a select whose first choice is no answer.
struct QuestionView {
    key: &'static str,
    label: &'static str,
    options: Vec<ChoiceView>,
}

struct ChoiceView {
    code: &'static str,
    label: &'static str,
    selected: bool,
}

async fn job_response(
    state: &AppState,
    job: &PublishedJob,
    form: &FormState<'_>,
    status: StatusCode,
) -> Response {
    let description = Sanitized::new(&job.jddescription);
    let description_text = plain_text(description.as_str());
    let url = postings::page_url(state, &job.slug);
    let name = organisation::name(state).await;
    let organization = organization(state, &name);
    let title = format!("{} at {}", job.jdname, organization.name);
    let summary = html::summary(&description_text, 160);
    let posting = html::job_posting(job, description.as_str(), &organization, &state.time_zone);
    let last = job
        .apply_last_date
        .as_deref()
        .and_then(|d| d.parse::<jiff::civil::Date>().ok());
    let dates: Vec<String> = html::posted_on(job, &state.time_zone)
        .map(|posted| format!("Posted {}", html::long_date(posted)))
        .into_iter()
        .chain(last.map(|last| format!("Apply by {}", html::long_date(last))))
        .collect();
    let open = job.is_open(state.today());
    let template = JobPage {
        head: Head {
            title: &title,
            description: &summary,
            url: &url,
            site_name: name.clone(),
            structured_data: Some(ScriptJson::new(&posting)),
            careers_url: careers_url(state),
        },
        job,
        place: html::place_line(job),
        dates: dates.join(" · "),
        closed_on: (!open).then(|| last.map(html::long_date).unwrap_or_default()),
        description: (!description_text.trim().is_empty()).then_some(&description),
        skills: key_skills(&job.key_skills),
        experience: job
            .experience
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect(),
        form: open.then(|| form_view(state, form)),
    };
    page(status, &template)
}

fn form_view<'a>(state: &AppState, form: &'a FormState<'a>) -> FormView<'a> {
    let notice = Notice::current(&state.settings.careers);
    FormView {
        values: &form.form,
        error: form.error,
        max_mb: state.settings.uploads.max_file_mb,
        max_note: MAX_NOTE,
        privacy: notice.privacy,
        ai: notice.ai,
        self_id_explanation: self_identification::EXPLANATION,
        self_id: self_id_questions(state, &form.form),
    }
}

fn self_id_questions(state: &AppState, form: &ApplicationForm) -> Vec<QuestionView> {
    let Some(set) = self_id::category_set(state.settings.fairness.self_identification) else {
        return Vec::new();
    };
    self_id::questions(set)
        .into_iter()
        .map(|question| {
            let given = if question.key == "sex" {
                &form.sex
            } else {
                &form.race
            };
            QuestionView {
                key: question.key,
                label: question.label,
                options: question
                    .options
                    .iter()
                    .map(|choice| ChoiceView {
                        code: choice.code,
                        label: choice.label,
                        selected: *given == choice.code,
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The form's submission: on success the browser is sent to the page after applying (so a
/// reload does not apply twice); on an error the form comes back with it and the values sent.
pub async fn apply_page(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    client: ClientIp,
    mut multipart: Multipart,
) -> Response {
    let read = apply::read_form(&mut multipart, state.settings.uploads.max_file_bytes()).await;
    let result = match read.problem {
        Some(problem) => Err(problem),
        None => apply::apply(&state, &slug, read.form.clone(), &client).await,
    };
    let error = match result {
        Ok(Outcome::ConfirmationSent) => {
            // An explicit fragment: the browser would otherwise keep the form's `#apply-error`.
            return Redirect::to(&format!("/careers/{slug}/applied?next=confirm#main"))
                .into_response();
        }
        Ok(Outcome::Received | Outcome::Ignored) => {
            return Redirect::to(&format!("/careers/{slug}/applied#main")).into_response();
        }
        Err(error) => error,
    };
    let job = match published::by_slug(&state.db, &slug).await {
        Ok(Some(job)) => job,
        Ok(None) => return not_found(&state).await,
        Err(err) => return failure(&state, err).await,
    };
    let (status, message) = status_and_message(error);
    let form = FormState {
        form: ApplicationForm {
            resume: None,
            ..read.form
        },
        error: Some(&message),
    };
    job_response(&state, &job, &form, status).await
}

/// The status and words of an error, with the cause of an internal one logged, not shown.
fn status_and_message(error: Error) -> (StatusCode, String) {
    let message = match &error {
        Error::Database(_) | Error::Internal(_) => "Something went wrong. Please try again.".into(),
        other => other.to_string(),
    };
    (error.into_response().status(), message)
}

/// `next=confirm` when the application waits for its confirmation e-mail.
#[derive(Deserialize)]
pub struct AppliedQuery {
    #[serde(default)]
    next: String,
}

#[derive(Template)]
#[template(path = "careers/applied.html")]
struct AppliedPage<'a> {
    head: Head<'a>,
    job_title: &'a str,
    /// The application waits for its confirmation e-mail.
    confirm: bool,
}

pub async fn applied_page(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(query): Query<AppliedQuery>,
) -> Response {
    let job = match published::by_slug(&state.db, &slug).await {
        Ok(Some(job)) => job,
        Ok(None) => return not_found(&state).await,
        Err(err) => return failure(&state, err).await,
    };
    let url = format!("{}/applied", postings::page_url(&state, &job.slug));
    let template = AppliedPage {
        head: head(
            &state,
            "Application sent",
            "Your application was sent.",
            &url,
        )
        .await,
        job_title: &job.jdname,
        confirm: query.next == "confirm",
    };
    (no_index(), page(StatusCode::OK, &template)).into_response()
}

#[derive(Template)]
#[template(path = "careers/confirm.html")]
struct ConfirmPage<'a> {
    head: Head<'a>,
    job_title: &'a str,
    file_name: &'a str,
}

pub async fn confirm_page(
    State(state): State<AppState>,
    Path((slug, token)): Path<(String, String)>,
) -> Response {
    let held = match reapply::find(&state, &slug, &token).await {
        Ok(Some(held)) => held,
        Ok(None) => return link_gone(&state).await,
        Err(err) => return failure(&state, err).await,
    };
    let url = reapply::confirm_link(&state, &slug, &token);
    let template = ConfirmPage {
        head: head(
            &state,
            "Confirm your application",
            "Confirm your new application.",
            &url,
        )
        .await,
        job_title: &held.jdname,
        file_name: &held.file_name,
    };
    (no_index(), page(StatusCode::OK, &template)).into_response()
}

#[derive(Template)]
#[template(path = "careers/updated.html")]
struct UpdatedPage<'a> {
    head: Head<'a>,
    job_title: &'a str,
}

pub async fn confirm_submit(
    State(state): State<AppState>,
    Path((slug, token)): Path<(String, String)>,
) -> Response {
    match reapply::confirm(&state, &slug, &token).await {
        Ok(held) => {
            let url = reapply::confirm_link(&state, &slug, &token);
            let template = UpdatedPage {
                head: head(
                    &state,
                    "Application updated",
                    "Your application is updated.",
                    &url,
                )
                .await,
                job_title: &held.jdname,
            };
            (no_index(), page(StatusCode::OK, &template)).into_response()
        }
        Err(Error::NotFound { .. }) => link_gone(&state).await,
        Err(err) => failure(&state, err).await,
    }
}

#[derive(Template)]
#[template(path = "careers/link_gone.html")]
struct LinkGonePage<'a> {
    head: Head<'a>,
}

async fn link_gone(state: &AppState) -> Response {
    let url = careers_url(state);
    let template = LinkGonePage {
        head: head(state, "Link expired", "This link has expired.", &url).await,
    };
    (no_index(), page(StatusCode::NOT_FOUND, &template)).into_response()
}

/// Pages only one person should land on stay out of search results.
fn no_index() -> [(header::HeaderName, &'static str); 1] {
    [(header::HeaderName::from_static("x-robots-tag"), "noindex")]
}

#[derive(Template)]
#[template(path = "careers/not_found.html")]
struct NotFoundPage<'a> {
    head: Head<'a>,
}

/// An unknown, unpublished or binned job: a 404 that says so and leads to the open jobs (the
/// app's '404 - Invalid URL' offered a candidate no way on).
async fn not_found(state: &AppState) -> Response {
    let url = careers_url(state);
    let template = NotFoundPage {
        head: head(state, "Job not found", "This job is not open.", &url).await,
    };
    (no_index(), page(StatusCode::NOT_FOUND, &template)).into_response()
}

#[derive(Template)]
#[template(path = "careers/failure.html")]
struct FailurePage<'a> {
    head: Head<'a>,
    message: &'a str,
}

pub(super) async fn failure(state: &AppState, err: Error) -> Response {
    let (status, message) = status_and_message(err);
    let url = careers_url(state);
    let template = FailurePage {
        head: head(state, "Something went wrong", &message, &url).await,
        message: &message,
    };
    page(status, &template)
}
