//! How JD ids arrive in requests, and how the document describes them.

use serde::{Deserialize, Deserializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type,
};
use utoipa::{PartialSchema, ToSchema};

/// Ids arrive as numbers (`JobDescId: 12`) or text (`jdid: "jd-…"`, `jobDescId: "12"`).
pub fn id_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Id {
        Number(i64),
        Text(String),
        Null(()),
    }
    Ok(match Id::deserialize(deserializer)? {
        Id::Number(n) => n.to_string(),
        Id::Text(s) => s,
        Id::Null(()) => String::new(),
    })
}

/// How the document describes an id [`id_text`] reads: a number, a string or null.
pub fn id_text_schema() -> Schema {
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))),
        )
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .build()
        .into()
}

/// A JD id in a query, as sent: its integer id (digits that fit in 64 bits) or its folder id,
/// surrounding whitespace ignored. Anything else never names a JD.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct JdId(pub String);

impl PartialSchema for JdId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(64))
            .pattern(Some(
                "^\\s*(?:[0-9]{1,18}|[A-Za-z0-9_-]*[A-Za-z_-][A-Za-z0-9_-]*)\\s*$",
            ))
            .into()
    }
}

impl ToSchema for JdId {}
