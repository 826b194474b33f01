// Finds a customer's record by name, company, e-mail or phone (two characters or more), five at
// most, each with one button: what the screen does with the record picked (merge it, file texts
// under it), asked first in a dialog; a refusal is said under the list.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminApi, type CustomerList } from "./api";
import { ErrorNotice } from "./ErrorNotice";
import { DialogActions, ModalDialog } from "./ModalDialog";
import { PLAIN_BUTTON, PRIMARY_BUTTON, failureMessage } from "./form";
import { keys } from "./queries";

export type FoundCustomer = CustomerList["customers"][number];

export function CustomerFinder({
  label,
  except,
  action,
  actionLabel,
  question,
  onConfirm,
}: {
  label: string;
  /** A record not to offer (the one on screen). */
  except?: number;
  /** The button's words. */
  action: string;
  /** The button's accessible name for one record. */
  actionLabel: (customer: FoundCustomer) => string;
  /** What the dialog asks before the action, and its button's words. */
  question: (customer: FoundCustomer) => { title: string; description: string; confirm: string };
  /** Does the action; a failure is said under the list. */
  onConfirm: (customer: FoundCustomer) => Promise<void>;
}) {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<FoundCustomer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typed = search.trim();
  const found = useQuery({
    queryKey: keys.customers(typed),
    queryFn: () => adminApi.customers(typed),
    enabled: typed.length >= 2,
    placeholderData: keepPreviousData,
  });
  const others = typed.length >= 2 ? (found.data?.customers ?? []).filter((other) => other.id !== except) : [];
  const asked = picked && question(picked);

  async function confirm() {
    if (!picked) return;
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm(picked);
      setSearch("");
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setPicked(null);
      setBusy(false);
    }
  }

  return (
    <>
      <label htmlFor={searchId} className="mt-3 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Name, company, e-mail or phone"
        className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 sm:w-96"
      />
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      {typed.length >= 2 && found.data && others.length === 0 && <p className="mt-2 text-sm text-slate-600">No other customer matches.</p>}
      <ul className="mt-2 divide-y divide-slate-200">
        {others.slice(0, 5).map((other) => (
          <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 text-sm break-words">
              <span className="font-semibold text-slate-900">{other.name}</span>
              {other.company && ` (${other.company})`} · {[other.phone, other.email].filter(Boolean).join(" · ")} ·{" "}
              {other.requests === 1 ? "1 request" : `${other.requests} requests`}
            </span>
            <button type="button" className={PLAIN_BUTTON} aria-label={actionLabel(other)} onClick={() => setPicked(other)}>
              {action}
            </button>
          </li>
        ))}
      </ul>
      <ModalDialog open={picked !== null} title={asked?.title ?? ""} description={asked?.description ?? ""} onCancel={() => setPicked(null)}>
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setPicked(null)}>
            Cancel
          </button>
          <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => void confirm()}>
            {asked?.confirm}
          </button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
