//! A person's copy of the data we hold about them (a data-protection access request, served
//! from their own page): every candidacy with their address, in any JD, as `data.json`, with
//! their current and earlier resumes beside it. It reads every domain's tables the way the
//! erasure deletes from them, so the two cover the same rows.

use std::io::Write;

use hirelane_core::clock::{from_millis, to_iso};
use serde_json::{Value, json};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use super::organisation;
use crate::activity::feed::summary;
use crate::activity::log::EventKind;
use crate::error::{Error, Result};
use crate::fairness::self_id;
use crate::fetch_as;
use crate::pipeline::stages;
use crate::state::AppState;
use crate::store::Db;

/// One candidacy's row, as the export reads it.
#[derive(sqlx::FromRow)]
struct Candidacy {
    id: i64,
    jdname: String,
    source: String,
    candidate_name: String,
    candidate_email: String,
    candidate_phone: String,
    created_on: i64,
    stage: String,
    stage_reason: Option<String>,
    file_key: Option<String>,
    file_name: Option<String>,
    resume_text: Option<String>,
    ats_score: Option<i64>,
    skills_match: Option<i64>,
    recommendation: Option<String>,
    scoring_version: Option<String>,
}

/// The ZIP of everything held about `email`. `candidate_id` is the candidacy the request came
/// from (named in the archive's note).
pub async fn archive(state: &AppState, email: &str, candidate_id: i64) -> Result<Vec<u8>> {
    let db = &state.db;
    let rows: Vec<Candidacy> = fetch_as!(
        db,
        fetch_all,
        "SELECT c.id, j.jdname, c.source, c.candidate_name, c.candidate_email,
            c.candidate_phone, c.created_on, c.stage, c.stage_reason, c.file_key, c.file_name,
            c.resume_text, c.ats_score, c.skills_match, c.recommendation, c.scoring_version
         FROM candidates c JOIN jobs j ON j.id = c.job_id
         WHERE ($1 <> '' AND c.candidate_email = $1) OR c.id = $2 ORDER BY c.id",
        (email, candidate_id)
    )?;
    let mut files: Vec<(String, String)> = Vec::new();
    let mut candidacies = Vec::with_capacity(rows.len());
    for row in &rows {
        candidacies.push(candidacy(db, row, &mut files).await?);
    }
    let organization = organisation::name(state).await;
    let data = json!({
        "exportedAt": to_iso(state.clock.now()),
        "organization": organization,
        "email": email,
        "note": "Everything we hold about this e-mail address: each job you applied to or were \
                 considered for, what you sent, how your resume was scored, your interviews and \
                 what the hiring team recorded. Your resumes are in files/. Interview recordings \
                 are kept by the voice provider; ask us for them.",
        "candidacies": candidacies,
    });
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default();
    let json = serde_json::to_vec_pretty(&data).map_err(|e| Error::Internal(e.into()))?;
    add(&mut zip, "data.json", &json, options)?;
    for (key, name) in &files {
        match state.files.get(key).await {
            Ok(Some(bytes)) => add(&mut zip, name, &bytes, options)?,
            Ok(None) => tracing::warn!(key, "export: a resume file is missing"),
            Err(err) => return Err(Error::Internal(err.into())),
        }
    }
    let cursor = zip.finish().map_err(|e| Error::Internal(e.into()))?;
    Ok(cursor.into_inner())
}

fn add(
    zip: &mut ZipWriter<std::io::Cursor<Vec<u8>>>,
    name: &str,
    bytes: &[u8],
    options: SimpleFileOptions,
) -> Result<()> {
    zip.start_file(name, options)
        .map_err(|e| Error::Internal(e.into()))?;
    zip.write_all(bytes).map_err(|e| Error::Internal(e.into()))
}

/// A file's place in the archive: numbered, so two `resume.pdf`s do not collide.
fn archive_name(files: &[(String, String)], name: &str) -> String {
    let safe = crate::candidates::intake::checks::safe_file_name(name);
    format!("files/{}-{safe}", files.len() + 1)
}

async fn candidacy(db: &Db, row: &Candidacy, files: &mut Vec<(String, String)>) -> Result<Value> {
    let resume = match (&row.file_key, &row.file_name) {
        (Some(key), Some(name)) => {
            let file = archive_name(files, name);
            files.push((key.clone(), file.clone()));
            json!({ "fileName": name, "file": file })
        }
        _ => Value::Null,
    };
    let history: Vec<(String, String, i64)> = fetch_as!(
        db,
        fetch_all,
        "SELECT file_key, file_name, replaced_on FROM resume_history
         WHERE candidate_id = $1 ORDER BY id",
        (row.id)
    )?;
    let mut earlier = Vec::with_capacity(history.len());
    for (key, name, replaced) in history {
        let file = archive_name(files, &name);
        files.push((key, file.clone()));
        earlier.push(json!({ "fileName": name, "replacedAt": iso(replaced), "file": file }));
    }
    Ok(json!({
        "job": row.jdname,
        "source": row.source,
        "name": row.candidate_name,
        "email": row.candidate_email,
        "phone": row.candidate_phone,
        "addedAt": iso(row.created_on),
        "stage": stages::label(&row.stage),
        "stageReason": row.stage_reason,
        "application": application(db, row.id).await?,
        "resume": resume,
        "earlierResumes": earlier,
        "resumeText": row.resume_text,
        "atsAssessment": row.ats_score.map(|score| json!({
            "atsScore": score,
            "skillsMatch": row.skills_match,
            "recommendation": row.recommendation,
            "scoringVersion": row.scoring_version,
        })),
        "interview": interview(db, row.id).await?,
        "interviewCalls": calls(db, row.id).await?,
        "scorecards": scorecards(db, row.id).await?,
        "timeline": timeline(db, row.id).await?,
        "selfIdentification": self_identification(db, row.id).await?,
    }))
}

/// The candidate's own self-identification answers, as stored (codes of the set they answered
/// in): this archive goes to them alone.
async fn self_identification(db: &Db, id: i64) -> Result<Value> {
    Ok(self_id::stored(db, id).await?.map_or(Value::Null, |kept| {
        json!({
            "categorySet": kept.category_set,
            "sex": kept.answers.sex,
            "race": kept.answers.race,
            "updatedAt": iso(kept.updated_at),
        })
    }))
}

fn iso(ms: i64) -> String {
    to_iso(from_millis(ms))
}

async fn application(db: &Db, id: i64) -> Result<Value> {
    Ok(super::applications::of_candidate(db, id)
        .await?
        .map_or(Value::Null, |a| {
            json!({
                "note": a.note,
                "appliedAt": iso(a.first_applied_at),
                "timesApplied": a.times_applied,
                "consentVersion": a.consent_version,
                "consentText": a.consent_text,
                "consentedAt": iso(a.consented_at),
            })
        }))
}

async fn interview(db: &Db, id: i64) -> Result<Value> {
    #[derive(sqlx::FromRow)]
    struct Invite {
        state: String,
        invited_at: i64,
        interview_at: Option<i64>,
        time_zone: Option<String>,
        details: Option<String>,
        completed_at: Option<i64>,
    }
    let invite: Option<Invite> = fetch_as!(
        db,
        fetch_optional,
        "SELECT state, invited_at, interview_at, time_zone, details, completed_at
         FROM interview_invites WHERE candidate_id = $1",
        (id)
    )?;
    Ok(invite.map_or(Value::Null, |i| {
        json!({
            "state": i.state,
            "invitedAt": iso(i.invited_at),
            "interviewAt": i.interview_at.map(iso),
            "timeZone": i.time_zone,
            "detailsYouGave": i.details.and_then(|d| serde_json::from_str::<Value>(&d).ok()),
            "completedAt": i.completed_at.map(iso),
        })
    }))
}

async fn calls(db: &Db, id: i64) -> Result<Vec<Value>> {
    #[derive(sqlx::FromRow)]
    struct Call {
        id: String,
        started_at: Option<i64>,
        ended_at: Option<i64>,
        transcript: Option<String>,
        summary: Option<String>,
        interview_status: Option<String>,
        technical_score: Option<i64>,
        communication_score: Option<i64>,
        problem_solving_score: Option<i64>,
        cultural_fit_score: Option<i64>,
        recording_url: Option<String>,
        grading: Option<String>,
    }
    let rows: Vec<Call> = fetch_as!(
        db,
        fetch_all,
        "SELECT v.id, v.started_at, v.ended_at, v.transcript, v.summary, v.interview_status,
            v.technical_score, v.communication_score, v.problem_solving_score,
            v.cultural_fit_score, v.recording_url, g.grading
         FROM voice_calls v
         LEFT JOIN answer_gradings g ON g.call_id = v.id
         WHERE v.invite_id IN (SELECT i.id FROM interview_invites i WHERE i.candidate_id = $1)
            OR v.id = (SELECT c.call_id FROM candidates c WHERE c.id = $1)
         ORDER BY v.created_at",
        (id)
    )?;
    Ok(rows
        .into_iter()
        .map(|c| {
            json!({
                "id": c.id,
                "startedAt": c.started_at.map(iso),
                "endedAt": c.ended_at.map(iso),
                "transcript": c.transcript,
                "summary": c.summary,
                "outcome": c.interview_status,
                "scores": {
                    "technical": c.technical_score,
                    "communication": c.communication_score,
                    "problemSolving": c.problem_solving_score,
                    "culturalFit": c.cultural_fit_score,
                },
                "recordingKeptByVoiceProvider": c.recording_url.is_some(),
                // Our grader's grade of each answer, with the points it was graded against and
                // the words that covered them (the scores above are the provider's).
                "answerGrades": c
                    .grading
                    .as_deref()
                    .and_then(|g| serde_json::from_str::<Value>(g).ok()),
            })
        })
        .collect())
}

async fn scorecards(db: &Db, id: i64) -> Result<Vec<Value>> {
    #[derive(sqlx::FromRow)]
    struct Card {
        full_name: String,
        technical: i64,
        communication: i64,
        problem_solving: i64,
        culture: i64,
        recommendation: String,
        notes: String,
        updated_at: i64,
    }
    let rows: Vec<Card> = fetch_as!(
        db,
        fetch_all,
        "SELECT r.full_name, s.technical, s.communication, s.problem_solving, s.culture,
            s.recommendation, s.notes, s.updated_at
         FROM scorecards s JOIN recruiters r ON r.id = s.recruiter_id
         WHERE s.candidate_id = $1 ORDER BY s.id",
        (id)
    )?;
    Ok(rows
        .into_iter()
        .map(|c| {
            json!({
                "by": c.full_name,
                "technical": c.technical,
                "communication": c.communication,
                "problemSolving": c.problem_solving,
                "culture": c.culture,
                "recommendation": crate::pipeline::scorecards::recommendation_label(&c.recommendation),
                "notes": c.notes,
                "updatedAt": iso(c.updated_at),
            })
        })
        .collect())
}

async fn timeline(db: &Db, id: i64) -> Result<Vec<Value>> {
    let rows: Vec<(i64, String, String, String)> = fetch_as!(
        db,
        fetch_all,
        "SELECT at, kind, actor_kind, detail FROM activity_events
         WHERE candidate_id = $1 ORDER BY id",
        (id)
    )?;
    rows.into_iter()
        .map(|(at, kind, actor, detail)| {
            let kind = EventKind::parse(&kind).map_err(anyhow::Error::from)?;
            let detail: Value = serde_json::from_str(&detail).unwrap_or(Value::Null);
            Ok(json!({ "at": iso(at), "what": summary(kind, &detail), "by": actor }))
        })
        .collect()
}
