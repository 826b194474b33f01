// A conversation with a number no request has, /dbadmin/numbers/{ten digits}, opened from Today's
// "New texts": what the number texted and what the shop answered, a box to answer (it goes out as
// the request page's texts do), and filing the texts under a customer's record once the owner
// knows who it is: the number becomes theirs, its texts join their newest request, and later
// texts from it follow; the page then moves to that record. For someone new, the team makes a
// request of the texts (name and e-mail address), and the page moves to it.
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Phone } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { AdminApiError, adminApi, type NumberThread } from "../frame/api";
import { CustomerFinder } from "../frame/CustomerFinder";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Loaded } from "../frame/Loaded";
import { Input, PLAIN_BUTTON, PRIMARY_BUTTON, TextArea, useSubmit } from "../frame/form";
import { keys, useDeskChanged } from "../frame/queries";
import { TextThread } from "./TextThread";

export function NumberPage() {
  const { number = "" } = useParams();
  const query = useQuery({ queryKey: keys.number(number), queryFn: () => adminApi.numberThread(number) });
  const missing = query.error instanceof AdminApiError && query.error.status === 404;
  const filed = query.data?.texts.length === 0;
  return (
    <AdminShell title={query.data ? `Texts with ${query.data.phone}` : "Texts"}>
      <p>
        <Link to="/dbadmin/today" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-orange-800 underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Today
        </Link>
      </p>
      {missing ? (
        <ErrorNotice className="mt-2">{number} is not a phone number.</ErrorNotice>
      ) : filed ? (
        <p className="mt-2 text-sm text-slate-700">No texts from this number wait to be filed: they are under a customer&rsquo;s request.</p>
      ) : (
        <Loaded query={query} what="The texts" loading="Loading the texts">
          {(thread) => <Conversation thread={thread} />}
        </Loaded>
      )}
    </AdminShell>
  );
}

function Conversation({ thread }: { thread: NumberThread }) {
  const deskChanged = useDeskChanged();
  return (
    <>
      <h1 className="mt-1 text-xl font-bold text-slate-900 md:text-2xl">Texts with {thread.phone}</h1>
      <p className="mt-1 text-sm text-slate-700">
        Nobody with this number has sent a request. Answer here, call them, or file the texts under their record once you know who it is.
      </p>
      <p className="mt-2">
        <a href={`tel:+1${thread.number}`} className={`inline-flex items-center gap-1.5 ${PLAIN_BUTTON}`}>
          <Phone aria-hidden="true" className="h-4 w-4" />
          Call {thread.phone}
        </a>
      </p>
      <TextThread
        texting={thread.texting}
        allowance={thread.allowance}
        texts={thread.texts}
        to={thread.phone}
        onSend={async (text) => {
          await adminApi.answerNumber(thread.number, text);
          await deskChanged();
        }}
      />
      <MakeRequest thread={thread} />
      <FileUnder thread={thread} />
    </>
  );
}

/** Makes a request of the number's texts, with the name and e-mail address the team asked for. */
function MakeRequest({ thread }: { thread: NumberThread }) {
  const ids = useId();
  const navigate = useNavigate();
  const deskChanged = useDeskChanged();
  const [form, setForm] = useState({ name: "", email: "", details: "" });
  const { errors, problem, busy, submit } = useSubmit();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  async function make(event: React.FormEvent) {
    event.preventDefault();
    await submit(async () => {
      const made = await adminApi.requestFromTexts(thread.number, form);
      await navigate(`/dbadmin/bookings/${made.id}`);
      void deskChanged();
    });
  }

  return (
    <section aria-label="Make a request" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">Make a request of these texts</h2>
      <p className="mt-1 text-sm text-slate-700">
        For someone new: the texts go to the request, {thread.phone} to a record of its own, and the customer gets the usual confirmation e-mail with their
        page. Every request has an e-mail address: ask for it by text.
      </p>
      <form onSubmit={(event) => void make(event)} noValidate className="mt-2 space-y-3">
        {problem && <ErrorNotice>{problem}</ErrorNotice>}
        <Input id={`${ids}-name`} label="Name" value={form.name} onChange={set("name")} error={errors.name} autoComplete="off" required />
        <Input id={`${ids}-email`} label="E-mail" type="email" value={form.email} onChange={set("email")} error={errors.email} autoComplete="off" required />
        <TextArea id={`${ids}-details`} label="What they need" rows={2} value={form.details} onChange={set("details")} error={errors.details} />
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          Make the request
        </button>
      </form>
    </section>
  );
}

/** Files the number's texts under a customer's record, asked first. */
function FileUnder({ thread }: { thread: NumberThread }) {
  const navigate = useNavigate();
  const deskChanged = useDeskChanged();
  return (
    <section aria-label="File under a customer" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">File under a customer</h2>
      <p className="mt-1 text-sm text-slate-700">
        {thread.phone} joins the customer&rsquo;s record and these texts go to their newest request, as the number&rsquo;s later texts will.
      </p>
      <CustomerFinder
        label="Find the customer"
        action="File here"
        actionLabel={(customer) => `File the texts under ${customer.name}'s record (#${customer.id})`}
        question={(customer) => ({
          title: `File the texts with ${thread.phone} under ${customer.name}'s record?`,
          description: `${thread.phone} becomes one of their numbers, and the texts go to their newest request.`,
          confirm: "File the texts",
        })}
        onConfirm={async (customer) => {
          const record = await adminApi.fileNumber(thread.number, customer.id);
          await navigate(`/dbadmin/customers/${record.id}`);
          void deskChanged();
        }}
      />
    </section>
  );
}
