//! The API's contract: an OpenAPI 3.1 document made from the handlers' own `#[utoipa::path]`
//! annotations and the routes they are registered on (`routes.rs`), served at
//! `/api/openapi.json`. What every route may answer besides its result is named here once.

use std::{
    borrow::Cow,
    collections::{BTreeMap, BTreeSet},
};

use axum::body::Bytes;
use serde::Serialize;
use serde_json::Value;
use utoipa::{
    IntoResponses, OpenApi, ToSchema,
    openapi::{
        OpenApi as Document,
        security::{ApiKey, ApiKeyValue, SecurityScheme},
    },
};

/// The security scheme of the session cookie (every admin route).
const SESSION: &str = "session";
/// The security scheme of the CSRF token header (every admin write).
const CSRF: &str = "csrf";
/// The header in which the admin app sends the session's CSRF token with every write.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// Every error but a field check: `{"error": "..."}`, a message to show as it is.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
}

/// A form that did not pass its checks: the messages per field, all at once.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldErrorsBody {
    #[schema(value_type = BTreeMap<String, Vec<String>>)]
    pub errors: BTreeMap<Cow<'static, str>, Vec<String>>,
}

/// A 422: the fields' messages, or why the JSON did not fit the form (a wrong type, an unknown
/// or missing field).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, reason = "a schema only: the two bodies a 422 may have")]
pub enum Unprocessable {
    Fields(FieldErrorsBody),
    Message(ErrorBody),
}

/// What a route that reads a JSON body may answer when the body is not right.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum BodyRefusals {
    #[response(
        status = 400,
        description = "The body is not JSON, or a path or query parameter is malformed."
    )]
    Malformed(ErrorBody),
    #[response(status = 408, description = "The body did not arrive in time.")]
    TooSlow(ErrorBody),
    #[response(status = 413, description = "The body is larger than this route takes.")]
    TooLarge(ErrorBody),
    #[response(status = 415, description = "The body is not sent as `application/json`.")]
    NotJson(ErrorBody),
    #[response(
        status = 422,
        description = "A field is missing, unknown, of the wrong type or fails its check."
    )]
    Invalid(Unprocessable),
}

/// What every admin route may answer to a request it cannot serve.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum AdminRefusals {
    #[response(status = 401, description = "Not signed in, or the session has ended.")]
    NotSignedIn(ErrorBody),
    #[response(
        status = 403,
        description = "The account may not use the admin area, or a write came cross-site or without the session's CSRF token."
    )]
    Forbidden(ErrorBody),
    #[response(status = 503, description = "The database cannot be reached or written; nothing was saved.")]
    Unavailable(ErrorBody),
}

/// What a public route that reads or writes the database answers while it cannot.
#[derive(IntoResponses)]
#[allow(dead_code, reason = "a list of documented responses")]
pub enum Unavailable {
    #[response(status = 503, description = "The database cannot be reached or written; nothing was saved.")]
    Unavailable(ErrorBody),
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Trailerworks API",
        description = "The public site's page data, blog search and booking desk, and the admin area's API. \
            Admin routes need the session cookie that sign-in sets; writes also need the session's CSRF \
            token in the X-CSRF-Token header. Every error is JSON."
    ),
    servers((url = "/", description = "This site: every route is under /api.")),
    components(schemas(ErrorBody, FieldErrorsBody, Unprocessable)),
    tags(
        (name = "public", description = "What the public site's pages and booking dialog call."),
        (name = "admin", description = "The admin area: sign-in, posts, images, bookings, audit log."),
        (name = "texts", description = "What the text (SMS) provider posts: customers' texts and sent texts' status.")
    )
)]
struct Base;

/// The served document, made once when the router is built.
#[derive(Clone)]
pub struct ApiDocument(pub Bytes);

impl ApiDocument {
    /// `paths` (what the routes registered) on the base document, with the session cookie's
    /// name as this server sets it.
    pub fn new(paths: Document, cookie_name: &str) -> anyhow::Result<Self> {
        let mut document = Base::openapi().merge_from(paths);
        name_operations(&mut document);
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                cookie_name,
                "The session cookie that POST /api/admin/login sets.",
            ))),
        );
        components.add_security_scheme(
            CSRF,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                CSRF_HEADER,
                "The csrfToken of the session (from sign-in or GET /api/admin/session).",
            ))),
        );
        let mut document = serde_json::to_value(&document)?;
        require_sent_fields(&mut document);
        state_public_security(&mut document);
        Ok(Self(Bytes::from(serde_json::to_vec(&document)?)))
    }
}

/// Every operation states who may call it: one that needs no session says so with
/// `security: []` (sign-in, the visitor's own links, the public site's data).
fn state_public_security(document: &mut Value) {
    let Some(paths) = document["paths"].as_object_mut() else { return };
    for operation in paths.values_mut().filter_map(Value::as_object_mut).flat_map(|item| item.values_mut()) {
        if let Some(operation) = operation.as_object_mut() {
            operation.entry("security").or_insert_with(|| Value::Array(Vec::new()));
        }
    }
}

/// The fields the server leaves out of an answer when they are empty (`skip_serializing_if`):
/// the dashboard's list of posts has no content, and older posts have no image text.
const LEFT_OUT_WHEN_EMPTY: &[(&str, &str)] = &[
    ("AdminPost", "content"),
    ("AdminPost", "featuredImageAlt"),
    ("AdminPost", "metaDescription"),
    ("AdminPost", "socialImage"),
    ("AdminPost", "service"),
];

/// Marks required every field of an answer's schema that the server always sends: an `Option`
/// is sent as `null`, never left out, so the browser's generated types need no `?` where the
/// field is always there. A schema also read from a request keeps its optional fields (a form
/// may leave them out). The API contract test holds the server to it.
fn require_sent_fields(document: &mut Value) {
    let mut read = BTreeSet::new();
    let mut answered = BTreeSet::new();
    let schemas = &document["components"]["schemas"];
    if let Some(paths) = document["paths"].as_object() {
        for operation in paths.values().filter_map(Value::as_object).flat_map(|item| item.values()) {
            referenced(&operation["requestBody"], schemas, &mut read);
            referenced(&operation["parameters"], schemas, &mut read);
            referenced(&operation["responses"], schemas, &mut answered);
        }
    }
    let Some(schemas) = document["components"]["schemas"].as_object_mut() else { return };
    for name in answered.difference(&read) {
        if let Some(schema) = schemas.get_mut(name.as_str()) {
            require_all(schema, name);
        }
    }
}

/// Marks every field of `schema`, and of the objects written out inside it, required (but those
/// of `LEFT_OUT_WHEN_EMPTY`).
fn require_all(schema: &mut Value, name: &str) {
    if let Some(fields) = schema["properties"].as_object() {
        let sent: Vec<Value> = fields
            .keys()
            .filter(|field| !LEFT_OUT_WHEN_EMPTY.contains(&(name, field.as_str())))
            .map(|field| Value::String(field.clone()))
            .collect();
        schema["required"] = Value::Array(sent);
    }
    let Some(parts) = schema.as_object_mut() else { return };
    for (key, part) in parts.iter_mut() {
        match (key.as_str(), part) {
            ("properties", Value::Object(fields)) => {
                fields.values_mut().for_each(|field| require_all(field, ""))
            }
            ("items" | "additionalProperties", part) => require_all(part, ""),
            ("allOf" | "oneOf" | "anyOf", Value::Array(choices)) => {
                choices.iter_mut().for_each(|choice| require_all(choice, name));
            }
            _ => {}
        }
    }
}

/// Adds the names of the schemas `node` refers to, and those they refer to, to `found`.
fn referenced(node: &Value, schemas: &Value, found: &mut BTreeSet<String>) {
    match node {
        Value::Object(fields) => {
            for (key, value) in fields {
                let name = value.as_str().and_then(|target| target.strip_prefix("#/components/schemas/"));
                match name {
                    Some(name) if key == "$ref" => {
                        if found.insert(name.to_owned()) {
                            referenced(&schemas[name], schemas, found);
                        }
                    }
                    _ => referenced(value, schemas, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| referenced(item, schemas, found)),
        _ => {}
    }
}

/// Names each operation by its method and path ("getAdminBookingsIdNotes"): unique by
/// construction, as generated clients key on it (the handlers' own names repeat: `show`, `list`).
fn name_operations(document: &mut Document) {
    for (path, item) in document.paths.paths.iter_mut() {
        let words: String = path
            .trim_start_matches("/api")
            .split(['/', '-', '.', '{', '}', '_'])
            .filter(|word| !word.is_empty())
            .map(|word| {
                let mut chars = word.chars();
                chars
                    .next()
                    .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                    .unwrap_or_default()
            })
            .collect();
        let operations = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ];
        for (method, operation) in operations {
            if let Some(operation) = operation {
                operation.operation_id = Some(format!("{method}{words}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::{collections::BTreeMap, path::Path};

    /// The name each `ToSchema` type has in the document (its `#[schema(as = ...)]`, else its
    /// own), with the file that defines it.
    fn schema_names(dir: &Path, found: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("the source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                schema_names(&path, found);
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let lines: Vec<&str> = text.lines().collect();
            for (at, line) in lines.iter().enumerate() {
                if !(line.trim_start().starts_with("#[derive(") && line.contains("ToSchema")) {
                    continue;
                }
                let mut alias = None;
                for next in lines.iter().skip(at + 1).take(8) {
                    let next = next.trim();
                    if let Some(rest) = next.strip_prefix("#[schema(as = ") {
                        alias = rest.split([')', ',']).next().map(str::to_owned);
                    }
                    let item = next.trim_start_matches("pub ").trim_start_matches("pub(crate) ");
                    if let Some(rest) = item.strip_prefix("struct ").or_else(|| item.strip_prefix("enum ")) {
                        let own: String =
                            rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                        found.push((alias.unwrap_or(own), path.display().to_string()));
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn no_two_types_of_the_api_document_share_a_name() {
        // utoipa keeps one of two schemas with the same name, and the document then states the
        // wrong body for the other's routes (two `CodeForm`s once made the sign-in code's body
        // `{code}`).
        let mut found = Vec::new();
        schema_names(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut found);
        assert!(found.len() > 50, "the scan finds the types: {}", found.len());
        let mut by_name: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (name, file) in &found {
            by_name.entry(name).or_default().push(file);
        }
        let shared: Vec<_> = by_name.iter().filter(|(_, files)| files.len() > 1).collect();
        assert!(shared.is_empty(), "schema names used twice: {shared:?}");
    }
}
