// Leaving the editor with unsaved changes asks first: a link or the back arrow inside the admin
// gets our own question, closing or reloading the tab gets the browser's.
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

export function DiscardGuard({ unsaved, onDiscard }: { unsaved: boolean; onDiscard: () => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocker.state === "blocked" && !element.open) element.showModal();
    if (blocker.state !== "blocked" && element.open) element.close();
  }, [blocker.state]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="discard-title"
      aria-describedby="discard-text"
      onCancel={() => blocker.reset?.()}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-950/50"
    >
      <h2 id="discard-title" className="text-lg font-semibold text-slate-900">
        Discard changes?
      </h2>
      <p id="discard-text" className="mt-2 text-slate-700">
        This post has changes that are not saved. If you leave now, they are lost.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          autoFocus
          onClick={() => blocker.reset?.()}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Keep editing
        </button>
        <button
          type="button"
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Discard changes
        </button>
      </div>
    </dialog>
  );
}
