//! The scripted, structured interview the self-hosted interviewer runs: a greeting that names
//! the candidate and the role, every question of the assistant in order, a prompt for each
//! topic, and a closing. Built from the assistant as it was created (its `firstMessage`,
//! `endCallMessage` and `metadata.questions` / `metadata.topics`) with the call's variables
//! filled in, so each candidate hears their own name and role.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::voice::vapi::as_question;

/// What a step is, for the transcript and the grading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepKind {
    Greeting,
    /// The assistant's scripted question number `n` (1-based).
    Question(usize),
    /// A follow-up to question `n`, put in the plan while the interview runs (`follow_up.rs`).
    FollowUp(usize),
    Topic(String),
    Closing,
}

/// One thing the interviewer says, and whether it then listens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub kind: StepKind,
    pub text: String,
    pub listen: bool,
}

/// The whole interview.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub steps: Vec<Step>,
    /// The scripted questions, in order (what the per-question evidence is about).
    pub questions: Vec<String>,
    /// Words an answer is expected to touch: the topics and tools of the assistant.
    pub keywords: Vec<String>,
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

impl Plan {
    pub fn of(assistant: &Value, variables: &Map<String, Value>) -> Plan {
        let meta = &assistant["metadata"];
        let questions: Vec<String> = strings(&meta["questions"])
            .iter()
            .map(|q| as_question(q))
            .collect();
        let topics = strings(&meta["topics"]);
        let mut keywords = topics.clone();
        keywords.extend(strings(&meta["tools"]));
        let say = |text: &str| render(text, variables);
        let greeting = assistant["firstMessage"]
            .as_str()
            .map(say)
            .unwrap_or_else(|| {
                say("Hello {{candidateName}}, thank you for joining this interview for the {{jobTitle}} role. Are you ready to begin?")
            });
        let mut steps = vec![Step {
            kind: StepKind::Greeting,
            text: greeting,
            listen: true,
        }];
        for (i, question) in questions.iter().enumerate() {
            steps.push(Step {
                kind: StepKind::Question(i + 1),
                text: say(question),
                listen: true,
            });
        }
        for topic in &topics {
            // A topic a question already names needs no prompt of its own.
            let named = questions
                .iter()
                .any(|q| q.to_lowercase().contains(&topic.to_lowercase()));
            if !named {
                steps.push(Step {
                    kind: StepKind::Topic(topic.clone()),
                    text: format!("Tell me about your experience with {topic}."),
                    listen: true,
                });
            }
        }
        let closing = assistant["endCallMessage"]
            .as_str()
            .map(say)
            .unwrap_or_else(|| {
                "Thank you for your time. The hiring team will be in touch. Goodbye!".to_owned()
            });
        steps.push(Step {
            kind: StepKind::Closing,
            text: closing,
            listen: false,
        });
        Plan {
            steps,
            questions,
            keywords,
        }
    }
}

/// Fills `{{ name }}` and `{{ name | default: "x" }}` from `variables` (the default, then the
/// empty string, when the call has no such value), the template forms the assistants use.
pub fn render(template: &str, variables: &Map<String, Value>) -> String {
    crate::placeholders::fill(template, |name| {
        variables
            .get(name)
            .and_then(Value::as_str)
            .filter(|v| !v.trim().is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn variables() -> Map<String, Value> {
        let mut v = Map::new();
        v.insert("candidateName".into(), json!("Ana Lima"));
        v.insert("jobTitle".into(), json!("Platform Engineer"));
        v
    }

    #[test]
    fn templates_are_filled_from_the_call() {
        let text = r#"Hello {{ candidateName | default: "Candidate" }}, the {{jobTitle}} role, {{ missing | default: 'soon' }}{{unknown}}."#;
        assert_eq!(
            render(text, &variables()),
            "Hello Ana Lima, the Platform Engineer role, soon."
        );
        assert_eq!(
            render("no braces {{ open", &variables()),
            "no braces {{ open"
        );
    }

    #[test]
    fn the_plan_greets_asks_every_question_prompts_topics_and_closes() {
        let assistant = json!({
            "firstMessage": "Hello {{ candidateName | default: \"Candidate\" }}, ready for the {{ jobTitle | default: \"Engineer\" }} interview?",
            "endCallMessage": "Thank you. Goodbye!",
            "metadata": {
                "questions": ["Tell me about a service you run.", "How do you test SQL code?"],
                "topics": ["Rust", "SQL"],
                "tools": ["Docker"],
            }
        });
        let plan = Plan::of(&assistant, &variables());
        let texts: Vec<&str> = plan.steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Hello Ana Lima, ready for the Platform Engineer interview?",
                "Tell me about a service you run.",
                "How do you test SQL code?",
                "Tell me about your experience with Rust.",
                "Thank you. Goodbye!",
            ]
        );
        assert_eq!(plan.steps[1].kind, StepKind::Question(1));
        assert!(!plan.steps[4].listen);
        assert_eq!(plan.keywords, ["Rust", "SQL", "Docker"]);
    }
}
