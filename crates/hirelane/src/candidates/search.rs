//! Search across JDs (title, skills, description) and candidates (name, e-mail, phone, resume
//! text) with the database's full-text index: FTS5 on SQLite, weighted tsvectors on
//! PostgreSQL. Both stem words, rank a title or name hit above a mention in a body, require
//! every word and treat the last as a prefix (the word still being typed); a query that looks
//! like a phone number matches phone digits.

use std::collections::HashMap;

use super::status::Recommendation;
use crate::error::Result;
use crate::fetch_as;
use crate::store::Db;

/// At most this many JDs and candidates come back.
const MAX_JOBS: i64 = 50;
const MAX_CANDIDATES: i64 = 200;

/// The words of a query, as the indexes see them: letters and digits, lower-cased.
pub fn terms(query: &str) -> Vec<String> {
    query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(|t| t.to_lowercase().chars().take(40).collect())
        .take(8)
        .collect()
}

/// The digits of a query that looks like a phone number (at least five digits, nothing but
/// digits and phone punctuation), else `None`.
pub fn phone_digits(query: &str) -> Option<String> {
    let digits: String = query.chars().filter(char::is_ascii_digit).collect();
    let phone_like = query
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')' | '+'));
    (phone_like && digits.len() >= 5).then_some(digits)
}

/// Ids of matching JDs (outside the bin) and the matching candidates, best first.
#[derive(Debug, Default, PartialEq)]
pub struct Hits {
    pub jobs: Vec<i64>,
    pub candidates: Vec<CandidateHit>,
}

/// What a search result shows of a candidate, read in the same statement that ranks them:
/// a search answers up to [`MAX_CANDIDATES`] rows, and fetching full rows in a second query
/// cost as much as the search itself.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CandidateHit {
    pub id: i64,
    pub job_id: i64,
    pub candidate_name: String,
    pub candidate_email: String,
    pub candidate_phone: String,
    pub resume_file_id: Option<String>,
    pub file_name: Option<String>,
    pub ats_score: Option<i64>,
    pub recommendation: Option<Recommendation>,
    pub call_id: Option<String>,
}

const HIT_COLUMNS: &str = "c.id, c.job_id, c.candidate_name, c.candidate_email, c.candidate_phone,
    c.resume_file_id, c.file_name, c.ats_score, c.recommendation, c.call_id";

pub async fn search(db: &Db, query: &str) -> Result<Hits> {
    if let Some(digits) = phone_digits(query) {
        let pattern = format!("%{digits}%");
        // Both read a trigram index: SQLite's candidate_text, PostgreSQL's pg_trgm index.
        let sql = match db {
            Db::Sqlite(_) => format!(
                "SELECT {HIT_COLUMNS} FROM candidate_text t
                 JOIN candidates c ON c.id = t.rowid JOIN jobs j ON j.id = c.job_id
                 WHERE t.search_text LIKE $1 AND j.deleted_at IS NULL
                 ORDER BY c.created_on DESC LIMIT $2"
            ),
            Db::Postgres(_) => format!(
                "SELECT {HIT_COLUMNS} FROM candidates c JOIN jobs j ON j.id = c.job_id
                 WHERE j.deleted_at IS NULL AND c.search_text LIKE $1
                 ORDER BY c.created_on DESC LIMIT $2"
            ),
        };
        let candidates = fetch_as!(
            db,
            fetch_all,
            sqlx::AssertSqlSafe(sql.as_str()),
            (&pattern, MAX_CANDIDATES)
        )?;
        return Ok(Hits {
            jobs: Vec::new(),
            candidates,
        });
    }
    let words = terms(query);
    if words.is_empty() {
        return Ok(Hits::default());
    }
    Ok(match db {
        Db::Sqlite(pool) => {
            // Every word must match; quoting keeps FTS5 syntax out of words.
            let expression = fts5_expression(&words);
            let jobs = sqlx::query_scalar(
                "SELECT s.rowid FROM job_search s JOIN jobs j ON j.id = s.rowid
                 WHERE job_search MATCH $1 AND j.deleted_at IS NULL
                 ORDER BY bm25(job_search, 10.0, 4.0, 1.0), s.rowid DESC LIMIT $2",
            )
            .bind(&expression)
            .bind(MAX_JOBS)
            .fetch_all(pool)
            .await?;
            let in_names = format!("name : ({expression})");
            let mut candidates: Vec<CandidateHit> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT {HIT_COLUMNS} FROM candidate_search s
                 JOIN candidates c ON c.id = s.rowid JOIN jobs j ON j.id = c.job_id
                 WHERE candidate_search MATCH $1 AND j.deleted_at IS NULL
                 ORDER BY s.rowid DESC LIMIT $2"
            )))
            .bind(&in_names)
            .bind(MAX_CANDIDATES)
            .fetch_all(pool)
            .await?;
            if let Some(room) = room_left(&candidates) {
                let elsewhere: Vec<CandidateHit> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                    "SELECT {HIT_COLUMNS} FROM candidate_search s
                     JOIN candidates c ON c.id = s.rowid JOIN jobs j ON j.id = c.job_id
                     WHERE candidate_search MATCH $1 AND j.deleted_at IS NULL
                     ORDER BY bm25(candidate_search, 10.0, 5.0, 1.0), s.rowid DESC LIMIT $2"
                )))
                .bind(format!("({expression}) NOT {in_names}"))
                .bind(room)
                .fetch_all(pool)
                .await?;
                candidates.extend(elsewhere);
            }
            Hits { jobs, candidates }
        }
        Db::Postgres(pool) => {
            let any = tsquery_expression(&words, "");
            let in_names = tsquery_expression(&words, "A");
            let jobs = sqlx::query_scalar(
                "SELECT j.id FROM jobs j, to_tsquery('english', $1) q
                 WHERE j.search_vector @@ q AND j.deleted_at IS NULL
                 ORDER BY ts_rank(j.search_vector, q, 1) DESC, j.id DESC LIMIT $2",
            )
            .bind(&any)
            .bind(MAX_JOBS)
            .fetch_all(pool)
            .await?;
            // Names are indexed with both configurations (stemmed and as written), as weight A.
            // MATERIALIZED: given an id order and a limit, the planner would rather walk the
            // primary key backwards testing each row, which for a rare word is every candidate.
            let mut candidates: Vec<CandidateHit> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "WITH named AS MATERIALIZED (
                     SELECT {HIT_COLUMNS} FROM candidates c
                     WHERE c.search_vector @@ to_tsquery('english', $1)
                        OR c.search_vector @@ to_tsquery('simple', $1))
                 SELECT n.* FROM named n JOIN jobs j ON j.id = n.job_id
                 WHERE j.deleted_at IS NULL
                 ORDER BY n.id DESC LIMIT $2"
            )))
            .bind(&in_names)
            .bind(MAX_CANDIDATES)
            .fetch_all(pool)
            .await?;
            if let Some(room) = room_left(&candidates) {
                let elsewhere: Vec<CandidateHit> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                    "SELECT {HIT_COLUMNS} FROM candidates c JOIN jobs j ON j.id = c.job_id,
                         to_tsquery('english', $1) q, to_tsquery('simple', $1) qs,
                         to_tsquery('english', $2) qa, to_tsquery('simple', $2) qsa
                     WHERE (c.search_vector @@ q OR c.search_vector @@ qs)
                       AND NOT (c.search_vector @@ qa OR c.search_vector @@ qsa)
                       AND j.deleted_at IS NULL
                     ORDER BY GREATEST(ts_rank(c.search_vector, q, 1), ts_rank(c.search_vector, qs, 1))
                         DESC, c.id DESC
                     LIMIT $3"
                )))
                .bind(&any)
                .bind(&in_names)
                .bind(room)
                .fetch_all(pool)
                .await?;
                candidates.extend(elsewhere);
            }
            Hits { jobs, candidates }
        }
    })
}

/// Candidates are ranked in two tiers. Those whose name holds every word come first, newest
/// first, unranked (SQLite's index hands them over in that order and stops at the limit;
/// PostgreSQL sorts only their ids), so a common name no longer means scoring thousands of
/// rows; then, while there is room, those matched in their contacts or resume, by relevance.
fn room_left(name_matches: &[CandidateHit]) -> Option<i64> {
    let room = MAX_CANDIDATES - name_matches.len() as i64;
    (room > 0).then_some(room)
}

/// The words as FTS5 phrases, all required; the last one is a prefix (the word being typed).
fn fts5_expression(words: &[String]) -> String {
    let last = words.len().saturating_sub(1);
    words
        .iter()
        .enumerate()
        .map(|(at, w)| format!("\"{w}\"{}", if at == last { "*" } else { "" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words as a `to_tsquery` text, all required, the last one a prefix; `weights` restricts
/// every word to those labels (`A`: names), empty for anywhere.
fn tsquery_expression(words: &[String], weights: &str) -> String {
    let last = words.len().saturating_sub(1);
    words
        .iter()
        .enumerate()
        .map(|(at, w)| {
            let prefix = if at == last { "*" } else { "" };
            if prefix.is_empty() && weights.is_empty() {
                w.clone()
            } else {
                format!("{w}:{prefix}{weights}")
            }
        })
        .collect::<Vec<_>>()
        .join(" & ")
}

/// Groups hits as the search page shows them: every matching JD in rank order, then the JDs
/// that only their candidates matched, each with its matching candidates in rank order.
pub fn group(hits: Hits) -> Vec<(i64, Vec<CandidateHit>)> {
    let mut groups: Vec<(i64, Vec<CandidateHit>)> =
        hits.jobs.into_iter().map(|job| (job, Vec::new())).collect();
    let mut slot: HashMap<i64, usize> = groups
        .iter()
        .enumerate()
        .map(|(at, (job, _))| (*job, at))
        .collect();
    for candidate in hits.candidates {
        let at = *slot.entry(candidate.job_id).or_insert_with(|| {
            groups.push((candidate.job_id, Vec::new()));
            groups.len() - 1
        });
        groups[at].1.push(candidate);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_drop_syntax() {
        assert_eq!(
            terms("Rust \"OR\" k8s* (senior)"),
            ["rust", "or", "k8s", "senior"]
        );
        assert!(terms("  --  ").is_empty());
    }

    #[test]
    fn every_word_is_required_and_the_last_is_a_prefix() {
        let words = terms("senior rust dev");
        assert_eq!(fts5_expression(&words), r#""senior" "rust" "dev"*"#);
        assert_eq!(tsquery_expression(&words, ""), "senior & rust & dev:*");
        assert_eq!(
            tsquery_expression(&words, "A"),
            "senior:A & rust:A & dev:*A"
        );
        assert_eq!(fts5_expression(&terms("priya")), r#""priya"*"#);
    }

    #[test]
    fn phone_queries_are_recognised() {
        assert_eq!(
            phone_digits("+91 98765 43210").as_deref(),
            Some("919876543210")
        );
        assert_eq!(phone_digits("98765").as_deref(), Some("98765"));
        assert_eq!(phone_digits("2024"), None, "too short for a phone");
        assert_eq!(phone_digits("rust 2024"), None);
    }

    fn hit(id: i64, job_id: i64) -> CandidateHit {
        CandidateHit {
            id,
            job_id,
            candidate_name: format!("Candidate {id}"),
            candidate_email: String::new(),
            candidate_phone: String::new(),
            resume_file_id: None,
            file_name: None,
            ats_score: None,
            recommendation: None,
            call_id: None,
        }
    }

    #[test]
    fn grouping_keeps_job_rank_then_candidate_jobs() {
        let hits = Hits {
            jobs: vec![2, 1],
            candidates: vec![hit(10, 1), hit(30, 3), hit(11, 2), hit(12, 1)],
        };
        let ids = |groups: Vec<(i64, Vec<CandidateHit>)>| -> Vec<(i64, Vec<i64>)> {
            groups
                .into_iter()
                .map(|(job, members)| (job, members.iter().map(|c| c.id).collect()))
                .collect()
        };
        assert_eq!(
            ids(group(hits)),
            vec![(2, vec![11]), (1, vec![10, 12]), (3, vec![30])]
        );
    }
}
