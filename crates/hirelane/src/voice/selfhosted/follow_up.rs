//! An interviewer that listens: when an answer to a scripted question misses most of what the
//! recruiter said a strong answer covers, or is very short, the interviewer asks one follow-up
//! built from what is missing ("You mentioned X. How would you handle Y?"; the `assess` crate
//! words it), once per question and only when the interview has time left for it. A question
//! without key points, or an answer nobody heard, gets none: the interview runs as scripted.
//!
//! The reply is part of the answer: the grader takes every candidate turn up to the next
//! scripted question (`conclusions/grading`), so what the follow-up brings out is counted.

use assess::Rubric;

use super::plan::{Step, StepKind};
use super::runtime::Session;
use crate::voice::conclusions::grading::grader;

/// What asking a follow-up and hearing its answer takes, at most; a follow-up is asked only
/// when at least this much of the interview's length is left.
const FOLLOW_UP_SECONDS: f64 = 60.0;

/// After the answer to scripted question `n` (the session's current step): puts a follow-up
/// next in the plan when the answer calls for one.
pub(super) async fn consider(session: &tokio::sync::Mutex<Session>, n: usize) {
    let Some((rubric, answer)) = wanted(&*session.lock().await, n) else {
        return;
    };
    let asked = rubric.clone();
    // Grading one answer with the embedding model takes tens of milliseconds of CPU.
    let follow_up = tokio::task::spawn_blocking(move || {
        let grade = grader().grade(&asked, &answer).ok()?;
        assess::follow_up(&asked, &grade)
    })
    .await;
    let follow_up = match follow_up {
        Ok(Some(follow_up)) => follow_up,
        Ok(None) => return,
        Err(e) => {
            tracing::error!(error = %e, "self-hosted interview: the follow-up check failed");
            return;
        }
    };
    let mut s = session.lock().await;
    // The session moved on meanwhile (a reconnect, the length cap): ask nothing out of place.
    let state = &mut s.state;
    if state.followed_up[n - 1]
        || state.plan.steps.get(state.step).map(|st| &st.kind) != Some(&StepKind::Question(n))
    {
        return;
    }
    state.followed_up[n - 1] = true;
    let at = state.step + 1;
    state.plan.steps.insert(
        at,
        Step {
            kind: StepKind::FollowUp(n),
            text: follow_up.question,
            listen: true,
        },
    );
    tracing::info!(question = n, rubric = %rubric.question, "self-hosted interview: a follow-up is asked");
}

/// The rubric and the answer to grade, when a follow-up is possible at all.
fn wanted(session: &Session, n: usize) -> Option<(Rubric, String)> {
    let s = &session.state;
    let points = s.key_points.get(n - 1).filter(|p| !p.is_empty())?;
    let answer = s.answers.get(n - 1).filter(|a| !a.trim().is_empty())?;
    let time_left = s.max_seconds - session.recording.seconds();
    if s.followed_up[n - 1] || time_left < FOLLOW_UP_SECONDS {
        return None;
    }
    Some((
        Rubric {
            question: s.plan.questions.get(n - 1)?.clone(),
            reference: None,
            key_points: points.clone(),
        },
        answer.clone(),
    ))
}
