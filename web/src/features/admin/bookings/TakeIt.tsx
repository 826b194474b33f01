// 'I've got it' on a request's page: a member takes the request, so the rest of the team knows
// it is handled. Once taken it says by whom and since when; the first to take it keeps it.
import { Hand } from "lucide-react";
import { useState } from "react";
import { adminApi, type Holder } from "../frame/api";
import { bookingsChanged } from "../frame/deskStatus";
import { ErrorNotice } from "../frame/ErrorNotice";
import { PRIMARY_BUTTON, failureMessage } from "../frame/form";
import { useShopClock } from "../frame/format";

export function TakeIt({ bookingId, taken, open }: { bookingId: number; taken: Holder | null; open: boolean }) {
  const { dateTime } = useShopClock();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function take() {
    setBusy(true);
    setProblem(null);
    try {
      await adminApi.take(bookingId);
      bookingsChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
    setBusy(false);
  }

  if (taken) {
    return (
      <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Hand aria-hidden="true" className="h-4 w-4" />
        Taken by {taken.by}, {dateTime(taken.at)}
      </p>
    );
  }
  if (!open) return null;
  return (
    <div className="mb-3">
      <button type="button" disabled={busy} onClick={() => void take()} className={`${PRIMARY_BUTTON} inline-flex items-center gap-2`}>
        <Hand aria-hidden="true" className="h-4 w-4" />
        I&rsquo;ve got it
      </button>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
    </div>
  );
}
