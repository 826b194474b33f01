// A document written as a draft (a quote, an invoice): every change is saved a moment after the
// last keystroke, the server answering with the document as saved (its figures added up there);
// a change not saved yet, a field the server refused and a save that failed are each said.
import { useEffect, useRef, useState } from "react";
import { AdminApiError } from "./api";
import { failureMessage } from "./form";

/** How long after the last change the draft is saved. */
const SAVE_AFTER_MS = 700;

export type SaveState = "saved" | "saving" | "waiting" | "invalid" | "failed" | "unfinished";

export const SAVE_WORDS: Record<SaveState, string> = {
  saved: "All changes saved.",
  saving: "Saving…",
  waiting: "Saving…",
  invalid: "Not saved: correct what is marked.",
  failed: "Not saved: the server could not be reached.",
  unfinished: "Saved, but not ready to send: finish what is marked.",
};

/** The form a draft says, or each field's message for what is not a number. */
export type Read<F> = { form: F; errors: null } | { form: null; errors: Record<string, string> };

export function useAutosave<D, F, T>({
  saved,
  draftOf,
  read,
  save,
  editable,
}: {
  /** The document as the server has it. */
  saved: T;
  draftOf: (saved: T) => D;
  read: (draft: D) => Read<F>;
  save: (form: F) => Promise<T>;
  /** False once it is sent: nothing is saved. */
  editable: boolean;
}) {
  const [draft, setDraft] = useState<D>(() => draftOf(saved));
  /** The server's last answer, and the draft it answered. */
  const [shown, setShown] = useState<{ saved: T; draft: D }>({ saved, draft });
  const [state, setState] = useState<SaveState>("saved");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(0);
  const current = shown.draft === draft;

  async function saveNow(saving: D) {
    const typed = read(saving);
    if (typed.errors) {
      setErrors(typed.errors);
      setState("invalid");
      return;
    }
    const mine = ++sent.current;
    setState("saving");
    try {
      const answer = await save(typed.form);
      if (mine !== sent.current) return;
      setShown({ saved: answer, draft: saving });
      setErrors({});
      setProblem(null);
      setState("saved");
    } catch (failure) {
      if (mine !== sent.current) return;
      if (failure instanceof AdminApiError && failure.status === 422) {
        setErrors(Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, list]) => [field, list.join(" ")])));
        setState("invalid");
      } else {
        setProblem(failureMessage(failure));
        setState("failed");
      }
    }
  }

  useEffect(() => {
    if (current || !editable) return;
    const timer = setTimeout(() => void saveNow(draft), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // `saveNow` is made anew each render; the draft is what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, current, editable]);

  function change(next: D) {
    setState("waiting");
    setDraft(next);
  }

  /** The server's messages by field (a saved document it would not send), shown like a save's. */
  function refused(found: Record<string, string>) {
    setErrors(found);
    setState("unfinished");
  }

  /** Every change is saved: it may be sent (the server says what it still lacks). */
  const sendable = current && (state === "saved" || state === "unfinished");

  return { draft, change, shown, state, errors, problem, setProblem, current, sendable, saveNow: () => void saveNow(draft), refused };
}
