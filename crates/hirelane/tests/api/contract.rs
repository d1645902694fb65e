//! Contract tests against Vapi's 2026-08 schemas (through `vapi_sim::contract`): every request
//! body the server sends validates, and answers of both the mid-2024 and the current shape parse.

use hirelane::config::VoiceSettings;
use hirelane::voice::conclusions::analysis::structured_data_schema;
use hirelane::voice::vapi::CallSetup;
use hirelane::voice::vapi::{
    self, AssistantForm, Call, CreateCallAnswer, WebhookTarget, analysis_plan, call_body,
    public_assistant, web_call_body,
};
use serde_json::{Map, Value, json};

fn form() -> AssistantForm {
    AssistantForm {
        assistant_name: "Ava - Backend Screen".into(),
        candidate_name: "Jane Doe".into(),
        role: "Backend Engineer".into(),
        experience: "5 years".into(),
        interview_time: "30 minutes".into(),
        topics: vec![
            "Rust".into(),
            "PostgreSQL".into(),
            "APIs".into(),
            "Testing".into(),
        ],
        questions: (1..=10)
            .map(|i| format!("Question number {i} about your work"))
            .collect(),
        tools: vec![
            "Git".into(),
            "Docker".into(),
            "Kubernetes".into(),
            "Grafana".into(),
        ],
    }
}

/// Validates against the schema and, stricter than Vapi's document (which leaves
/// `additionalProperties` open), checks every top-level key is one the schema names.
fn assert_valid(schema: &str, body: &Value, allowed_extra: &[&str]) {
    if let Err(errors) = vapi_sim::contract::validate(schema, body) {
        panic!("{schema} invalid: {errors:#?}\n{body:#}");
    }
    let file: Value = serde_json::from_str(vapi_sim::contract::SCHEMAS_JSON).expect("schema file");
    let props = file["schemas"][schema]["properties"]
        .as_object()
        .cloned()
        .expect("schema has properties");
    for key in body.as_object().expect("object").keys() {
        assert!(
            props.contains_key(key) || allowed_extra.contains(&key.as_str()),
            "{schema}: {key} is not in the 2026-08 document"
        );
    }
}

#[test]
fn assistant_body_is_a_current_create_assistant_dto() {
    let settings = VoiceSettings::default();
    let body = vapi::assistant_body(
        &form(),
        &settings,
        &WebhookTarget {
            url: "https://hirelane.example/api/webhooks/vapi",
            secret: "s3cret",
        },
    );
    // Dropped from the generated schema in 2025 but still documented and honoured by Vapi;
    // the spec fixes it at 60 s.
    assert_valid("CreateAssistantDTO", &body, &["silenceTimeoutSeconds"]);
    assert_eq!(body["silenceTimeoutSeconds"], 60);
    assert_eq!(body["voice"]["voiceId"], "Neha");
    assert_eq!(body["model"]["temperature"], 0.5);
    assert_eq!(body["maxDurationSeconds"], 30 * 60 + 300);
    assert_eq!(body["analysisPlan"]["structuredDataPlan"]["enabled"], true);
    assert_eq!(
        body["analysisPlan"]["structuredDataPlan"]["schema"],
        structured_data_schema()
    );
    assert_eq!(body["server"]["headers"]["x-vapi-secret"], "s3cret");
    let prompt = body["model"]["messages"][0]["content"]
        .as_str()
        .expect("prompt");
    assert!(
        prompt.contains("Topics: Rust, PostgreSQL, APIs, Testing"),
        "{prompt}"
    );
    assert!(
        prompt.contains("Git, Docker, Kubernetes, Grafana"),
        "{prompt}"
    );
    // Every question as the recruiter wrote it, in order: none turned into "…?".
    let asked: Vec<&str> = prompt
        .lines()
        .skip_while(|l| *l != "Questions, in order:")
        .skip(1)
        .take_while(|l| !l.starts_with("When every question"))
        .collect();
    let written: Vec<String> = (1..=10)
        .map(|i| format!("Question number {i} about your work"))
        .collect();
    assert_eq!(asked, written, "{prompt}");
    for sub in ["summaryPlan", "structuredDataPlan", "successEvaluationPlan"] {
        let text = body["analysisPlan"][sub]["messages"][0]["content"]
            .as_str()
            .expect("plan prompt");
        assert!(
            text.contains("Docker") && text.contains("Question number 10"),
            "{sub}"
        );
    }
}

#[test]
fn call_bodies_are_current_dtos() {
    let mut metadata = Map::new();
    metadata.insert("candidateName".into(), json!("Jane Doe"));
    let mut variables = Map::new();
    variables.insert("candidateName".into(), json!("Jane Doe"));
    variables.insert("jobTitle".into(), json!("Backend Engineer"));
    let setup = CallSetup {
        variables,
        metadata,
        questions: vec!["Why Rust?".into()],
    };
    let body = call_body(
        "3f1c2e8a-6b0d-4c4e-9a55-0f1d2c3b4a5e",
        "phone-1",
        "+919876543210",
        "2026-09-01T15:00:00Z",
        &setup,
    );
    assert_valid("CreateCallDTO", &body, &[]);
    assert!(body.get("customers").is_none() && body.get("metadata").is_none());
    assert_eq!(
        body["assistantOverrides"]["metadata"]["candidateName"],
        "Jane Doe"
    );
    assert_eq!(body["schedulePlan"]["earliestAt"], "2026-09-01T15:00:00Z");

    assert_eq!(
        body["assistantOverrides"]["variableValues"]["jobTitle"],
        "Backend Engineer"
    );
    let keys: Vec<&String> = body["assistantOverrides"]
        .as_object()
        .expect("overrides")
        .keys()
        .collect();
    assert_eq!(
        keys,
        ["metadata", "variableValues"],
        "nothing else is overridden"
    );
    let web = web_call_body("3f1c2e8a-6b0d-4c4e-9a55-0f1d2c3b4a5e", &setup);
    assert_valid("CreateWebCallDTO", &web, &[]);
}

#[test]
fn reads_a_mid_2024_call() {
    let call: Call = serde_json::from_value(json!({
        "id": "c-2024", "orgId": "o", "type": "outboundPhoneCall", "status": "ended",
        "createdAt": "2024-06-01T10:00:00.000Z", "updatedAt": "2024-06-01T10:30:00.000Z",
        "endedReason": "customer-ended-call",
        "metadata": { "candidateName": "Old Shape" },
        "transcript": "AI: Hi\nUser: Hello",
        "recordingUrl": "https://storage.vapi.ai/x-mono.wav",
        "summary": "Fine.",
        "analysis": { "successEvaluation": "true", "structuredData": { "keySkills": ["Go"] } },
        "customers": null, "costBreakdown": { "total": 1.2 }
    }))
    .expect("2024 call parses");
    assert_eq!(call.candidate_name().as_deref(), Some("Old Shape"));
    let report = call.report();
    assert_eq!(report.transcript.as_deref(), Some("AI: Hi\nUser: Hello"));
    assert_eq!(
        report.recording_url.as_deref(),
        Some("https://storage.vapi.ai/x-mono.wav")
    );
    assert_eq!(report.summary.as_deref(), Some("Fine."));
    assert_eq!(report.success_evaluation.as_deref(), Some("true"));
}

#[test]
fn reads_a_2026_call_and_batch_answer() {
    let sample = json!({
        "id": "c-2026", "orgId": "o", "type": "outboundPhoneCall", "status": "ended",
        "createdAt": "2026-08-20T10:05:00.000Z", "updatedAt": "2026-09-01T15:31:12.000Z",
        "assistantOverrides": { "metadata": { "candidateName": "New Shape" } },
        "customer": { "number": "+14155550123", "name": "Jane" },
        "schedulePlan": { "earliestAt": "2026-09-01T15:00:00.000Z" },
        "artifact": { "transcript": "AI: Hi", "recording": { "mono": { "combinedUrl": "https://r/m.wav" } } },
        "analysis": { "summary": "Good.", "successEvaluation": "false",
                      "structuredData": { "additionalInterviewMetrics": { "technicalScore": 3 } } },
        "subscriptionLimits": { "concurrencyBlocked": false }
    });
    if let Err(errors) = vapi_sim::contract::validate("Call", &sample) {
        panic!("sample is not a 2026 Call: {errors:?}");
    }
    let call: Call = serde_json::from_value(sample.clone()).expect("2026 call parses");
    assert_eq!(call.candidate_name().as_deref(), Some("New Shape"));
    assert_eq!(call.phone().as_deref(), Some("+14155550123"));
    assert_eq!(
        call.earliest_at().as_deref(),
        Some("2026-09-01T15:00:00.000Z")
    );
    let report = call.report();
    assert_eq!(report.recording_url.as_deref(), Some("https://r/m.wav"));
    assert_eq!(report.success_evaluation.as_deref(), Some("false"));

    let single: CreateCallAnswer = serde_json::from_value(sample.clone()).expect("single");
    assert_eq!(single.into_first().map(|c| c.id).as_deref(), Some("c-2026"));
    let batch: CreateCallAnswer =
        serde_json::from_value(json!({ "results": [sample], "errors": [] })).expect("batch");
    assert_eq!(batch.into_first().map(|c| c.id).as_deref(), Some("c-2026"));
}

#[test]
fn reads_flat_and_nested_analysis_plans_and_hides_secrets() {
    let flat = json!({ "analysisPlan": { "summaryPrompt": "off", "structuredDataPrompt": "x",
                       "successEvaluationPrompt": "Did they pass?" } });
    let plan = analysis_plan(&flat);
    assert!(!plan.summary && plan.structured_data && plan.success_evaluation);
    let nested = json!({ "analysisPlan": { "structuredDataPlan": { "enabled": true },
                         "successEvaluationPlan": { "enabled": false } } });
    let plan = analysis_plan(&nested);
    assert!(plan.summary && plan.structured_data && !plan.success_evaluation);

    let assistant = json!({ "id": "a", "name": "Ava", "createdAt": "t", "updatedAt": "t",
        "model": { "provider": "openai", "model": "gpt-4o", "messages": [{"role": "system", "content": "p"}] },
        "voice": { "provider": "vapi", "voiceId": "Neha" },
        "server": { "url": "u", "headers": { "x-vapi-secret": "s3cret" } },
        "serverUrlSecret": "old-s3cret" });
    let shown = public_assistant(&assistant).to_string();
    assert!(!shown.contains("s3cret"), "{shown}");
    assert!(shown.contains("Neha"));
}
