//! The CLI contract: exactly one line out per line in, in order, ids kept; malformed lines get
//! an error object with their id, or their line number when they have none.

use serde_json::Value;

fn grade(input: &str) -> Vec<Value> {
    super::run(&["grade", "--lexical"], input)
}

#[test]
fn one_line_out_per_line_in_with_ids_kept() {
    let too_many: Vec<String> = (0..=assess::MAX_KEY_POINTS)
        .map(|i| format!("p{i}"))
        .collect();
    let lines = [
        r#"{"id":"a1","question":"What does an index cost?","reference":"Writes get slower. It takes disk space.","answer":"Every insert must update the index, so writes get slower, and it needs disk space."}"#.to_owned(),
        r#"{"id":7,"question":"What does an index cost?","reference":"","keyPoints":["Writes get slower"],"answer":""}"#.to_owned(),
        "{not json".to_owned(),
        r#"{"id":"no-answer","question":"Q?"}"#.to_owned(),
        format!(r#"{{"id":"cap","question":"Q?","keyPoints":{},"answer":"x"}}"#, serde_json::to_string(&too_many).unwrap()),
        r#"{"question":"Why?","reference":"Because it is cached.","answer":"It is cached."}"#.to_owned(),
        String::new(),
    ];
    let out = grade(&(lines.join("\n") + "\n"));
    assert_eq!(out.len(), lines.len());
    assert_eq!(out[0]["id"], "a1");
    assert!(out[0]["score"].as_f64().unwrap() > 2.5, "{}", out[0]);
    assert!(out[0]["covered"].as_array().unwrap().len() == 2);
    assert!(
        out[0]["version"]
            .as_str()
            .unwrap()
            .starts_with(assess::VERSION)
    );
    assert_eq!(out[1]["id"], 7);
    assert_eq!(out[1]["score"], 0.0);
    assert_eq!(out[1]["messages"][0], "No answer heard.");
    assert_eq!(out[2]["id"], 3);
    assert_eq!(out[2]["score"], Value::Null);
    assert_eq!(out[2]["error"]["code"], "malformed_json");
    assert_eq!(out[3]["id"], "no-answer");
    assert_eq!(out[3]["error"]["code"], "invalid_request");
    assert_eq!(out[4]["id"], "cap");
    assert_eq!(out[4]["error"]["code"], "too_many_key_points");
    assert_eq!(out[5]["id"], 6);
    assert!(out[5]["score"].is_number());
    assert_eq!(out[6]["id"], 7);
    assert_eq!(out[6]["error"]["code"], "malformed_json");
}

#[test]
fn a_long_input_keeps_order_across_batches() {
    let input: String = (0..150)
        .map(|i| {
            format!(
                r#"{{"id":"q{i}","question":"Q{i}?","keyPoints":["point {i}"],"answer":"point {i} it is"}}"#
            ) + "\n"
        })
        .collect();
    let out = grade(&input);
    assert_eq!(out.len(), 150);
    for (i, v) in out.iter().enumerate() {
        assert_eq!(v["id"], format!("q{i}"));
    }
}
