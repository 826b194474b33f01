//! `trailerworks admin create|set-password`: the first admin comes from the CLI, password on stdin.

use std::{
    io::Write as _,
    process::{Command, Output, Stdio},
};

use trailerworks::config::StorageConfig;

use crate::helpers::{TestStorage, storage_args};

/// Runs the real binary with `args` and `stdin` piped in.
fn trailerworks(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trailerworks"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A command that refuses its arguments ends before it reads: its stdin may be closed already.
    let _ = child.stdin.take().expect("stdin").write_all(stdin.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

/// `trailerworks admin {action} --email {email}` on `storage`, the password on stdin.
fn admin(action: &str, email: &str, storage: &StorageConfig, password: &str) -> Output {
    let mut args = vec!["admin", action, "--email", email];
    let storage_args = storage_args(storage);
    args.extend(storage_args.iter().map(String::as_str));
    trailerworks(&args, &format!("{password}\n"))
}

async fn stored_hash(storage: &StorageConfig) -> String {
    let db = storage.open_db().await.expect("database");
    let account = trailerworks::auth::users::find_by_email(&db, "owner@example.com").await.expect("a query");
    let account = account.expect("the admin row");
    assert_eq!(account.role, trailerworks::domain::Role::Owner);
    account.password_hash
}

#[tokio::test]
async fn the_first_admin_is_created_from_stdin_with_an_argon2id_hash_and_no_plain_text() {
    let storage = TestStorage::new().await;
    let created = admin("create", "owner@example.com", &storage.config, "a long enough owner secret");
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    assert!(String::from_utf8_lossy(&created.stdout).contains("Created the admin account owner@example.com"));

    let hash = stored_hash(&storage.config).await;
    assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    assert!(trailerworks::auth::password::verify(&hash, "a long enough owner secret"));
    let app = crate::helpers::spawn_app_on(&storage, |_| {}).await;
    let in_a_column = app
        .count("SELECT COUNT(*) FROM users WHERE email LIKE '%long enough%' OR password_hash LIKE '%long enough%'")
        .await;
    assert_eq!(in_a_column, 0, "the password is in no column");
    let files: Vec<u8> = std::fs::read_dir(&storage.config.data_dir)
        .into_iter()
        .flatten()
        .filter_map(|e| std::fs::read(e.ok()?.path()).ok())
        .flatten()
        .collect();
    let needle = b"a long enough owner secret";
    assert!(
        !files.windows(needle.len()).any(|w| w == needle),
        "the password appears nowhere in the database files"
    );
}

#[tokio::test]
async fn a_second_create_is_refused_and_set_password_replaces_the_hash() {
    let storage = TestStorage::new().await;
    assert!(
        admin("create", "owner@example.com", &storage.config, "a long enough owner secret").status.success()
    );
    let again = admin("create", "OWNER@example.com", &storage.config, "another long secret");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));

    let reset = admin("set-password", "owner@example.com", &storage.config, "a brand new long secret");
    assert!(reset.status.success(), "{}", String::from_utf8_lossy(&reset.stderr));
    assert!(trailerworks::auth::password::verify(
        &stored_hash(&storage.config).await,
        "a brand new long secret"
    ));

    let nobody = admin("set-password", "nobody@example.com", &storage.config, "a brand new long secret");
    assert!(!nobody.status.success());
    assert!(String::from_utf8_lossy(&nobody.stderr).contains("There is no account"));
}

#[tokio::test]
async fn a_password_reset_unlocks_a_throttled_account_and_ends_its_sessions() {
    let app = crate::helpers::spawn_app().await;
    let signed = app.signed_in_admin().await;
    for _ in 0..5 {
        app.login(crate::helpers::ADMIN_EMAIL, "not the right password").await;
    }
    assert_eq!(
        app.login(crate::helpers::ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD).await.status().as_u16(),
        429
    );

    // The CLI works while the server runs on the same data directory.
    let reset = admin("set-password", crate::helpers::ADMIN_EMAIL, &app.storage, "a brand new long secret");
    assert!(reset.status.success(), "{}", String::from_utf8_lossy(&reset.stderr));
    let old_session = app.admin(reqwest::Method::GET, "/account", &signed).send().await.unwrap();
    assert_eq!(old_session.status().as_u16(), 401);
    let keys: Vec<(String,)> = app.rows("SELECT key FROM login_failures").await;
    assert_eq!(
        keys,
        [("address:127.0.0.1".to_owned(),)],
        "the account is open again; the address keeps its count"
    );
}

#[tokio::test]
async fn short_and_common_passwords_and_bad_emails_are_refused_with_a_reason() {
    let storage = TestStorage::new().await;
    for (email, password, reason) in [
        ("owner@example.com", "short", "at least 12 characters"),
        ("owner@example.com", "Password1234", "most common"),
        ("owner-at-example.com", "a long enough owner secret", "Invalid email format"),
    ] {
        let output = admin("create", email, &storage.config, password);
        assert!(!output.status.success());
        assert!(String::from_utf8_lossy(&output.stderr).contains(reason), "{reason}");
    }
}

#[test]
fn the_password_is_never_taken_from_the_command_line() {
    let output = trailerworks(&["admin", "create", "--email", "owner@example.com", "--password", "x"], "");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unexpected argument '--password'"));
}

#[tokio::test]
async fn an_owner_is_named_at_creation_or_later_and_a_blank_name_is_refused() {
    let storage = TestStorage::new().await;
    let mut args = vec!["admin", "create", "--email", "owner@example.com", "--name", "  Maria Lopez "];
    let extra = storage_args(&storage.config);
    args.extend(extra.iter().map(String::as_str));
    let created = trailerworks(&args, "a long enough owner secret\n");
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    let db = storage.config.open_db().await.expect("database");
    let name = async || -> String {
        let members = trailerworks::auth::team_store::members(&db).await.expect("the members");
        members.into_iter().map(|member| member.name).collect::<Vec<_>>().join(", ")
    };
    assert_eq!(name().await, "Maria Lopez", "the name as given, trimmed");

    let rename = |name: &str| {
        let mut args = vec!["admin", "set-name", "--email", "OWNER@example.com", "--name", name];
        args.extend(extra.iter().map(String::as_str));
        trailerworks(&args, "")
    };
    let renamed = rename("Maria L.");
    assert!(renamed.status.success(), "{}", String::from_utf8_lossy(&renamed.stderr));
    assert!(String::from_utf8_lossy(&renamed.stdout).contains("OWNER@example.com now goes by Maria L."));
    assert_eq!(name().await, "Maria L.");
    let blank = rename("   ");
    assert!(!blank.status.success());
    assert!(String::from_utf8_lossy(&blank.stderr).contains("Name is required"));
    assert_eq!(name().await, "Maria L.", "nothing changed");
}
