// The price book's parts: each one's name, price and whether it is paid for before it is
// special-ordered. The owner adds one, changes it, or takes it out (quotes keep their lines).
import { useId, useRef, useState } from "react";
import { amount, centsOf, centsText } from "../../../lib/money";
import { adminApi, type PartForm, type PriceBook, type PricePart } from "../frame/api";
import { DiscardGuard } from "../frame/DiscardGuard";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Input, useSubmit } from "../frame/form";
import { BookList, EditorButtons } from "./BookList";

export function PartsList({ book, onChanged }: { book: PriceBook; onChanged: (book: PriceBook) => void }) {
  return (
    <BookList
      title="Parts"
      items={book.parts}
      empty="No parts yet: add the ones you sell often."
      what="a part"
      describe={(part) => (
        <p className="text-slate-700">
          {amount(part.price)} each{part.prepaid && " · paid for before it is special-ordered"}
        </p>
      )}
      editor={(part, done) => <PartEditor part={part} onDone={done} onSaved={onChanged} />}
      remove={(part) => adminApi.deletePart(part.id)}
      onChanged={onChanged}
    />
  );
}

function PartEditor({ part, onDone, onSaved }: { part: PricePart | null; onDone: () => void; onSaved: (book: PriceBook) => void }) {
  const ids = useId();
  const [name, setName] = useState(part?.name ?? "");
  const [price, setPrice] = useState(centsText(part?.price ?? null));
  const [prepaid, setPrepaid] = useState(part?.prepaid ?? false);
  const form = useRef<HTMLFormElement>(null);
  const { errors, problem, busy, submit, refuse } = useSubmit(form);
  const unsaved = name !== (part?.name ?? "") || price !== centsText(part?.price ?? null) || prepaid !== (part?.prepaid ?? false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const cents = centsOf(price);
    if (cents === null) {
      refuse({ price: "Type the price in dollars and cents, like 45.99: more than $0, two decimals at most" });
      return;
    }
    const form: PartForm = { name, price: cents, prepaid };
    await submit(async () => {
      onSaved(part ? await adminApi.changePart(part.id, form) : await adminApi.addPart(form));
      onDone();
    });
  }

  return (
    <form ref={form} onSubmit={(event) => void save(event)} noValidate aria-label={part ? `Change ${part.name}` : "Add a part"} className="mt-2">
      <DiscardGuard unsaved={unsaved && !busy} onDiscard={() => undefined} description="The part is not saved. If you leave now, it is lost." />
      {problem && <ErrorNotice className="mb-2">{problem}</ErrorNotice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id={`${ids}-name`} label="Part" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} autoFocus />
        <Input
          id={`${ids}-price`}
          label="Price each ($)"
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={errors.price}
        />
      </div>
      <label className="mt-3 flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={prepaid} onChange={(event) => setPrepaid(event.target.checked)} className="h-5 w-5" />
        Paid for before it is special-ordered
      </label>
      <EditorButtons save={part ? "Save the part" : "Add the part"} busy={busy} onCancel={onDone} />
    </form>
  );
}
