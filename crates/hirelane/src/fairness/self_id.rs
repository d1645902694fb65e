//! Voluntary self-identification: the questions a deployment asks (its category set), a
//! candidate's answers, checked against that set, and where they are kept.
//!
//! The answers live in their own table and only three things touch it: the candidate (on the
//! application form and their own page), erasure (the row goes with the candidate) and the
//! aggregate bias audit. No recruiter-facing query joins it, and no scorer's input type has a
//! field it could go into.

use audit::{Category, CategorySet, DECLINED};
use hirelane_core::clock::to_millis;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::CategoryChoice;
use crate::error::{Error, ErrorCode, Result};
use crate::store::Db;
use crate::{execute, fetch_as};

/// The deployment's category set, or `None` when self-identification is off.
pub fn category_set(choice: CategoryChoice) -> Option<&'static CategorySet> {
    choice.set_id().and_then(audit::set)
}

/// A candidate's answers, as codes of the category set; `None` is a question left blank,
/// `declined` is "I prefer not to say".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answers {
    #[serde(default)]
    pub sex: Option<String>,
    #[serde(default)]
    pub race: Option<String>,
}

impl Answers {
    /// Blank strings (an unanswered select on a form) read as no answer.
    pub fn from_form(sex: &str, race: &str) -> Answers {
        let answer = |raw: &str| Some(raw.trim().to_owned()).filter(|v| !v.is_empty());
        Answers {
            sex: answer(sex),
            race: answer(race),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.sex.is_none() && self.race.is_none()
    }

    /// Refuses a code outside the set (or any answer when nothing is asked).
    pub fn check(&self, set: Option<&CategorySet>) -> Result<()> {
        if self.is_empty() {
            return Ok(());
        }
        let refused = || {
            Error::bad_request(
                ErrorCode::Validation,
                "Choose one of the listed answers, or leave the question blank.",
            )
        };
        let set = set.ok_or_else(refused)?;
        set.validate(self.sex.as_deref(), self.race.as_deref())
            .map_err(|_| refused())
    }
}

/// One question with its answers, "I prefer not to say" last.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// `sex` or `race`: the field of [`Answers`] it fills.
    pub key: &'static str,
    pub label: &'static str,
    pub options: Vec<Choice>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Choice {
    pub code: &'static str,
    pub label: &'static str,
}

/// The questions of a category set, in the order a form shows them.
pub fn questions(set: &CategorySet) -> Vec<Question> {
    let options = |list: &'static [Category]| {
        list.iter()
            .chain(std::iter::once(&DECLINED))
            .map(|c| Choice {
                code: c.code,
                label: c.label,
            })
            .collect()
    };
    let mut questions = vec![Question {
        key: "sex",
        label: "Sex",
        options: options(set.sex),
    }];
    if !set.race.is_empty() {
        questions.push(Question {
            key: "race",
            label: set.race_question,
            options: options(set.race),
        });
    }
    questions
}

/// Stores a candidate's answers in `set`, replacing earlier ones; no answers at all removes
/// the row. Checked here too, so no caller can store a code the set does not have.
pub async fn save(
    db: &Db,
    candidate_id: i64,
    set: &CategorySet,
    answers: &Answers,
    now: Timestamp,
) -> Result<()> {
    answers.check(Some(set))?;
    if answers.is_empty() {
        return delete(db, candidate_id).await;
    }
    execute!(
        db,
        "INSERT INTO self_identifications (candidate_id, category_set, sex, race, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (candidate_id) DO UPDATE SET category_set = excluded.category_set,
             sex = excluded.sex, race = excluded.race, updated_at = excluded.updated_at",
        (
            candidate_id,
            set.id,
            &answers.sex,
            &answers.race,
            to_millis(now)
        )
    )?;
    Ok(())
}

/// The candidate's answers, if they gave any in `set` (answers in a set the deployment no
/// longer asks are not shown back as if they answered today's questions).
pub async fn of_candidate(db: &Db, candidate_id: i64, set: &CategorySet) -> Result<Answers> {
    Ok(stored(db, candidate_id)
        .await?
        .filter(|kept| kept.category_set == set.id)
        .map(|kept| kept.answers)
        .unwrap_or_default())
}

/// Answers as kept, with the set they were given in.
pub struct Stored {
    pub category_set: String,
    pub answers: Answers,
    pub updated_at: i64,
}

/// The stored row, whatever set it was answered in: for the candidate's own data export.
pub async fn stored(db: &Db, candidate_id: i64) -> Result<Option<Stored>> {
    let row: Option<(String, Option<String>, Option<String>, i64)> = fetch_as!(
        db,
        fetch_optional,
        "SELECT category_set, sex, race, updated_at FROM self_identifications
         WHERE candidate_id = $1",
        (candidate_id)
    )?;
    Ok(row.map(|(category_set, sex, race, updated_at)| Stored {
        category_set,
        answers: Answers { sex, race },
        updated_at,
    }))
}

pub async fn delete(db: &Db, candidate_id: i64) -> Result<()> {
    execute!(
        db,
        "DELETE FROM self_identifications WHERE candidate_id = $1",
        (candidate_id)
    )?;
    Ok(())
}
