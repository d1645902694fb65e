//! The public job pages, rendered on the server so that search engines and link previews read
//! them and applying works without any script: `/careers` (open jobs), `/careers/{slug}` (the
//! job and its application form), the page after applying, and the confirmation of a second
//! application. Unknown, unpublished or binned jobs answer 404 with the app's not-found page.
//! `app.rs` mounts them beside the API: they are pages, not part of the API document.

use axum::extract::{Multipart, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

use super::applications::Notice;
use super::apply::{self, ApplicationForm, MAX_NOTE, Outcome};
use super::html::{self, Head, Organization};
use super::postings;
use super::published::{self, PublishedJob};
use super::reapply;
use super::self_identification;
use crate::error::Error;
use crate::fairness::self_id;
use crate::http::ClientIp;
use crate::jobs::rules::key_skills;
use crate::jobs::sanitize::{plain_text, sanitize};
use crate::mail::escape;
use crate::state::AppState;

fn careers_url(state: &AppState) -> String {
    format!("{}/careers", state.settings.public_url())
}

fn organization(state: &AppState) -> Organization<'_> {
    let careers = &state.settings.careers;
    Organization {
        name: &careers.organization_name,
        url: [&careers.organization_url, &state.settings.server.public_url]
            .into_iter()
            .filter_map(|url| url.as_deref().map(str::trim))
            .find(|url| !url.is_empty()),
    }
}

/// A page of ours, with the site's head.
pub(super) fn render(
    state: &AppState,
    title: &str,
    description: &str,
    url: &str,
    body: &str,
) -> String {
    let head = Head {
        title,
        description,
        url,
        site_name: &state.settings.careers.organization_name,
        structured_data: None,
    };
    html::page(&head, &careers_url(state), body)
}

/// The open jobs, newest first.
pub async fn jobs_page(State(state): State<AppState>) -> Response {
    let jobs = match published::all(&state.db).await {
        Ok(jobs) => jobs,
        Err(err) => return failure(&state, err),
    };
    let today = state.today();
    let open: Vec<&PublishedJob> = jobs.iter().filter(|job| job.is_open(today)).collect();
    let org = &state.settings.careers.organization_name;
    let mut body = format!("<h1>Jobs at {}</h1>", escape(org));
    if open.is_empty() {
        body.push_str(
            "<p class=\"card\">There are no open jobs right now. Please check back soon.</p>",
        );
    } else {
        body.push_str(&format!(
            "<p class=\"muted\">{} open {}</p><ul class=\"jobs\">",
            open.len(),
            if open.len() == 1 { "job" } else { "jobs" }
        ));
        for job in open {
            let posted = html::posted_on(job, &state.time_zone)
                .map(|d| format!(" · Posted {}", html::long_date(d)))
                .unwrap_or_default();
            body.push_str(&format!(
                "<li class=\"card\"><a href=\"/careers/{slug}\">{title}</a>\
                 <p class=\"muted small\">{place}{posted}</p></li>",
                slug = escape(&job.slug),
                title = escape(&job.jdname),
                place = escape(&html::place_line(job)),
                posted = escape(&posted),
            ));
        }
        body.push_str("</ul>");
    }
    let title = format!("Jobs at {org}");
    let description = format!("Open jobs at {org}. Apply online in a few minutes.");
    Html(render(
        &state,
        &title,
        &description,
        &careers_url(&state),
        &body,
    ))
    .into_response()
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
        Ok(Some(job)) => job_response(&state, &job, &FormState::default(), StatusCode::OK),
        Ok(None) => not_found(&state).await,
        Err(err) => failure(&state, err),
    }
}

fn job_response(
    state: &AppState,
    job: &PublishedJob,
    form: &FormState<'_>,
    status: StatusCode,
) -> Response {
    let description_html = sanitize(&job.jddescription);
    let description_text = plain_text(&description_html);
    let url = postings::page_url(state, &job.slug);
    let organization = organization(state);
    let head = Head {
        title: &format!("{} at {}", job.jdname, organization.name),
        description: &html::summary(&description_text, 160),
        url: &url,
        site_name: organization.name,
        structured_data: Some(html::job_posting(
            job,
            &description_html,
            &organization,
            &state.time_zone,
        )),
    };
    let body = job_body(state, job, &description_html, form);
    (status, Html(html::page(&head, &careers_url(state), &body))).into_response()
}

fn job_body(
    state: &AppState,
    job: &PublishedJob,
    description_html: &str,
    form: &FormState<'_>,
) -> String {
    let mut body = format!(
        "<p class=\"small\"><a href=\"/careers\">All jobs</a></p><h1>{}</h1>\
         <p class=\"muted\">{}</p>",
        escape(&job.jdname),
        escape(&html::place_line(job))
    );
    let mut dates = Vec::new();
    if let Some(posted) = html::posted_on(job, &state.time_zone) {
        dates.push(format!("Posted {}", html::long_date(posted)));
    }
    let last = job
        .apply_last_date
        .as_deref()
        .and_then(|d| d.parse::<jiff::civil::Date>().ok());
    if let Some(last) = last {
        dates.push(format!("Apply by {}", html::long_date(last)));
    }
    if !dates.is_empty() {
        body.push_str(&format!(
            "<p class=\"muted small\">{}</p>",
            escape(&dates.join(" · "))
        ));
    }
    let open = job.is_open(state.today());
    if !open {
        body.push_str(&format!(
            "<p class=\"alert\" role=\"status\">This job is closed: applications ended on {}.</p>",
            escape(&last.map(html::long_date).unwrap_or_default())
        ));
    }
    if !plain_text(description_html).trim().is_empty() {
        body.push_str(&format!(
            "<h2>About the job</h2><div class=\"description\">{description_html}</div>"
        ));
    }
    let skills = key_skills(&job.key_skills);
    if !skills.is_empty() {
        body.push_str("<h2>Key skills</h2><ul class=\"chips\">");
        for skill in skills {
            body.push_str(&format!("<li>{}</li>", escape(skill)));
        }
        body.push_str("</ul>");
    }
    let experience: Vec<&str> = job
        .experience
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if !experience.is_empty() {
        body.push_str("<h2>Experience</h2><ul>");
        for line in experience {
            body.push_str(&format!("<li>{}</li>", escape(line)));
        }
        body.push_str("</ul>");
    }
    if open {
        body.push_str(&application_form(state, job, form));
    }
    body
}

fn application_form(state: &AppState, job: &PublishedJob, state_of_form: &FormState<'_>) -> String {
    let notice = Notice::current(&state.settings.careers);
    let form = &state_of_form.form;
    let error = state_of_form
        .error
        .map(|message| {
            format!(
                "<p class=\"alert\" role=\"alert\" id=\"apply-error\" tabindex=\"-1\">{}</p>",
                escape(message)
            )
        })
        .unwrap_or_default();
    let described = if state_of_form.error.is_some() {
        " aria-describedby=\"apply-error\""
    } else {
        ""
    };
    let max_mb = state.settings.uploads.max_file_mb;
    let reattach = if state_of_form.error.is_some() {
        " Attach it again: browsers do not keep a chosen file after sending."
    } else {
        ""
    };
    format!(
        "<section id=\"apply\" class=\"card\" aria-labelledby=\"apply-title\">\
         <h2 id=\"apply-title\">Apply for this job</h2>{error}\
         <form method=\"post\" action=\"/careers/{slug}#apply-error\" enctype=\"multipart/form-data\"{described}>\
         <label for=\"fullName\">Full name</label>\
         <input type=\"text\" id=\"fullName\" name=\"fullName\" required maxlength=\"200\" autocomplete=\"name\" value=\"{name}\">\
         <label for=\"email\">E-mail</label>\
         <input type=\"email\" id=\"email\" name=\"email\" required maxlength=\"254\" autocomplete=\"email\" value=\"{email}\">\
         <label for=\"phone\">Phone</label>\
         <input type=\"tel\" id=\"phone\" name=\"phone\" required maxlength=\"40\" autocomplete=\"tel\" value=\"{phone}\">\
         <label for=\"resume\">Resume <span class=\"hint\">PDF or DOCX, up to {max_mb} MB.{reattach}</span></label>\
         <input type=\"file\" id=\"resume\" name=\"resume\" required accept=\".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document\">\
         <label for=\"note\">Note <span class=\"hint\">(optional, up to {MAX_NOTE} characters)</span></label>\
         <textarea id=\"note\" name=\"note\" maxlength=\"{MAX_NOTE}\">{note}</textarea>\
         <div class=\"hp\" aria-hidden=\"true\"><label for=\"website\">Website</label>\
         <input type=\"text\" id=\"website\" name=\"website\" tabindex=\"-1\" autocomplete=\"off\"></div>\
         {self_id}\
         <h3 class=\"small\">Privacy notice</h3><p class=\"notice\">{privacy}</p>\
         <p class=\"notice ai\"><strong>How we screen:</strong> {ai} <a href=\"/how-we-score\">How we score applications</a></p>\
         <label class=\"check\"><input type=\"checkbox\" name=\"consent\" required{checked}> \
         <span>I have read the privacy notice and agree to my data being used to consider my application.</span></label>\
         <button type=\"submit\">Submit application</button>\
         </form></section>",
        slug = escape(&job.slug),
        name = escape(&form.full_name),
        email = escape(&form.email),
        phone = escape(&form.phone),
        note = escape(&form.note),
        privacy = escape(&notice.privacy),
        ai = escape(&notice.ai),
        checked = if form.consent { " checked" } else { "" },
        self_id = self_id_fields(state, form),
    )
}

/// The voluntary self-identification questions, each a select whose first choice is no answer;
/// nothing when the deployment does not ask.
fn self_id_fields(state: &AppState, form: &ApplicationForm) -> String {
    let Some(set) = self_id::category_set(state.settings.fairness.self_identification) else {
        return String::new();
    };
    let mut html = format!(
        "<fieldset class=\"self-id\"><legend>Voluntary self-identification \
         <span class=\"hint\">(optional)</span></legend><p class=\"notice\">{}</p>",
        escape(self_identification::EXPLANATION)
    );
    for question in self_id::questions(set) {
        let given = if question.key == "sex" {
            &form.sex
        } else {
            &form.race
        };
        let options: String = question
            .options
            .iter()
            .map(|choice| {
                let selected = if *given == choice.code {
                    " selected"
                } else {
                    ""
                };
                format!(
                    "<option value=\"{}\"{selected}>{}</option>",
                    escape(choice.code),
                    escape(choice.label)
                )
            })
            .collect();
        html.push_str(&format!(
            "<label for=\"{key}\">{label}</label><select id=\"{key}\" name=\"{key}\">\
             <option value=\"\">No answer</option>{options}</select>",
            key = escape(question.key),
            label = escape(question.label),
        ));
    }
    html.push_str("</fieldset>");
    html
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
        Err(err) => return failure(&state, err),
    };
    let (status, message) = status_and_message(error);
    let form = FormState {
        form: ApplicationForm {
            resume: None,
            ..read.form
        },
        error: Some(&message),
    };
    job_response(&state, &job, &form, status)
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

pub async fn applied_page(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(query): Query<AppliedQuery>,
) -> Response {
    let job = match published::by_slug(&state.db, &slug).await {
        Ok(Some(job)) => job,
        Ok(None) => return not_found(&state).await,
        Err(err) => return failure(&state, err),
    };
    let message = if query.next == "confirm" {
        "<h1>Check your e-mail</h1><p class=\"success\" role=\"status\">You have applied for this \
         job with this e-mail address before. We sent you a link: your new application replaces \
         the earlier one once you confirm it.</p>"
    } else {
        "<h1>Thank you for applying</h1><p class=\"success\" role=\"status\">We received your \
         application. A confirmation is on its way to your e-mail, with a link where you can \
         follow your application.</p>"
    };
    let body = format!(
        "{message}<p>You applied for <strong>{title}</strong>.</p>\
         <p><a href=\"/careers\">See all jobs</a></p>",
        title = escape(&job.jdname)
    );
    let url = format!("{}/applied", postings::page_url(&state, &job.slug));
    let page = render(
        &state,
        "Application sent",
        "Your application was sent.",
        &url,
        &body,
    );
    (no_index(), Html(page)).into_response()
}

pub async fn confirm_page(
    State(state): State<AppState>,
    Path((slug, token)): Path<(String, String)>,
) -> Response {
    let held = match reapply::find(&state, &slug, &token).await {
        Ok(Some(held)) => held,
        Ok(None) => return link_gone(&state),
        Err(err) => return failure(&state, err),
    };
    let body = format!(
        "<h1>Update your application</h1><p>You applied again for <strong>{title}</strong> \
         with the resume <strong>{file}</strong>. Confirm to replace your earlier application \
         with it; your earlier resume stays on record.</p>\
         <form method=\"post\"><button type=\"submit\">Confirm my new application</button></form>",
        title = escape(&held.jdname),
        file = escape(&held.file_name),
    );
    let url = reapply::confirm_link(&state, &slug, &token);
    let page = render(
        &state,
        "Confirm your application",
        "Confirm your new application.",
        &url,
        &body,
    );
    (no_index(), Html(page)).into_response()
}

pub async fn confirm_submit(
    State(state): State<AppState>,
    Path((slug, token)): Path<(String, String)>,
) -> Response {
    match reapply::confirm(&state, &slug, &token).await {
        Ok(held) => {
            let body = format!(
                "<h1>Your application is updated</h1><p class=\"success\" role=\"status\">Your \
                 new resume for <strong>{}</strong> replaced the earlier one.</p>\
                 <p><a href=\"/careers\">See all jobs</a></p>",
                escape(&held.jdname)
            );
            let url = reapply::confirm_link(&state, &slug, &token);
            let page = render(
                &state,
                "Application updated",
                "Your application is updated.",
                &url,
                &body,
            );
            (no_index(), Html(page)).into_response()
        }
        Err(Error::NotFound { .. }) => link_gone(&state),
        Err(err) => failure(&state, err),
    }
}

fn link_gone(state: &AppState) -> Response {
    let body = "<h1>This link has expired</h1><p>It was already used, or it is more than a week \
                old. If you want to update your application, apply again from the job's page.</p>\
                <p><a href=\"/careers\">See all jobs</a></p>";
    let page = render(
        state,
        "Link expired",
        "This link has expired.",
        &careers_url(state),
        body,
    );
    (StatusCode::NOT_FOUND, no_index(), Html(page)).into_response()
}

/// Pages only one person should land on stay out of search results.
fn no_index() -> [(header::HeaderName, &'static str); 1] {
    [(header::HeaderName::from_static("x-robots-tag"), "noindex")]
}

/// The app's own not-found page (its shell shows '404 - Invalid URL'), with a 404 status.
async fn not_found(state: &AppState) -> Response {
    let index = state.settings.web.dist_dir.join("index.html");
    match tokio::fs::read_to_string(&index).await {
        Ok(shell) => (StatusCode::NOT_FOUND, Html(shell)).into_response(),
        Err(_) => (StatusCode::NOT_FOUND, Html("<h1>404 - Invalid URL</h1>")).into_response(),
    }
}

pub(super) fn failure(state: &AppState, err: Error) -> Response {
    let (status, message) = status_and_message(err);
    let body = format!(
        "<h1>Something went wrong</h1><p class=\"alert\" role=\"alert\">{}</p>",
        escape(&message)
    );
    let page = render(
        state,
        "Something went wrong",
        &message,
        &careers_url(state),
        &body,
    );
    (status, Html(page)).into_response()
}
