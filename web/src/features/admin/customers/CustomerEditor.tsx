// The form that changes a customer's record: name, company, numbers and addresses (one a line),
// where they are, notes and tags. Each field shows its own error from the server beside it.
import { useId, useState } from "react";
import { tagValues } from "../../../lib/api-schema";
import { adminApi, type CustomerRecord, type CustomerTag } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Input, PLAIN_BUTTON, PRIMARY_BUTTON, TextArea, useSubmit } from "../frame/form";
import { useDeskChanged } from "../frame/queries";
import { TAG_NAMES } from "./TagList";

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function CustomerEditor({ customer, onDone }: { customer: CustomerRecord; onDone: () => void }) {
  const ids = useId();
  const deskChanged = useDeskChanged();
  const [form, setForm] = useState({
    name: customer.name,
    company: customer.company,
    phones: customer.phones.join("\n"),
    emails: customer.emails.join("\n"),
    address: customer.address,
    notes: customer.notes,
    tags: customer.tags,
  });
  const { errors, problem, busy, submit } = useSubmit();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const toggle = (tag: CustomerTag) => setForm({ ...form, tags: form.tags.includes(tag) ? form.tags.filter((kept) => kept !== tag) : [...form.tags, tag] });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await submit(async () => {
      await adminApi.changeCustomer(customer.id, { ...form, phones: lines(form.phones), emails: lines(form.emails) });
      await deskChanged();
      onDone();
    });
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Edit the customer's details">
      <h2 className="text-base font-semibold text-slate-900">Edit details</h2>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Input id={`${ids}-name`} label="Name" value={form.name} onChange={set("name")} error={errors.name} autoComplete="off" required />
        <Input id={`${ids}-company`} label="Company" value={form.company} onChange={set("company")} error={errors.company} autoComplete="off" />
        <TextArea id={`${ids}-phones`} label="Phone numbers" hint="One a line." rows={2} value={form.phones} onChange={set("phones")} error={errors.phones} />
        <TextArea
          id={`${ids}-emails`}
          label="E-mail addresses"
          hint="One a line."
          rows={2}
          value={form.emails}
          onChange={set("emails")}
          error={errors.emails}
        />
        <TextArea id={`${ids}-address`} label="Address" rows={2} value={form.address} onChange={set("address")} error={errors.address} />
        <TextArea id={`${ids}-notes`} label="Notes" rows={3} value={form.notes} onChange={set("notes")} error={errors.notes} />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">Tags</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {tagValues.map((tag) => (
            <label key={tag} className="inline-flex min-h-11 items-center gap-2 text-slate-800">
              <input type="checkbox" checked={form.tags.includes(tag)} onChange={() => toggle(tag)} className="h-5 w-5" />
              {TAG_NAMES[tag]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          Save
        </button>
        <button type="button" className={PLAIN_BUTTON} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
