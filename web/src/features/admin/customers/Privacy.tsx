// A customer's data at their request, for the owner: everything the shop keeps of them as one
// JSON file, and their personal data erased (the requests stay, without it).
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { adminApi, type CustomerRecord } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { DANGER_BUTTON, PLAIN_BUTTON, failureMessage } from "../frame/form";
import { useDeskChanged } from "../frame/queries";
import { useSession } from "../frame/session";
import { changeable } from "./record";

export function Privacy({ customer }: { customer: CustomerRecord }) {
  const { user } = useSession();
  const deskChanged = useDeskChanged();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (user?.role !== "owner") return null;
  const requests = customer.requests.length === 1 ? "their request" : `their ${customer.requests.length} requests`;

  async function erase() {
    setBusy(true);
    setProblem(null);
    try {
      await adminApi.eraseCustomer(customer.id);
      setAsking(false);
      await deskChanged();
    } catch (failure) {
      setAsking(false);
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Their data
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A customer may ask for everything the shop keeps of them, or for it to be erased. Both are written in the audit log.
      </p>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      <div className="mt-3 flex flex-wrap gap-2">
        {customer.erasedAt === null && (
          <a href={`/api/admin/customers/${customer.id}/export`} download className={`inline-flex items-center gap-1.5 ${PLAIN_BUTTON}`}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download their data
          </a>
        )}
        {changeable(customer) && (
          <button type="button" className={DANGER_BUTTON} onClick={() => setAsking(true)}>
            Erase their personal data
          </button>
        )}
      </div>
      <ModalDialog
        open={asking}
        title={`Erase ${customer.name}'s personal data?`}
        description={
          <>
            <p className="text-sm font-semibold text-slate-900">Goes</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              <li>Their name, phone numbers, e-mail addresses, address, company, notes and tags</li>
              <li>From {requests}: what they typed, where the trailer was, the photos (theirs and the team&rsquo;s), the notes and texts, and their links</li>
              <li>Their trailers&rsquo; VINs and plates</li>
            </ul>
            <p className="mt-2 text-sm font-semibold text-slate-900">Stays</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              <li>Each request&rsquo;s number, date, status, the options picked and its time</li>
              <li>The record of when their phone agreed to texts or stopped them</li>
            </ul>
            <p className="mt-2 text-sm">This cannot be undone. If they also asked for a copy, download their data first.</p>
          </>
        }
        onCancel={() => setAsking(false)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setAsking(false)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} disabled={busy} onClick={() => void erase()}>
            Erase it
          </button>
        </DialogActions>
      </ModalDialog>
    </section>
  );
}
