//! `grade`: one JSON line out for every line in, in order, with the same `id`. A line that is
//! not a valid request gets `{"id", "score": null, "error": {"code", "message"}}`, with the
//! line's number (from 1) as its id when it has none.

use std::io::{BufRead, BufWriter, Write};

use assess::{AssessError, Grade, Grader, Rubric, follow_up};
use serde::Deserialize;
use serde_json::{Value, json};

/// Lines graded per call to the embedding model.
const BATCH: usize = 64;

/// One request line.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Request {
    question: String,
    #[serde(default)]
    reference: Option<String>,
    answer: String,
    #[serde(default)]
    key_points: Vec<String>,
}

/// A parsed line: its id and the request, or why it is not one.
type Line = (Value, Result<(Rubric, String), Value>);

pub fn run(grader: &Grader) -> Result<(), String> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut batch: Vec<Line> = Vec::with_capacity(BATCH);
    for (i, line) in stdin.lines().enumerate() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        batch.push(parse(&line, i + 1));
        if batch.len() == BATCH {
            write(grader, std::mem::take(&mut batch), &mut out)?;
        }
    }
    write(grader, batch, &mut out)?;
    out.flush().map_err(|e| format!("writing stdout: {e}"))
}

fn parse(line: &str, number: usize) -> Line {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return (json!(number), Err(error("malformed_json", &e.to_string()))),
    };
    let id = value
        .get("id")
        .filter(|id| !id.is_null())
        .cloned()
        .unwrap_or_else(|| json!(number));
    match serde_json::from_value::<Request>(value) {
        Ok(r) => {
            let rubric = Rubric {
                question: r.question,
                reference: r.reference.filter(|s| !s.trim().is_empty()),
                key_points: r.key_points,
            };
            (id, Ok((rubric, r.answer)))
        }
        Err(e) => (id, Err(error("invalid_request", &e.to_string()))),
    }
}

fn error(code: &str, message: &str) -> Value {
    json!({ "code": code, "message": message })
}

/// Grades a batch in one model call; if any item fails, grades them one by one so the error
/// lands on its own line.
fn write(grader: &Grader, batch: Vec<Line>, out: &mut impl Write) -> Result<(), String> {
    let items: Vec<(&Rubric, &str)> = batch
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok().map(|(rubric, a)| (rubric, a.as_str())))
        .collect();
    let mut grades = match grader.grade_all(&items) {
        Ok(grades) => grades.into_iter().map(Ok).collect(),
        Err(_) => items
            .iter()
            .map(|(r, a)| grader.grade(r, a))
            .collect::<Vec<_>>(),
    }
    .into_iter();
    for (id, request) in batch {
        let value = match request {
            Err(e) => json!({ "id": id, "score": null, "error": e }),
            Ok((rubric, _)) => match grades.next() {
                Some(Ok(g)) => graded(id, &rubric, &g),
                Some(Err(e)) => failed(id, &e),
                None => json!({ "id": id, "score": null, "error": error("internal", "no grade") }),
            },
        };
        writeln!(out, "{value}").map_err(|e| format!("writing stdout: {e}"))?;
    }
    Ok(())
}

fn graded(id: Value, rubric: &Rubric, grade: &Grade) -> Value {
    let mut value = json!({ "id": id, "score": grade.score });
    if let (Value::Object(map), Ok(Value::Object(parts))) =
        (&mut value, serde_json::to_value(grade))
    {
        for (k, v) in parts {
            map.entry(k).or_insert(v);
        }
        map.insert(
            "messages".into(),
            grade.flags.iter().map(|f| f.message()).collect(),
        );
        if let Some(f) = follow_up(rubric, grade) {
            map.insert("followUp".into(), json!(f));
        }
    }
    value
}

fn failed(id: Value, e: &AssessError) -> Value {
    json!({ "id": id, "score": null, "error": error(e.code(), &e.to_string()) })
}
