// A customer's record, /dbadmin/customers/{id}: how to reach them, their requests newest first,
// the record's history; the owner changes the details, merges another record of the same
// customer into this one, splits a wrongly attached request off to a record of its own, and
// exports or erases the customer's data at their request.
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { AdminApiError, adminApi, type CustomerRecord } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Loaded } from "../frame/Loaded";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { trailerTitle, useShopClock } from "../frame/format";
import { PLAIN_BUTTON, PRIMARY_BUTTON, failureMessage } from "../frame/form";
import { keys, useDeskChanged } from "../frame/queries";
import { CustomerFinder } from "../frame/CustomerFinder";
import { CustomerEditor } from "./CustomerEditor";
import { Privacy } from "./Privacy";
import { changeable } from "./record";
import { TagList } from "./TagList";
import { Trailers } from "./Trailers";

const CARD = "mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200";

export function CustomerPage() {
  const { id } = useParams();
  const customerId = Number(id);
  const query = useQuery({ queryKey: keys.customer(customerId), queryFn: () => adminApi.customer(customerId) });
  const missing = query.error instanceof AdminApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <AdminShell title={query.data?.name ?? "Customer"}>
      <p>
        <Link to="/dbadmin/customers" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-orange-800 underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          All customers
        </Link>
      </p>
      {missing ? (
        <ErrorNotice className="mt-2">There is no customer #{id}.</ErrorNotice>
      ) : (
        <Loaded query={query} what="The customer" loading="Loading the customer">
          {(customer) => <Customer key={customer.id} customer={customer} />}
        </Loaded>
      )}
    </AdminShell>
  );
}

function Customer({ customer }: { customer: CustomerRecord }) {
  const { shortDate, dateTime } = useShopClock();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const merged = customer.mergedInto !== null;
  const open = changeable(customer);
  return (
    <article aria-labelledby={headingId}>
      <header className="mt-1">
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {customer.name}
        </h1>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {customer.company && <span>{customer.company}</span>}
          <TagList tags={customer.tags} />
          <span>Customer since {shortDate(customer.createdAt)}</span>
        </div>
      </header>
      {merged && (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          This record was merged into{" "}
          <Link to={`/dbadmin/customers/${customer.mergedInto}`} className="font-semibold underline">
            another customer&rsquo;s record
          </Link>
          : everything on it moved there.
        </p>
      )}
      {customer.erasedAt !== null && (
        <p role="status" className="mt-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-900 ring-1 ring-slate-300">
          This customer&rsquo;s personal data was erased on <time dateTime={customer.erasedAt}>{dateTime(customer.erasedAt)}</time>. Their requests stay,
          without it.
        </p>
      )}
      <section aria-label="Contact details" className={CARD}>
        {editing ? (
          <CustomerEditor customer={customer} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="text-base font-semibold text-slate-900">How to reach them</h2>
              {open && (
                <button type="button" className={PLAIN_BUTTON} onClick={() => setEditing(true)}>
                  Edit details
                </button>
              )}
            </div>
            <ul className="mt-2 space-y-1">
              {customer.phones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone.replace(/[^0-9]/g, "")}`} className="inline-flex min-h-11 items-center font-medium text-orange-800 underline">
                    {phone}
                  </a>
                </li>
              ))}
              {customer.emails.map((email) => (
                <li key={email}>
                  <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center font-medium break-all text-orange-800 underline">
                    {email}
                  </a>
                </li>
              ))}
            </ul>
            {customer.address && <p className="mt-2 whitespace-pre-line text-slate-800">{customer.address}</p>}
            {customer.notes && (
              <>
                <h3 className="mt-3 text-sm font-semibold text-slate-900">Notes</h3>
                <p className="mt-1 whitespace-pre-line text-slate-800">{customer.notes}</p>
              </>
            )}
          </>
        )}
      </section>
      <Trailers customer={customer} />
      <Requests customer={customer} />
      {open && <MergeAnother customer={customer} />}
      <Privacy customer={customer} />
      <section aria-label="History" className={CARD}>
        <h2 className="text-base font-semibold text-slate-900">History</h2>
        <ol className="mt-2 space-y-1 text-sm text-slate-800">
          {customer.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{dateTime(entry.at)}</time>:{" "}
              <Link to={`/dbadmin/customers/${entry.otherCustomer}`} className="underline">
                {entry.sentence}
              </Link>{" "}
              ({entry.actor})
            </li>
          ))}
          <li>
            <time dateTime={customer.createdAt}>{dateTime(customer.createdAt)}</time>: the record was made
          </li>
        </ol>
      </section>
    </article>
  );
}

/** The customer's requests, newest first, each with a way to split it off. */
function Requests({ customer }: { customer: CustomerRecord }) {
  const { shortDate } = useShopClock();
  const navigate = useNavigate();
  const deskChanged = useDeskChanged();
  const [splitting, setSplitting] = useState<CustomerRecord["requests"][number] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canSplit = changeable(customer) && customer.requests.length > 1;
  const trailerOf = (id: number | null) => {
    const trailer = customer.trailers.find((kept) => kept.id === id);
    return trailer ? trailerTitle(trailer) : null;
  };

  async function split() {
    if (!splitting) return;
    setBusy(true);
    setProblem(null);
    try {
      const made = await adminApi.splitRequest(customer.id, splitting.id);
      setSplitting(null);
      await deskChanged();
      void navigate(`/dbadmin/customers/${made.id}`);
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Requests" className={CARD}>
      <h2 className="text-base font-semibold text-slate-900">
        {customer.requests.length === 1 ? "1 request" : `${customer.requests.length.toLocaleString("en-US")} requests`}
      </h2>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      <ul className="mt-2 divide-y divide-slate-200">
        {customer.requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <Link to={`/dbadmin/bookings/${request.id}`} className="font-medium text-orange-800 underline">
                Request #{request.id}
              </Link>{" "}
              <span className="text-sm text-slate-700">
                {shortDate(request.createdAt)} · {request.cancelled ? "cancelled by the customer" : request.status}
                {request.emergency && " · emergency"}
              </span>
              {request.details && <p className="line-clamp-2 text-sm break-words text-slate-700">{request.details}</p>}
              {trailerOf(request.trailerId) && <p className="text-sm text-slate-800">Trailer: {trailerOf(request.trailerId)}</p>}
              {customer.erasedAt === null && (
                <p className="text-xs text-slate-600">
                  Sent as {request.name}, {request.phone}, {request.email}
                </p>
              )}
            </div>
            {canSplit && (
              <button type="button" className={PLAIN_BUTTON} onClick={() => setSplitting(request)}>
                Split off<span className="sr-only"> request #{request.id}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <ModalDialog
        open={splitting !== null}
        title={`Split request #${splitting?.id ?? ""} off?`}
        description={`It becomes the only request of a new record for ${splitting?.name ?? ""}, with its number and address unless another of ${customer.name}'s requests has them. Both records' histories say so.`}
        onCancel={() => setSplitting(null)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setSplitting(null)}>
            Keep it here
          </button>
          <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => void split()}>
            Split it off
          </button>
        </DialogActions>
      </ModalDialog>
    </section>
  );
}

/** Finds another record of the same customer and merges it into this one. */
function MergeAnother({ customer }: { customer: CustomerRecord }) {
  const deskChanged = useDeskChanged();
  return (
    <section aria-label="Merge" className={CARD}>
      <h2 className="text-base font-semibold text-slate-900">Merge another record into this one</h2>
      <p className="mt-1 text-sm text-slate-700">
        When one customer has two records (a new number, another address), merge them: every request, number, address, tag and note moves here.
      </p>
      <CustomerFinder
        label="Find the other record"
        except={customer.id}
        action="Merge into this record"
        actionLabel={(other) => `Merge ${other.name}'s record (#${other.id}) into this one`}
        question={(other) => ({
          title: `Merge ${other.name}'s record into ${customer.name}'s?`,
          description:
            "Every request, number, address, tag and note moves to this record; the other one is closed and says where it went. Both histories say so.",
          confirm: "Merge the records",
        })}
        onConfirm={async (other) => {
          await adminApi.mergeCustomer(customer.id, other.id);
          await deskChanged();
        }}
      />
    </section>
  );
}
