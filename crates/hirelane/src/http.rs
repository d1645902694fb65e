//! Request extractors that follow the API's conventions: field and query-parameter names match
//! case-insensitively (the spec's client sends `JobDescId` in one call and `jobDescId` in
//! another, `jdID` here and `JdID` there), and malformed input answers in our error shape. Also
//! the client's address as limits count it.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::{self, DeserializeOwned, Visitor};

use crate::error::{Error, ErrorCode};

/// A JSON body whose top-level field names match the target's case-insensitively.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|_| {
            Error::bad_request(
                ErrorCode::InvalidBody,
                "The request body could not be read.",
            )
        })?;
        parse_json(&bytes)
    }
}

/// Parses a JSON body, matching top-level field names to `T`'s ignoring case.
fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<Json<T>, Error> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|_| {
        Error::bad_request(
            ErrorCode::InvalidJson,
            "The request body is not valid JSON.",
        )
    })?;
    let value = match value {
        serde_json::Value::Object(map) => {
            let fields = field_names::<T>();
            serde_json::Value::Object(
                map.into_iter()
                    .map(|(key, v)| (canonical(fields, key), v))
                    .collect(),
            )
        }
        other => other,
    };
    serde_json::from_value(value)
        .map(Json)
        .map_err(|e| Error::bad_request(ErrorCode::InvalidJson, format!("Invalid request: {e}.")))
}

/// An optional JSON body: an empty body is `None`, anything else must be valid.
impl<T, S> axum::extract::OptionalFromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|_| {
            Error::bad_request(
                ErrorCode::InvalidBody,
                "The request body could not be read.",
            )
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        parse_json(&bytes).map(Some)
    }
}

impl<T: serde::Serialize> axum::response::IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self.0).into_response()
    }
}

/// Query parameters whose names match the target's fields case-insensitively.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let fields = field_names::<T>();
        let raw = parts.uri.query().unwrap_or_default();
        let pairs: Vec<(String, String)> = form_urlencoded::parse(raw.as_bytes())
            .map(|(k, v)| (canonical(fields, k.into_owned()), v.into_owned()))
            .collect();
        let normalised = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(&pairs)
            .finish();
        serde_urlencoded::from_str(&normalised)
            .map(Query)
            .map_err(|e| {
                Error::bad_request(ErrorCode::InvalidQuery, format!("Invalid query: {e}."))
            })
    }
}

/// A numeric query parameter within its documented bounds, else `400 invalid_query` naming them:
/// a huge page number would otherwise become a negative offset in SQL.
pub fn within(name: &str, value: i64, bounds: std::ops::RangeInclusive<i64>) -> Result<i64, Error> {
    if bounds.contains(&value) {
        Ok(value)
    } else {
        Err(Error::bad_request(
            ErrorCode::InvalidQuery,
            format!(
                "{name} must be a whole number from {} to {}.",
                bounds.start(),
                bounds.end()
            ),
        ))
    }
}

/// A day query parameter (YYYY-MM-DD), else `400 validation` naming it; an absent parameter is
/// `None`. An empty value is not a date: leave the parameter out to mean "no limit".
pub fn day_param(name: &str, raw: Option<&str>) -> Result<Option<jiff::civil::Date>, Error> {
    match raw.map(str::trim) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            Error::bad_request(
                ErrorCode::Validation,
                format!("{name} is a date (YYYY-MM-DD)."),
            )
        }),
    }
}

/// The declared name that `key` matches ignoring case, or `key` unchanged.
fn canonical(fields: &[&'static str], key: String) -> String {
    fields
        .iter()
        .find(|f| f.eq_ignore_ascii_case(&key))
        .map(|f| (*f).to_owned())
        .unwrap_or(key)
}

/// The field names a struct's `Deserialize` impl declares, read by asking it to deserialize
/// from a deserializer that records them. Empty for anything that is not a plain struct.
pub fn field_names<T: DeserializeOwned>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(FieldRecorder(&mut fields));
    fields
}

struct FieldRecorder<'a>(&'a mut &'static [&'static str]);

#[derive(Debug)]
struct Recorded;

impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("field names recorded")
    }
}

impl std::error::Error for Recorded {}

impl de::Error for Recorded {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Recorded
    }
}

impl<'de> de::Deserializer<'de> for FieldRecorder<'_> {
    type Error = Recorded;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Recorded> {
        Err(Recorded)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Recorded> {
        *self.0 = fields;
        Err(Recorded)
    }

    /// An optional body (`Option<T>`, where `null` means none) matches `T`'s names.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Recorded> {
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// The client as rate limits count it: the socket peer or, behind the trusted proxy
/// (`server.trust_forwarded_for`), the address that proxy saw. IPv6 clients count by their /64,
/// the block one subscriber usually holds, so rotating addresses inside it gains nothing.
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl FromRequestParts<crate::state::AppState> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &crate::state::AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip());
        let forwarded = state
            .settings
            .server
            .trust_forwarded_for
            .then(|| parts.headers.get_all("x-forwarded-for"))
            .and_then(|values| proxy_saw(values.iter().filter_map(|v| v.to_str().ok())));
        Ok(ClientIp(match forwarded.or(peer) {
            Some(address) => client_key(address),
            None => "unknown".to_owned(),
        }))
    }
}

/// The address our proxy saw: the last `X-Forwarded-For` entry, which it appends
/// (`$proxy_add_x_forwarded_for`). Every entry before it is the client's to write.
fn proxy_saw<'a>(values: impl Iterator<Item = &'a str>) -> Option<std::net::IpAddr> {
    values
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .last()
        .and_then(|last| last.parse().ok())
}

/// An IPv4 address as written; an IPv6 one as its /64.
fn client_key(address: std::net::IpAddr) -> String {
    match address {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct EditJd {
        job_desc_id: i64,
        jdname: String,
        #[serde(default)]
        resume_required: bool,
    }

    #[test]
    fn records_declared_names() {
        assert_eq!(
            field_names::<EditJd>(),
            &["jobDescId", "jdname", "resumeRequired"]
        );
        assert!(field_names::<String>().is_empty());
    }

    #[test]
    fn behind_the_proxy_the_client_is_the_address_it_appended() {
        let saw = |headers: &[&str]| proxy_saw(headers.iter().copied()).map(client_key);
        assert_eq!(saw(&["203.0.113.9"]).as_deref(), Some("203.0.113.9"));
        assert_eq!(
            saw(&["1.2.3.4, 5.6.7.8, 203.0.113.9"]).as_deref(),
            Some("203.0.113.9"),
            "what the client wrote before it does not count"
        );
        assert_eq!(
            saw(&["1.2.3.4", "203.0.113.9"]).as_deref(),
            Some("203.0.113.9")
        );
        assert_eq!(saw(&["spoofed, not-an-address"]), None);
        assert_eq!(saw(&[]), None);
        assert_eq!(
            saw(&["2001:db8:1:2:aaaa:bbbb:cccc:dddd"]).as_deref(),
            Some("2001:db8:1:2::/64")
        );
        assert_eq!(
            saw(&["::ffff:198.51.100.7"]).as_deref(),
            Some("198.51.100.7")
        );
    }

    #[test]
    fn maps_keys_ignoring_case() {
        let fields = field_names::<EditJd>();
        assert_eq!(canonical(fields, "JobDescId".into()), "jobDescId");
        assert_eq!(canonical(fields, "JDNAME".into()), "jdname");
        assert_eq!(canonical(fields, "other".into()), "other");
    }
}
