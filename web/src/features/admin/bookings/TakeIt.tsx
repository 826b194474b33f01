// 'I've got it': a member takes a request, so the rest of the team knows it is handled. On its
// page, once taken, it says by whom and since when; the first to take it keeps it. Today's
// emergencies have the button too.
import { Hand } from "lucide-react";
import { useState } from "react";
import { adminApi, type Holder } from "../frame/api";
import { useDeskChanged } from "../frame/queries";
import { ErrorNotice } from "../frame/ErrorNotice";
import { failureMessage } from "../frame/form";
import { useShopClock } from "../frame/format";

/** The button, with what went wrong under it; `className` styles the button. */
export function TakeButton({ bookingId, name, className }: { bookingId: number; name: string; className: string }) {
  const [busy, setBusy] = useState(false);
  const deskChanged = useDeskChanged();
  const [problem, setProblem] = useState<string | null>(null);

  async function take() {
    setBusy(true);
    setProblem(null);
    try {
      await adminApi.take(bookingId);
      void deskChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
    setBusy(false);
  }

  return (
    <div>
      <button type="button" disabled={busy} onClick={() => void take()} className={`${className} inline-flex items-center gap-2`}>
        <Hand aria-hidden="true" className="h-4 w-4" />
        I&rsquo;ve got it<span className="sr-only">: {name}</span>
      </button>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
    </div>
  );
}

/** On a request's page: who has it, else (while it is open) the button. */
export function TakeIt({
  bookingId,
  name,
  taken,
  open,
  className,
}: {
  bookingId: number;
  name: string;
  taken: Holder | null;
  open: boolean;
  className: string;
}) {
  const { dateTime } = useShopClock();
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
      <TakeButton bookingId={bookingId} name={name} className={className} />
    </div>
  );
}
