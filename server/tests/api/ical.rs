//! Calendar files read back by a standard iCalendar parser: Python's `icalendar` package (PyPI,
//! pinned in scripts/test-python-requirements.txt), installed on first use into target/test-python.

use std::{
    io::Write as _,
    path::PathBuf,
    process::{Command, Stdio},
    sync::Mutex,
};

use serde_json::Value;

const REQUIREMENTS: &str = include_str!("../../../scripts/test-python-requirements.txt");
static INSTALL: Mutex<()> = Mutex::new(());

/// The virtual environment's Python, made (or brought up to date) once.
fn python() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/test-python");
    let python = root.join("bin/python");
    let _installing = INSTALL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let stamp = root.join("requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(REQUIREMENTS) {
        let made = Command::new("python3").args(["-m", "venv"]).arg(&root).status().expect("python3 runs");
        assert!(made.success(), "a virtual environment for icalendar");
        std::fs::write(root.join("wanted.txt"), REQUIREMENTS).expect("written");
        let installed = Command::new(&python)
            .args(["-m", "pip", "install", "-q", "--disable-pip-version-check", "-r"])
            .arg(root.join("wanted.txt"))
            .status()
            .expect("pip runs");
        assert!(installed.success(), "icalendar is installed from PyPI");
        std::fs::write(&stamp, REQUIREMENTS).expect("written");
    }
    python
}

const READ: &str = r#"
import json, sys, datetime
from icalendar import Calendar
cal = Calendar.from_ical(sys.stdin.read())
def when(value):
    dt = value.dt
    return {"local": dt.strftime("%Y-%m-%dT%H:%M"), "tzid": str(getattr(dt.tzinfo, "key", dt.tzinfo)),
            "utc": dt.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
events = [{
    "uid": str(e.get("uid")), "summary": str(e.get("summary")), "location": str(e.get("location")),
    "description": str(e.get("description")), "status": str(e.get("status")),
    "sequence": int(e.get("sequence", 0)), "start": when(e.get("dtstart")), "end": when(e.get("dtend")),
} for e in cal.walk("VEVENT")]
zones = [str(z.get("tzid")) for z in cal.walk("VTIMEZONE")]
print(json.dumps({"name": str(cal.get("x-wr-calname")), "zones": zones, "events": events}))
"#;

/// What the parser reads in `text`: the calendar's name, its time zones and its events (start
/// and end each as the local time, its zone and UTC).
pub fn read(text: &str) -> Value {
    let mut child = Command::new(python())
        .args(["-c", READ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    child.stdin.take().expect("stdin").write_all(text.as_bytes()).expect("written");
    let output = child.wait_with_output().expect("python ends");
    assert!(
        output.status.success(),
        "icalendar reads it: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON")
}
