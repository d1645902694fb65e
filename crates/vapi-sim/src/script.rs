//! The simulated interview: who says what, and the analysis Vapi's post-call LLM would write.
//!
//! Everything is derived from the assistant (system prompt, first and end messages, analysis
//! plan), the call's template variables, the candidate's name and a per-call hash, so a call
//! with the same inputs and seed always produces the same transcript, scores and recording.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ids::{hash, pick};

mod analysis;

/// How a simulated call turns out. Chosen when the call is created (see [`Outcome::steer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Outcome {
    /// Strong answers, `successEvaluation` "true", scores 7-9.
    Pass,
    /// Middling answers, `successEvaluation` "true", scores 5-6 (Hirelane's "Needs Review").
    Review,
    /// Weak answers, `successEvaluation` "false", scores 2-4.
    Fail,
    /// Nobody picks up (`customer-did-not-answer`).
    NoAnswer,
    /// The line is busy (`customer-busy`).
    Busy,
    /// A voicemail box answers (`voicemail`).
    Voicemail,
}

impl Outcome {
    fn parse(text: &str) -> Option<Self> {
        match text
            .trim()
            .to_ascii_lowercase()
            .replace(['_', ' '], "-")
            .as_str()
        {
            "pass" | "passed" | "true" => Some(Self::Pass),
            "review" | "needs-review" => Some(Self::Review),
            "fail" | "failed" | "false" => Some(Self::Fail),
            "no-answer" | "noanswer" => Some(Self::NoAnswer),
            "busy" => Some(Self::Busy),
            "voicemail" => Some(Self::Voicemail),
            _ => None,
        }
    }

    /// Picks the outcome: an explicit `simOutcome` hint in the call's metadata or template
    /// variables wins, then a keyword word in the candidate's name ("Pass", "Fail", "Review",
    /// "NoAnswer", "Busy", "Voicemail"), then the per-call hash (60 % pass, 15 % review,
    /// 25 % fail).
    pub(crate) fn steer(hints: &[Option<&Value>], candidate: &str, call_hash: u64) -> Self {
        for hint in hints.iter().flatten() {
            if let Some(outcome) = hint.as_str().and_then(Self::parse) {
                return outcome;
            }
        }
        let from_name = candidate
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .find_map(Self::parse);
        if let Some(outcome) = from_name {
            return outcome;
        }
        match call_hash % 20 {
            0..12 => Self::Pass,
            12..15 => Self::Review,
            _ => Self::Fail,
        }
    }

    /// Whether someone (or a voicemail box) answers the phone.
    pub(crate) fn answers(self) -> bool {
        !matches!(self, Self::NoAnswer | Self::Busy)
    }
}

/// One utterance of the conversation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Line {
    pub bot: bool,
    pub text: String,
    /// Seconds from the start of the call.
    pub start: f64,
    pub duration: f64,
}

/// What the interview is about, read from the assistant and the call.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Interview {
    pub call_hash: u64,
    pub candidate: String,
    pub role: String,
    pub first_message: String,
    pub end_message: String,
    pub voicemail_message: String,
    pub questions: Vec<String>,
    pub skills: Vec<String>,
    /// Years of experience, one decimal place (10.9).
    pub years: f64,
    /// The system prompt with the call's template variables filled in.
    pub system: String,
    pub outcome: Outcome,
    plan: Option<Value>,
}

impl Interview {
    /// Reads the effective assistant (saved assistant with the call's overrides applied).
    pub(crate) fn new(
        assistant: &Map<String, Value>,
        scripted: Option<&Value>,
        variables: &Map<String, Value>,
        candidate: String,
        outcome: Outcome,
        call_hash: u64,
    ) -> Self {
        let text = |key: &str| {
            assistant
                .get(key)
                .and_then(Value::as_str)
                .map(|s| render(s, variables))
        };
        let system: String = assistant
            .get("model")
            .and_then(|m| m.get("messages"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|m| m.get("role").and_then(Value::as_str) == Some("system"))
            .filter_map(|m| m.get("content").and_then(Value::as_str))
            .map(|s| render(s, variables))
            .collect::<Vec<_>>()
            .join("\n");
        let mut questions =
            scripted_questions(scripted, variables).unwrap_or_else(|| extract_questions(&system));
        if let Some(extra) = variables.get("questions") {
            questions.extend(list_of(extra).iter().flat_map(|q| extract_questions(q)));
        }
        questions.dedup();
        questions.truncate(10);
        if questions.is_empty() {
            questions = [
                "Could you walk me through your most recent role?",
                "Tell me about a difficult problem you solved and how you approached it.",
                "How do you work with teammates when you disagree on a technical decision?",
            ]
            .map(String::from)
            .to_vec();
        }
        let mut skills = extract_skills(&system, &questions);
        for key in ["topics", "skills", "keySkills"] {
            if let Some(v) = variables.get(key) {
                skills.extend(list_of(v).iter().flat_map(|s| split_list(s)));
            }
        }
        dedup_ci(&mut skills);
        skills.truncate(6);
        if skills.is_empty() {
            skills = vec!["Communication".into(), "Problem solving".into()];
        }
        let years = ["yearsOfExperience", "experience"]
            .iter()
            .filter_map(|k| variables.get(*k))
            .find_map(first_number)
            .unwrap_or_else(|| pick(hash(call_hash, "years"), 1, 12) as f64);
        let role = ["jobTitle", "role", "jobRole", "position"]
            .iter()
            .find_map(|k| variables.get(*k).and_then(Value::as_str))
            .map(String::from)
            .or_else(|| text("name"))
            .unwrap_or_else(|| "the role".into());
        Self {
            call_hash,
            first_message: text("firstMessage")
                .unwrap_or_else(|| format!("Hello {candidate}, thanks for taking the time today.")),
            end_message: text("endCallMessage")
                .unwrap_or_else(|| "Thank you for your time. Goodbye!".into()),
            voicemail_message: text("voicemailMessage")
                .unwrap_or_else(|| "Sorry we missed you. We will try again later.".into()),
            candidate,
            role,
            questions,
            skills,
            years,
            system,
            outcome,
            plan: assistant.get("analysisPlan").cloned(),
        }
    }

    /// The whole conversation as it would go if nobody hangs up early.
    pub(crate) fn conversation(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        let mut at = 1.0;
        let mut say = |bot: bool, text: String| {
            let duration = 1.5 + 0.4 * text.split_whitespace().count() as f64;
            lines.push(Line {
                bot,
                text,
                start: at,
                duration,
            });
            at += duration + 1.0;
        };
        if self.outcome == Outcome::Voicemail {
            say(true, self.voicemail_message.clone());
            return lines;
        }
        say(true, self.first_message.clone());
        say(false, "Hi, yes, I'm ready. Thanks for having me.".into());
        for (i, question) in self.questions.iter().enumerate() {
            say(true, question.clone());
            say(false, self.answer(i, question));
        }
        say(true, self.end_message.clone());
        lines
    }

    /// Seconds from the first ring being answered to the assistant hanging up.
    pub(crate) fn length_seconds(&self) -> u64 {
        let lines = self.conversation();
        lines
            .last()
            .map_or(5.0, |l| l.start + l.duration + 2.0)
            .ceil() as u64
    }

    fn topic_of(&self, question: &str) -> String {
        let lower = question.to_lowercase();
        self.skills
            .iter()
            .find(|s| lower.contains(&s.to_lowercase()))
            .cloned()
            .unwrap_or_else(|| {
                let words: Vec<&str> = question
                    .trim_end_matches(['?', '.', '!'])
                    .split_whitespace()
                    .filter(|w| w.len() > 3)
                    .collect();
                words[words.len().saturating_sub(3)..].join(" ")
            })
    }

    fn answer(&self, index: usize, question: &str) -> String {
        let topic = self.topic_of(question);
        let h = hash(self.call_hash, &format!("answer{index}"));
        let pool: &[&str] = match self.outcome {
            Outcome::Pass => &[
                "Sure. With {t}, in my last role I owned the design end to end: I measured first, wrote down the trade-offs, shipped behind a flag and we cut incidents by about a third.",
                "Good question. For {t} I start from the failure modes. Last year I led a migration where we added tests around the critical paths first, then moved traffic gradually.",
                "I have used {t} daily for a few years. A concrete example: I profiled a slow endpoint, found an N+1 query, batched it and latency dropped from 800 to 90 milliseconds.",
            ],
            Outcome::Review => &[
                "I think {t} is mostly about keeping things simple. I have used it on one project, though someone else set most of it up.",
                "With {t}, I would probably look at the logs and try a few things until it works. I have done that a couple of times.",
            ],
            _ => &[
                "Sorry, I'm not really sure about {t}. I haven't worked with it much.",
                "Hmm, I don't know. I would have to look up {t}.",
            ],
        };
        pool[(h % pool.len() as u64) as usize].replace("{t}", &topic)
    }
}

/// Fills `{{name}}` and `{{ name | default: "text" }}` with the template variables, as
/// Vapi's Liquid templates do: `default` applies to a missing, null or empty variable; other
/// filters are ignored; an unknown variable renders empty.
pub(crate) fn render(template: &str, variables: &Map<String, Value>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find("}}") else {
            out.push_str(&rest[open..]);
            return out;
        };
        let mut parts = rest[open + 2..open + close].split('|');
        let name = parts.next().unwrap_or_default().trim();
        let value = match variables.get(name) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        };
        let default = parts.find_map(|filter| {
            let (filter, argument) = filter.split_once(':')?;
            (filter.trim() == "default")
                .then(|| argument.trim().trim_matches(['"', '\'']).to_owned())
        });
        match default {
            Some(default) if value.is_empty() => out.push_str(&default),
            _ => out.push_str(&value),
        }
        rest = &rest[open + close + 2..];
    }
    out.push_str(rest);
    out
}

fn strip_marker(line: &str) -> &str {
    let t = line.trim().trim_start_matches(['-', '*', '•']).trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    let t = if digits > 0 {
        t[digits..].trim_start_matches(['.', ')', ':']).trim_start()
    } else {
        t
    };
    t.strip_prefix('Q')
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        .map_or(t, |r| {
            r.trim_start_matches(|c: char| c.is_ascii_digit() || c == ':' || c == '.')
                .trim_start()
        })
}

/// The questions an assistant's form scripted, kept in the saved assistant's metadata
/// (`questions`) as the recruiter wrote them: a question may end in '.' ("Walk me through a
/// project you shipped end to end."), so the list, not punctuation, says what is a question.
/// `None` for an assistant without such a list (one made elsewhere), whose prompt is read
/// instead.
fn scripted_questions(
    scripted: Option<&Value>,
    variables: &Map<String, Value>,
) -> Option<Vec<String>> {
    let listed: Vec<String> = list_of(scripted?)
        .iter()
        .map(|q| render(q.trim(), variables))
        .filter(|q| !q.is_empty())
        .collect();
    (!listed.is_empty()).then_some(listed)
}

/// Questions in a prompt written elsewhere: lines ending in '?', and the items of a list under
/// a `Questions…:` heading whatever their punctuation.
fn extract_questions(text: &str) -> Vec<String> {
    let mut questions = Vec::new();
    let mut in_list = false;
    for line in text.lines() {
        let item = strip_marker(line);
        let marked = item.len() < line.trim().len();
        if item.to_ascii_lowercase().starts_with("questions") && item.ends_with(':') {
            in_list = true;
            continue;
        }
        in_list &= marked;
        if (item.ends_with('?') || in_list) && item.split_whitespace().count() >= 3 {
            questions.push(item.to_owned());
        }
    }
    questions
}

fn split_list(text: &str) -> Vec<String> {
    text.split([',', ';', '/'])
        .flat_map(|s| s.split(" and "))
        .map(|s| s.trim().trim_end_matches('.').to_string())
        .filter(|s| !s.is_empty() && s.len() <= 40)
        .collect()
}

fn extract_skills(system: &str, questions: &[String]) -> Vec<String> {
    let labelled: Vec<String> = system
        .lines()
        .map(strip_marker)
        .filter_map(|l| {
            let (label, rest) = l.split_once(':')?;
            let label = label.trim().to_ascii_lowercase();
            ["topic", "skill", "focus", "stack", "technolog"]
                .iter()
                .any(|k| label.contains(k))
                .then(|| split_list(rest))
        })
        .flatten()
        .collect();
    if !labelled.is_empty() {
        return labelled;
    }
    // No labelled list: capitalised words inside questions are usually technologies.
    const COMMON: &[&str] = &[
        "I", "What", "How", "Why", "When", "Where", "Which", "Who", "Tell", "Describe", "Can",
        "Could", "Would", "Do", "Did", "Have", "Explain", "Walk", "Give",
    ];
    questions
        .iter()
        .flat_map(|q| q.split_whitespace().skip(1))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '+' && c != '#'))
        .filter(|w| w.len() > 1 && w.starts_with(|c: char| c.is_uppercase()) && !COMMON.contains(w))
        .map(String::from)
        .collect()
}

fn dedup_ci(items: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    items.retain(|s| seen.insert(s.to_lowercase()));
}

fn list_of(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        _ => Vec::new(),
    }
}

/// The first number in a value ("10.9", 10.9, "about 3 years"), to one decimal place.
fn first_number(value: &Value) -> Option<f64> {
    let number = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let digits: String = s
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            digits.trim_end_matches('.').parse().ok()
        }
        _ => None,
    }?;
    number
        .is_finite()
        .then(|| (number.max(0.0) * 10.0).round() / 10.0)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn questions_and_skills_come_from_the_prompt() {
        let system = "You are an interviewer.\nTopics: Rust, PostgreSQL, Distributed systems\nQuestions:\n1. How do you handle errors in Rust?\n2) What is an index in PostgreSQL?\n3. Walk me through a migration you led.\nNot a question at all.\nWhy do you want this role?\n";
        let qs = extract_questions(system);
        assert_eq!(
            qs,
            [
                "How do you handle errors in Rust?",
                "What is an index in PostgreSQL?",
                "Walk me through a migration you led.",
                "Why do you want this role?"
            ]
        );
        assert_eq!(
            extract_skills(system, &qs),
            ["Rust", "PostgreSQL", "Distributed systems"]
        );
    }

    #[test]
    fn the_assistants_own_list_says_what_the_questions_are() {
        let assistant = json!({
            "model": {"messages": [{"role": "system", "content":
                "You are Ava.\nQuestions, in order:\nWhy Rust?\nWalk me through a project you shipped end to end.\nWhen every question has been asked, thank the candidate and end the call."}]},
        });
        let scripted = json!([
            "Why Rust?",
            " Walk me through a project you shipped end to end. "
        ]);
        let interview = Interview::new(
            assistant.as_object().unwrap(),
            Some(&scripted),
            &Map::new(),
            "Jane Doe".into(),
            Outcome::Pass,
            0,
        );
        assert_eq!(
            interview.questions,
            [
                "Why Rust?",
                "Walk me through a project you shipped end to end."
            ]
        );
        let asked: Vec<String> = interview
            .conversation()
            .into_iter()
            .filter(|line| line.bot)
            .map(|line| line.text)
            .collect();
        assert!(asked.contains(&"Walk me through a project you shipped end to end.".to_owned()));
    }

    #[test]
    fn templates_render_variables() {
        let vars = json!({"candidateName": "Jane", "n": 3});
        let vars = vars.as_object().unwrap();
        assert_eq!(
            render("Hi {{ candidateName }}, {{n}} q{{missing}}", vars),
            "Hi Jane, 3 q"
        );
        assert_eq!(
            render(
                r#"{{ candidateName | default: "Aditi" }} / {{ role | default: 'Screener' }} / {{ n | upcase }}"#,
                vars
            ),
            "Jane / Screener / 3"
        );
        assert_eq!(first_number(&json!("10.9")), Some(10.9));
        assert_eq!(first_number(&json!("about 3 years.")), Some(3.0));
    }

    #[test]
    fn outcome_hints_win_over_the_name_and_the_hash() {
        let hint = json!("fail");
        assert_eq!(
            Outcome::steer(&[Some(&hint)], "Jane Pass", 0),
            Outcome::Fail
        );
        assert_eq!(Outcome::steer(&[None], "Jane Review", 0), Outcome::Review);
        assert_eq!(Outcome::steer(&[], "Noah NoAnswer", 0), Outcome::NoAnswer);
        assert_eq!(Outcome::steer(&[], "Jane Doe", 0), Outcome::Pass);
        assert_eq!(Outcome::steer(&[], "Jane Doe", 19), Outcome::Fail);
    }
}
