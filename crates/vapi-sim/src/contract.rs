//! Contract checks against the provider's published OpenAPI document (2026-08).
//!
//! `contract/vapi-2026-08-schemas.json` holds the component schemas the product touches and
//! their `$ref` closure, extracted by `contract/extract.py`. This module validates JSON values
//! against them with the subset of OpenAPI 3.0 schema keywords the document uses: `type`,
//! `nullable`, `properties`, `required`, `additionalProperties`, `items`, `enum`, `$ref`,
//! `allOf`, `oneOf`, `minLength`/`maxLength`, `minimum`/`maximum` and `format: date-time`.
//! `pattern` is not checked (no regex engine in the tree).
//!
//! `oneOf` is checked as "at least one": Vapi's generated variants overlap (a bot message is
//! also a valid `UserMessage`), so strict exclusivity would reject Vapi's own payloads.

use std::sync::OnceLock;

use serde_json::{Map, Value};

/// The extracted schemas, committed beside this crate.
pub const SCHEMAS_JSON: &str = include_str!("../contract/vapi-2026-08-schemas.json");

/// The parsed schema file.
#[derive(Debug)]
pub struct Schemas {
    schemas: Map<String, Value>,
}

/// The schemas from the committed file (parsed once).
pub fn schemas() -> &'static Schemas {
    static SCHEMAS: OnceLock<Schemas> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        let file: Value = serde_json::from_str(SCHEMAS_JSON).unwrap_or_default();
        Schemas {
            schemas: file
                .get("schemas")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default(),
        }
    })
}

/// Validates `value` against the named component schema (e.g. `"Call"`); the error lists
/// every violation as `path: problem`.
pub fn validate(schema: &str, value: &Value) -> Result<(), Vec<String>> {
    schemas().validate(schema, value)
}

impl Schemas {
    /// Names of the schemas available.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.schemas.keys().map(String::as_str)
    }

    /// See [`validate`].
    pub fn validate(&self, schema: &str, value: &Value) -> Result<(), Vec<String>> {
        let Some(root) = self.schemas.get(schema) else {
            return Err(vec![format!("unknown schema {schema}")]);
        };
        let mut errors = Vec::new();
        self.check(root, value, "$", &mut errors, 0);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn resolve<'a>(&'a self, reference: &str) -> Option<&'a Value> {
        self.schemas.get(reference.rsplit('/').next()?)
    }

    fn check(
        &self,
        schema: &Value,
        value: &Value,
        path: &str,
        errors: &mut Vec<String>,
        depth: usize,
    ) {
        // The schemas are recursive (assistants contain squads contain assistants); values are
        // finite, so this only guards against a malformed file.
        if depth > 64 {
            errors.push(format!("{path}: schema nesting too deep"));
            return;
        }
        let Some(schema) = schema.as_object() else {
            return;
        };
        if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
            match self.resolve(r) {
                Some(target) => self.check(target, value, path, errors, depth + 1),
                None => errors.push(format!("{path}: unresolved {r}")),
            }
        }
        if value.is_null() {
            // OpenAPI 3.0: null is allowed only with `nullable: true` (or no type at all).
            if schema.contains_key("type") && schema.get("nullable") != Some(&Value::Bool(true)) {
                errors.push(format!("{path}: null is not allowed"));
            }
            return;
        }
        if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
            for s in all {
                self.check(s, value, path, errors, depth + 1);
            }
        }
        if let Some(any) = schema
            .get("oneOf")
            .or_else(|| schema.get("anyOf"))
            .and_then(Value::as_array)
        {
            let mut best: Option<Vec<String>> = None;
            for s in any {
                let mut e = Vec::new();
                self.check(s, value, path, &mut e, depth + 1);
                if e.is_empty() {
                    best = None;
                    break;
                }
                if best.as_ref().is_none_or(|b| e.len() < b.len()) {
                    best = Some(e);
                }
            }
            if let Some(e) = best {
                errors.push(format!(
                    "{path}: matches none of {} alternatives; closest:",
                    any.len()
                ));
                errors.extend(e);
            }
        }
        if let Some(t) = schema.get("type").and_then(Value::as_str)
            && !type_matches(t, value)
        {
            errors.push(format!("{path}: expected {t}, got {}", kind(value)));
            return;
        }
        if let Some(options) = schema.get("enum").and_then(Value::as_array) {
            // Nest's generator puts an array's item enum on the array itself.
            let values = match value {
                Value::Array(items) => items.iter().collect(),
                single => vec![single],
            };
            for v in values.into_iter().filter(|v| !options.contains(v)) {
                errors.push(format!(
                    "{path}: {v} is not one of the {} allowed values",
                    options.len()
                ));
            }
        }
        match value {
            Value::String(s) => {
                let len = s.chars().count() as u64;
                if let Some(max) = schema.get("maxLength").and_then(Value::as_u64)
                    && len > max
                {
                    errors.push(format!("{path}: longer than {max} characters"));
                }
                if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
                    && len < min
                {
                    errors.push(format!("{path}: shorter than {min} characters"));
                }
                if schema.get("format").and_then(Value::as_str) == Some("date-time")
                    && s.parse::<jiff::Timestamp>().is_err()
                {
                    errors.push(format!("{path}: {s:?} is not an RFC 3339 date-time"));
                }
            }
            Value::Number(n) => {
                let v = n.as_f64().unwrap_or(f64::NAN);
                if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
                    && v < min
                {
                    errors.push(format!("{path}: {v} is less than {min}"));
                }
                if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
                    && v > max
                {
                    errors.push(format!("{path}: {v} is greater than {max}"));
                }
            }
            Value::Array(items) => {
                if let Some(item_schema) = schema.get("items") {
                    for (i, item) in items.iter().enumerate() {
                        self.check(
                            item_schema,
                            item,
                            &format!("{path}[{i}]"),
                            errors,
                            depth + 1,
                        );
                    }
                }
            }
            Value::Object(fields) => {
                if let Some(required) = schema.get("required").and_then(Value::as_array) {
                    for r in required.iter().filter_map(Value::as_str) {
                        if !fields.contains_key(r) {
                            errors.push(format!("{path}: missing required property {r}"));
                        }
                    }
                }
                let props = schema.get("properties").and_then(Value::as_object);
                for (k, v) in fields {
                    let sub = format!("{path}.{k}");
                    match (
                        props.and_then(|p| p.get(k)),
                        schema.get("additionalProperties"),
                    ) {
                        (Some(s), _) => self.check(s, v, &sub, errors, depth + 1),
                        (None, Some(Value::Bool(false))) => {
                            errors.push(format!("{sub}: property not allowed"))
                        }
                        (None, Some(extra @ Value::Object(_))) => {
                            self.check(extra, v, &sub, errors, depth + 1)
                        }
                        (None, _) => {}
                    }
                }
            }
            Value::Bool(_) | Value::Null => {}
        }
    }
}

fn type_matches(t: &str, value: &Value) -> bool {
    match t {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.as_f64().is_some_and(|f| f.fract() == 0.0),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn checks_required_types_and_enums() {
        assert!(
            validate(
                "SchedulePlan",
                &json!({"earliestAt": "2026-09-01T10:00:00Z"})
            )
            .is_ok()
        );
        let err = validate("SchedulePlan", &json!({"latestAt": 3})).unwrap_err();
        assert!(
            err.iter()
                .any(|e| e.contains("missing required property earliestAt")),
            "{err:?}"
        );
        assert!(err.iter().any(|e| e.contains("expected string")), "{err:?}");
        assert!(validate("Call", &json!({"id": "x", "orgId": "o", "createdAt": "2026-09-01T10:00:00.000Z", "updatedAt": "2026-09-01T10:00:00.000Z", "status": "bogus"})).is_err());
    }
}
