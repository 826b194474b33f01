import { useShopClock } from "../../frame/format";

/** Offers back the changes the editor kept in this browser (after a crash, a closed tab or an
 * ended session): restore them into the editor, or discard them. */
export function UnsavedOffer({ at, onRestore, onDiscard }: { at: number; onRestore: () => void; onDiscard: () => void }) {
  const { dateTime } = useShopClock();
  return (
    <div role="status" className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>Changes to this post from {dateTime(new Date(at).toISOString())} were not saved (the page was closed, or you were signed out).</p>
      <div className="flex gap-2">
        <button type="button" onClick={onRestore} className="rounded-md bg-amber-900 px-3 py-1.5 font-semibold text-white hover:bg-amber-950">
          Restore them
        </button>
        <button type="button" onClick={onDiscard} className="rounded-md px-3 py-1.5 font-semibold text-amber-950 ring-1 ring-amber-400 hover:bg-amber-100">
          Discard them
        </button>
      </div>
    </div>
  );
}
