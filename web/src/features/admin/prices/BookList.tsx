// A list of the price book's (its parts, its common jobs): each item's name and what it is, with
// Change and Remove, and an Add button under it; one item is edited at a time, in place.
import { Trash2 } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import type { PriceBook } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DANGER_BUTTON, failureMessage, PLAIN_BUTTON, PRIMARY_BUTTON, Section } from "../frame/form";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";

interface Named {
  id: number;
  name: string;
}

export function BookList<T extends Named>({
  title,
  items,
  empty,
  what,
  describe,
  editor,
  remove,
  onChanged,
}: {
  title: string;
  items: T[];
  /** What the list says while it has nothing. */
  empty: string;
  /** An item in words, for the Add button: "a part". */
  what: string;
  describe: (item: T) => ReactNode;
  /** The form of `item` (null: a new one), which calls `done` when saved or cancelled. */
  editor: (item: T | null, done: () => void) => ReactNode;
  remove: (item: T) => Promise<PriceBook>;
  onChanged: (book: PriceBook) => void;
}) {
  const ids = useId();
  /** The item being changed (its id), a new one ("new"), or none. */
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The button that takes the focus back once an editor closes or an item is taken out. */
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const addId = `${ids}-add`;
  const changeId = (id: number) => `${ids}-change-${id}`;
  const done = () => {
    setFocusOn(editing === "new" || editing === null ? addId : changeId(editing));
    setEditing(null);
  };
  useEffect(() => {
    if (focusOn) document.getElementById(focusOn)?.focus();
  }, [focusOn]);

  async function takeOut(item: T) {
    setProblem(null);
    try {
      onChanged(await remove(item));
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
    setRemoving(null);
    setFocusOn(addId);
  }

  return (
    <Section title={title}>
      {problem && <ErrorNotice className="mt-3">{problem}</ErrorNotice>}
      {items.length === 0 && editing === null && <p className="mt-2 text-sm text-slate-600">{empty}</p>}
      <ul className="mt-2 divide-y divide-slate-200">
        {items.map((item) =>
          editing === item.id ? (
            <li key={item.id} className="py-3">
              {editor(item, done)}
            </li>
          ) : (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{item.name}</p>
                {describe(item)}
              </div>
              {editing === null && (
                <span className="flex gap-2">
                  <button type="button" id={changeId(item.id)} className={PLAIN_BUTTON} onClick={() => setEditing(item.id)}>
                    Change<span className="sr-only"> {item.name}</span>
                  </button>
                  <button type="button" className="inline-flex min-h-11 items-center gap-1 px-2 font-semibold text-red-700" onClick={() => setRemoving(item)}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove<span className="sr-only"> {item.name}</span>
                  </button>
                </span>
              )}
            </li>
          ),
        )}
      </ul>
      {editing === "new"
        ? editor(null, done)
        : editing === null && (
            <button type="button" id={addId} className={`mt-3 ${PLAIN_BUTTON}`} onClick={() => setEditing("new")}>
              Add {what}
            </button>
          )}
      <ModalDialog
        open={removing !== null}
        title={`Take ${removing?.name ?? ""} out of the price book?`}
        description="Quotes and invoices that have it keep their lines."
        onCancel={() => setRemoving(null)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setRemoving(null)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={() => removing && void takeOut(removing)}>
            Take it out
          </button>
        </DialogActions>
      </ModalDialog>
    </Section>
  );
}

/** An editor's Save and Cancel. */
export function EditorButtons({ save, busy, onCancel }: { save: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {save}
      </button>
      <button type="button" className={PLAIN_BUTTON} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
