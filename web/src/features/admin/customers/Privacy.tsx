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
  const requests = customer.requests.length === 1 ? "their request says" : `their ${customer.requests.length} requests say`;

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
        <a href={`/api/admin/customers/${customer.id}/export`} download className={`inline-flex items-center gap-1.5 ${PLAIN_BUTTON}`}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download their data
        </a>
        {changeable(customer) && (
          <button type="button" className={DANGER_BUTTON} onClick={() => setAsking(true)}>
            Erase their personal data
          </button>
        )}
      </div>
      <ModalDialog
        open={asking}
        title={`Erase ${customer.name}'s personal data?`}
        description={`Their name, numbers, e-mail addresses, address, notes and tags go, with what ${requests} of them: their words, places, photos, notes and texts, and their trailers' VINs and plates. The requests' numbers, dates, statuses, picked answers and times stay, and so does the record of what their numbers agreed to. This cannot be undone: download their data first if they asked for it.`}
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
