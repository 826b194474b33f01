//! Business values with a fixed set of names (a booking's status, ...): one Rust enum each,
//! stored as its name in a TEXT column of either database, sent as its name in JSON, and
//! stated as a string enum in the API document (so the browser's generated types carry the
//! names as a union). `text_enum!` writes the enum and those conversions once.

use std::fmt;

/// A name that is none of the type's values (a row written by hand, or a newer binary's value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    pub type_name: &'static str,
    pub name: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a {}", self.name, self.type_name)
    }
}

impl std::error::Error for UnknownName {}

/// `text_enum! { /// doc  pub enum Name { Variant => "name", ... } }`.
#[macro_export]
macro_rules! text_enum {
    ($(#[doc = $doc:literal])* pub enum $name:ident { $($(#[$vdoc:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $($(#[$vdoc])* #[serde(rename = $text)] $variant),+
        }

        // Written out rather than derived: utoipa's derive does not read a `rename` made by a macro.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description(Some(concat!($($doc, "\n"),*).trim()))
                    .enum_values(Some([$($text),+]))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}

        impl $name {
            /// Every value, in the order declared.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// Its name, as stored and sent.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::domain::UnknownName;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                match name {
                    $($text => Ok(Self::$variant),)+
                    _ => Err($crate::domain::UnknownName { type_name: stringify!($name), name: name.to_owned() }),
                }
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $name
        where
            &'static str: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&'static str as sqlx::Encode<'q, DB>>::encode(self.as_str(), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                Ok(<&'r str as sqlx::Decode<'r, DB>>::decode(value)?.parse()?)
            }
        }
    };
}
