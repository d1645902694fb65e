//! Search across JDs (title, skills, description) and candidates (name, e-mail, phone, resume
//! text) with the database's full-text index: FTS5 on SQLite, weighted tsvectors on
//! PostgreSQL. Both stem words, rank a title or name hit above a mention in a body, and treat
//! each word as a prefix; a query that looks like a phone number matches phone digits.

use std::collections::HashMap;

use crate::error::Result;
use crate::store::Db;
use crate::with_db;

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

/// Ids of matching JDs (outside the bin) and candidates, best first.
#[derive(Debug, Default, PartialEq)]
pub struct Hits {
    pub jobs: Vec<i64>,
    pub candidates: Vec<i64>,
}

pub async fn search(db: &Db, query: &str) -> Result<Hits> {
    if let Some(digits) = phone_digits(query) {
        let pattern = format!("%{digits}%");
        let candidates = with_db!(db, |pool| {
            sqlx::query_scalar(
                "SELECT c.id FROM candidates c JOIN jobs j ON j.id = c.job_id
                 WHERE j.deleted_at IS NULL AND c.search_text LIKE $1
                 ORDER BY c.created_on DESC LIMIT $2",
            )
            .bind(&pattern)
            .bind(MAX_CANDIDATES)
            .fetch_all(pool)
            .await
        })?;
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
            // Every word must match, each as a prefix; quoting keeps FTS5 syntax out of words.
            let expression = words
                .iter()
                .map(|w| format!("\"{w}\"*"))
                .collect::<Vec<_>>()
                .join(" ");
            let jobs = sqlx::query_scalar(
                "SELECT s.rowid FROM job_search s JOIN jobs j ON j.id = s.rowid
                 WHERE job_search MATCH $1 AND j.deleted_at IS NULL
                 ORDER BY bm25(job_search, 10.0, 4.0, 1.0), s.rowid DESC LIMIT $2",
            )
            .bind(&expression)
            .bind(MAX_JOBS)
            .fetch_all(pool)
            .await?;
            let candidates = sqlx::query_scalar(
                "SELECT s.rowid FROM candidate_search s
                 JOIN candidates c ON c.id = s.rowid JOIN jobs j ON j.id = c.job_id
                 WHERE candidate_search MATCH $1 AND j.deleted_at IS NULL
                 ORDER BY bm25(candidate_search, 10.0, 5.0, 1.0), s.rowid DESC LIMIT $2",
            )
            .bind(&expression)
            .bind(MAX_CANDIDATES)
            .fetch_all(pool)
            .await?;
            Hits { jobs, candidates }
        }
        Db::Postgres(pool) => {
            let expression = words
                .iter()
                .map(|w| format!("{w}:*"))
                .collect::<Vec<_>>()
                .join(" & ");
            let jobs = sqlx::query_scalar(
                "SELECT j.id FROM jobs j, to_tsquery('english', $1) q
                 WHERE j.search_vector @@ q AND j.deleted_at IS NULL
                 ORDER BY ts_rank(j.search_vector, q, 1) DESC, j.id DESC LIMIT $2",
            )
            .bind(&expression)
            .bind(MAX_JOBS)
            .fetch_all(pool)
            .await?;
            let simple = words
                .iter()
                .map(|w| format!("{w}:*"))
                .collect::<Vec<_>>()
                .join(" & ");
            let candidates = sqlx::query_scalar(
                "SELECT c.id FROM candidates c JOIN jobs j ON j.id = c.job_id,
                     to_tsquery('english', $1) q, to_tsquery('simple', $2) qs
                 WHERE (c.search_vector @@ q OR c.search_vector @@ qs) AND j.deleted_at IS NULL
                 ORDER BY GREATEST(ts_rank(c.search_vector, q, 1), ts_rank(c.search_vector, qs, 1))
                     DESC, c.id DESC
                 LIMIT $3",
            )
            .bind(&expression)
            .bind(&simple)
            .bind(MAX_CANDIDATES)
            .fetch_all(pool)
            .await?;
            Hits { jobs, candidates }
        }
    })
}

/// Groups hits as the search page shows them: every matching JD in rank order, then the JDs
/// that only their candidates matched, each with its matching candidates in rank order.
pub fn group(hits: &Hits, job_of: &HashMap<i64, i64>) -> Vec<(i64, Vec<i64>)> {
    let mut order: Vec<i64> = hits.jobs.clone();
    for candidate in &hits.candidates {
        if let Some(job) = job_of.get(candidate)
            && !order.contains(job)
        {
            order.push(*job);
        }
    }
    order
        .into_iter()
        .map(|job| {
            let members = hits
                .candidates
                .iter()
                .filter(|c| job_of.get(c) == Some(&job))
                .copied()
                .collect();
            (job, members)
        })
        .collect()
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
    fn phone_queries_are_recognised() {
        assert_eq!(
            phone_digits("+91 98765 43210").as_deref(),
            Some("919876543210")
        );
        assert_eq!(phone_digits("98765").as_deref(), Some("98765"));
        assert_eq!(phone_digits("2024"), None, "too short for a phone");
        assert_eq!(phone_digits("rust 2024"), None);
    }

    #[test]
    fn grouping_keeps_job_rank_then_candidate_jobs() {
        let hits = Hits {
            jobs: vec![2, 1],
            candidates: vec![10, 30, 11],
        };
        let job_of = HashMap::from([(10, 1), (11, 2), (30, 3)]);
        assert_eq!(
            group(&hits, &job_of),
            vec![(2, vec![11]), (1, vec![10]), (3, vec![30])]
        );
    }
}
