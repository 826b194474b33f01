// Kept in sight at the bottom of a draft's page (above the phone's bar) on a long quote or
// invoice: whether the last change is saved, the way to what stops it, and the total once saved.
import type { RefObject } from "react";
import { amount } from "../../../lib/money";
import { PLAIN_BUTTON } from "../frame/form";
import { SAVE_WORDS, type SaveState } from "../frame/useAutosave";

/** Brings the first field marked wrong (or a message about the lines) to the middle of the screen,
 * clear of this bar, and focuses it. */
function showWrong(editor: HTMLElement | null) {
  const wrong = editor?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]');
  if (!wrong) return;
  wrong.scrollIntoView({ block: "center" });
  wrong.focus({ preventScroll: true });
}

export function SaveBar({
  hidden,
  state,
  editor,
  total,
}: {
  hidden: boolean;
  state: SaveState;
  /** Where the fields are: "Show what is wrong" goes to the first one marked. */
  editor: RefObject<HTMLDivElement | null>;
  /** The total as saved; null while a change is not. */
  total: number | null;
}) {
  const marked = state === "invalid" || state === "unfinished";
  return (
    <div
      hidden={hidden}
      className="sticky bottom-[var(--admin-bar)] z-10 mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white/95 p-3 shadow-md ring-1 ring-slate-300"
    >
      <p role="status" className={`text-sm font-medium ${marked || state === "failed" ? "text-red-700" : "text-slate-800"}`}>
        {SAVE_WORDS[state]}
      </p>
      {marked ? (
        <button type="button" className={PLAIN_BUTTON} onClick={() => showWrong(editor.current)}>
          Show what is wrong
        </button>
      ) : (
        total !== null && <p className="text-sm font-semibold text-slate-900">Total {amount(total)}</p>
      )}
    </div>
  );
}
