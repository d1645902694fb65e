//! The scope each API operation asks of an integrator's API token, read from the OpenAPI
//! document: the guard enforces what the document says, so the two cannot differ.

use std::collections::HashMap;

use axum::http::Method;

/// The security scheme under which the OpenAPI document names the scope an API token needs.
pub const TOKEN_SCHEME: &str = "apiToken";

/// The scope the OpenAPI document asks an API token to hold for each operation, read from the
/// document itself so what it says and what the guard enforces cannot differ. An operation the
/// document gives no scope is missing here, and a token may not use it.
#[derive(Debug)]
pub struct TokenScopes(HashMap<(Method, String), String>);

impl TokenScopes {
    /// Every operation of `doc` with a [`TOKEN_SCHEME`] requirement, under `mount` (where the
    /// router serves the document's paths, e.g. `/api`).
    pub fn from_document(doc: &utoipa::openapi::OpenApi, mount: &str) -> Self {
        let mut scopes = HashMap::new();
        for (path, item) in &doc.paths.paths {
            let operations = [
                (Method::GET, &item.get),
                (Method::POST, &item.post),
                (Method::PUT, &item.put),
                (Method::PATCH, &item.patch),
                (Method::DELETE, &item.delete),
            ];
            for (method, operation) in operations {
                let needed = operation
                    .iter()
                    .flat_map(|o| o.security.iter().flatten())
                    .filter_map(|requirement| serde_json::to_value(requirement).ok())
                    .find_map(|value| value[TOKEN_SCHEME][0].as_str().map(str::to_owned));
                if let Some(needed) = needed {
                    scopes.insert((method, format!("{mount}{path}")), needed);
                }
            }
        }
        TokenScopes(scopes)
    }

    /// The scope `method` on the route `matched` (the router's pattern, e.g.
    /// `/api/Voice/calls/{id}`) needs, if a token may use it at all.
    pub fn needed(&self, method: &Method, matched: &str) -> Option<&str> {
        self.0
            .get(&(method.clone(), matched.to_owned()))
            .map(String::as_str)
    }
}
