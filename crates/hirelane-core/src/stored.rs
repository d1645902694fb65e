//! Enums stored as text in the database. strum derives both directions from the enum itself
//! (`IntoStaticStr` and `EnumString`, with its `serialize_all` case and any variant's own
//! `serialize`), and [`stored_text!`](crate::stored_text) gives each enum `as_str`, `parse` and
//! the `TryFrom<String>` that sqlx's `#[sqlx(try_from = "String")]` reads a column with. Text no
//! variant has is an error, so a corrupt or newer row fails its request (a 500, logged) instead
//! of reading as some other state.

use std::fmt;
use std::str::FromStr;

/// Column text that names no variant of the enum it is read as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownText {
    /// The enum's name.
    pub kind: &'static str,
    pub text: String,
}

impl fmt::Display for UnknownText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} '{}' in the database", self.kind, self.text)
    }
}

impl std::error::Error for UnknownText {}

/// Reads stored text as `T`.
pub fn parse<T: FromStr>(kind: &'static str, text: &str) -> Result<T, UnknownText> {
    text.parse().map_err(|_| UnknownText {
        kind,
        text: text.to_owned(),
    })
}

/// Whether every variant of `T` reads back from its own text and unknown text is refused; the
/// first failure otherwise. Each stored enum's unit test runs it.
pub fn check_round_trip<T>() -> Result<(), String>
where
    T: strum::VariantArray + Copy + PartialEq + fmt::Debug + FromStr + Into<&'static str>,
{
    let mut texts = Vec::new();
    for &variant in T::VARIANTS {
        let text: &'static str = variant.into();
        if text.parse::<T>().ok() != Some(variant) {
            return Err(format!("{variant:?} does not read back from '{text}'"));
        }
        if texts.contains(&text) {
            return Err(format!("'{text}' names two variants"));
        }
        texts.push(text);
    }
    for unknown in ["", "unknown", "DROP TABLE"] {
        if unknown.parse::<T>().is_ok() {
            return Err(format!("'{unknown}' was read as a variant"));
        }
    }
    Ok(())
}

/// `as_str`, `parse`, `TryFrom<String>` and sqlx's `Type` and `Decode` (as text, on either
/// backend) for an enum deriving strum's `IntoStaticStr`, `EnumString` and `VariantArray`.
#[macro_export]
macro_rules! stored_text {
    ($enum:ident) => {
        impl $enum {
            /// The stored text.
            pub fn as_str(self) -> &'static str {
                self.into()
            }

            /// Reads stored text; text no variant has is an error.
            pub fn parse(text: &str) -> Result<$enum, $crate::stored::UnknownText> {
                $crate::stored::parse(stringify!($enum), text)
            }
        }

        impl TryFrom<String> for $enum {
            type Error = $crate::stored::UnknownText;

            fn try_from(text: String) -> Result<$enum, Self::Error> {
                $enum::parse(&text)
            }
        }

        // Read straight from a text column, so a nullable one is `Option<$enum>` in a row: NULL
        // is `None`, and unknown text fails the row (the `try_from = "String"` attribute cannot
        // express an `Option`).
        impl<DB: $crate::store::__sqlx::Database> $crate::store::__sqlx::Type<DB> for $enum
        where
            String: $crate::store::__sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <String as $crate::store::__sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <String as $crate::store::__sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'r, DB: $crate::store::__sqlx::Database> $crate::store::__sqlx::Decode<'r, DB>
            for $enum
        where
            &'r str: $crate::store::__sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as $crate::store::__sqlx::Database>::ValueRef<'r>,
            ) -> Result<$enum, $crate::store::__sqlx::error::BoxDynError> {
                let text = <&'r str as $crate::store::__sqlx::Decode<'r, DB>>::decode(value)?;
                Ok($enum::parse(text)?)
            }
        }
    };
}
