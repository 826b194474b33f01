//! `At`: an instant as the server stores and sends it. One type from the database to the
//! browser: PostgreSQL keeps it as `timestamptz`; SQLite, which has no time type, as ISO 8601
//! UTC text with milliseconds, fixed width so it sorts as text; JSON carries that same text.

use std::{fmt, str::FromStr};

use jiff::{SignedDuration, Timestamp, tz::TimeZone};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sqlx::{
    Database, Decode, Encode, Postgres, Sqlite, Type,
    encode::IsNull,
    error::BoxDynError,
    postgres::{PgTypeInfo, PgValueFormat, PgValueRef, types::Oid},
};
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{KnownFormat, ObjectBuilder, RefOr, Schema, SchemaFormat, Type as SchemaType},
};

/// An instant, to the millisecond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct At(Timestamp);

impl At {
    pub fn timestamp(self) -> Timestamp {
        self.0
    }

    /// As a person reads it on the shop's clock (`zone`), e.g. "Dec 1, 2026, 9:00 AM MST".
    pub fn on_shop_clock(self, zone: &TimeZone) -> String {
        self.0.to_zoned(zone.clone()).strftime("%b %-d, %Y, %-I:%M %p %Z").to_string()
    }

    /// Its date on the clock of `zone`.
    pub fn date(self, zone: &TimeZone) -> jiff::civil::Date {
        self.0.to_zoned(zone.clone()).date()
    }
}

impl From<Timestamp> for At {
    /// The instant, to the millisecond (what either database keeps of it).
    fn from(at: Timestamp) -> Self {
        let millis = at.as_millisecond();
        Self(Timestamp::from_millisecond(millis).unwrap_or(at))
    }
}

impl From<At> for Timestamp {
    fn from(at: At) -> Self {
        at.0
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.strftime("%Y-%m-%dT%H:%M:%S%.3fZ"))
    }
}

impl FromStr for At {
    type Err = jiff::Error;

    /// ISO 8601 / RFC 3339 with an offset (`2026-11-28T03:50:23.123Z`), and PostgreSQL's text
    /// form (`2026-11-28 03:50:23.123+00`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse::<Timestamp>().map(Self::from)
    }
}

impl Serialize for At {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for At {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl PartialSchema for At {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .description(Some("An instant in UTC, to the millisecond: 2026-11-28T15:04:05.000Z"))
            .into()
    }
}

impl ToSchema for At {}

impl Type<Sqlite> for At {
    fn type_info() -> <Sqlite as Database>::TypeInfo {
        <String as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &<Sqlite as Database>::TypeInfo) -> bool {
        <String as Type<Sqlite>>::compatible(ty)
    }
}

impl Encode<'_, Sqlite> for At {
    fn encode_by_ref(&self, buf: &mut <Sqlite as Database>::ArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <String as Encode<Sqlite>>::encode(self.to_string(), buf)
    }
}

impl<'r> Decode<'r, Sqlite> for At {
    fn decode(value: <Sqlite as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(<&str as Decode<Sqlite>>::decode(value)?.parse()?)
    }
}

/// PostgreSQL's `timestamptz`, whose binary form is microseconds since 2000-01-01 UTC.
const TIMESTAMPTZ: Oid = Oid(1184);
const POSTGRES_EPOCH: Timestamp = Timestamp::constant(946_684_800, 0);

impl Type<Postgres> for At {
    fn type_info() -> PgTypeInfo {
        PgTypeInfo::with_oid(TIMESTAMPTZ)
    }
}

impl Encode<'_, Postgres> for At {
    fn encode_by_ref(&self, buf: &mut <Postgres as Database>::ArgumentBuffer) -> Result<IsNull, BoxDynError> {
        let micros = i64::try_from(self.0.duration_since(POSTGRES_EPOCH).as_micros())?;
        <i64 as Encode<Postgres>>::encode(micros, buf)
    }

    fn size_hint(&self) -> usize {
        size_of::<i64>()
    }
}

impl<'r> Decode<'r, Postgres> for At {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        match value.format() {
            PgValueFormat::Binary => {
                let micros = <i64 as Decode<Postgres>>::decode(value)?;
                Ok(Self::from(POSTGRES_EPOCH.checked_add(SignedDuration::from_micros(micros))?))
            }
            PgValueFormat::Text => Ok(value.as_str()?.parse()?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instant_is_text_of_fixed_width_that_sorts() {
        let at: At = "2025-03-14T09:05:07.25Z".parse().unwrap();
        assert_eq!(at.to_string(), "2025-03-14T09:05:07.250Z");
        let later = At::from(at.timestamp() + SignedDuration::from_millis(1));
        assert!(at.to_string() < later.to_string());
        assert_eq!(serde_json::to_value(at).unwrap(), "2025-03-14T09:05:07.250Z");
        assert_eq!(serde_json::from_value::<At>("2025-03-14T09:05:07.250Z".into()).unwrap(), at);
    }

    #[test]
    fn postgres_text_form_is_read() {
        let at: At = "2026-11-28 03:50:23.123+00".parse().unwrap();
        assert_eq!(at.to_string(), "2026-11-28T03:50:23.123Z");
    }

    #[test]
    fn what_is_kept_is_the_millisecond() {
        let at = At::from(Timestamp::from_nanosecond(1_700_000_000_123_456_789).unwrap());
        assert_eq!(at.to_string(), "2023-11-14T22:13:20.123Z");
    }

    #[test]
    fn people_read_times_on_the_shops_clock() {
        let denver = TimeZone::get("America/Denver").unwrap();
        let at = |text: &str| text.parse::<At>().unwrap();
        assert_eq!(at("2026-11-24T00:53:00.000Z").on_shop_clock(&denver), "Nov 23, 2026, 5:53 PM MST");
        assert_eq!(at("2026-07-04T15:00:00.000Z").on_shop_clock(&denver), "Jul 4, 2026, 9:00 AM MDT");
    }
}
