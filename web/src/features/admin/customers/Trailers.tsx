// A customer's trailers on their record: each one's kind, make, model, year, VIN, plate, axles,
// GVWR and colour; the owner adds one or changes it, each field's error beside it.
import { useId, useState } from "react";
import { adminApi, type CustomerRecord, type Trailer, type TrailerForm } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Field, Input, PLAIN_BUTTON, PRIMARY_BUTTON, describedBy, fieldClass, useSubmit } from "../frame/form";
import { trailerTitle } from "../frame/format";
import { useDeskChanged } from "../frame/queries";
import { changeable } from "./record";

/** What the form holds: numbers as typed. */
interface Draft {
  kindKey: string;
  kindText: string;
  make: string;
  model: string;
  year: string;
  vin: string;
  plate: string;
  plateState: string;
  axles: string;
  gvwrLbs: string;
  colour: string;
}

const EMPTY: Draft = { kindKey: "", kindText: "", make: "", model: "", year: "", vin: "", plate: "", plateState: "", axles: "", gvwrLbs: "", colour: "" };

function draftOf(trailer: Trailer): Draft {
  const text = (value: number | null) => (value === null ? "" : String(value));
  return {
    ...trailer,
    kindText: trailer.kindKey ? "" : trailer.kindText,
    year: text(trailer.year),
    axles: text(trailer.axles),
    gvwrLbs: text(trailer.gvwrLbs),
  };
}

/** A number field's value: null when blank, undefined when it is not a whole number. */
function number(typed: string): number | null | undefined {
  const text = typed.trim().replace(/,/g, "");
  if (!text) return null;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The number fields' own messages, checked here: JSON has no way to send "12a". */
const NUMBER_FIELDS = [
  ["year", "The year is a number, like 2019"],
  ["axles", "Axles is a number, like 2"],
  ["gvwrLbs", "The GVWR is a number of pounds, like 7000"],
] as const;

export function Trailers({ customer }: { customer: CustomerRecord }) {
  /** The trailer being changed (its id), a new one ("new"), or none. */
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const editable = changeable(customer);
  return (
    <section aria-label="Trailers" className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Trailers</h2>
        {editable && editing === null && (
          <button type="button" className={PLAIN_BUTTON} onClick={() => setEditing("new")}>
            Add a trailer
          </button>
        )}
      </div>
      {customer.trailers.length === 0 && editing === null && <p className="mt-2 text-sm text-slate-600">No trailers on the record yet.</p>}
      <ul className="mt-2 divide-y divide-slate-200">
        {customer.trailers.map((trailer) =>
          editing === trailer.id ? (
            <li key={trailer.id} className="py-2">
              <TrailerEditor customer={customer} trailer={trailer} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={trailer.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0 text-sm text-slate-800">
                <p className="font-semibold text-slate-900">{trailerTitle(trailer)}</p>
                {trailer.vin && <p className="font-mono break-all">VIN {trailer.vin}</p>}
                <p>
                  {[
                    trailer.plate && `Plate ${trailer.plate}${trailer.plateState ? ` (${trailer.plateState})` : ""}`,
                    trailer.axles && `${trailer.axles} axle${trailer.axles === 1 ? "" : "s"}`,
                    trailer.gvwrLbs && `GVWR ${trailer.gvwrLbs.toLocaleString("en-US")} lb`,
                    trailer.colour,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              {editable && editing === null && (
                <button type="button" className={PLAIN_BUTTON} onClick={() => setEditing(trailer.id)} aria-label={`Change ${trailerTitle(trailer)}`}>
                  Change
                </button>
              )}
            </li>
          ),
        )}
      </ul>
      {editing === "new" && <TrailerEditor customer={customer} trailer={null} onDone={() => setEditing(null)} />}
    </section>
  );
}

function TrailerEditor({ customer, trailer, onDone }: { customer: CustomerRecord; trailer: Trailer | null; onDone: () => void }) {
  const ids = useId();
  const deskChanged = useDeskChanged();
  const [draft, setDraft] = useState<Draft>(trailer ? draftOf(trailer) : { ...EMPTY, kindKey: customer.trailerKinds[0]?.key ?? "" });
  const { errors, problem, busy, submit, refuse } = useSubmit();
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const wrong = Object.fromEntries(NUMBER_FIELDS.filter(([field]) => number(draft[field]) === undefined));
    if (Object.keys(wrong).length > 0) {
      refuse(wrong);
      return;
    }
    const form: TrailerForm = { ...draft, year: number(draft.year) ?? null, axles: number(draft.axles) ?? null, gvwrLbs: number(draft.gvwrLbs) ?? null };
    await submit(async () => {
      if (trailer) await adminApi.changeTrailer(customer.id, trailer.id, form);
      else await adminApi.addTrailer(customer.id, form);
      await deskChanged();
      onDone();
    });
  }

  const kindId = `${ids}-kind`;
  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={trailer ? "Change the trailer" : "Add a trailer"} className="mt-2">
      {problem && <ErrorNotice className="mb-2">{problem}</ErrorNotice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={kindId} label="Kind" error={errors.kindKey}>
          <select
            id={kindId}
            value={draft.kindKey}
            onChange={set("kindKey")}
            aria-invalid={Boolean(errors.kindKey)}
            aria-describedby={describedBy(kindId, false, errors.kindKey)}
            className={`${fieldClass(errors.kindKey)} min-h-11 bg-white`}
          >
            {customer.trailerKinds
              .filter((kind) => kind.key !== "other")
              .map((kind) => (
                <option key={kind.key} value={kind.key}>
                  {kind.text}
                </option>
              ))}
            <option value="">Another kind</option>
          </select>
        </Field>
        {draft.kindKey === "" && (
          <Input
            id={`${ids}-kind-text`}
            label="What kind"
            value={draft.kindText}
            onChange={set("kindText")}
            error={errors.kindText}
            placeholder="Horse trailer"
          />
        )}
        <Input id={`${ids}-make`} label="Make" value={draft.make} onChange={set("make")} error={errors.make} />
        <Input id={`${ids}-model`} label="Model" value={draft.model} onChange={set("model")} error={errors.model} />
        <Input id={`${ids}-year`} label="Year" inputMode="numeric" value={draft.year} onChange={set("year")} error={errors.year} />
        <Input
          id={`${ids}-vin`}
          label="VIN"
          hint="17 letters and digits, on the data plate or the title."
          value={draft.vin}
          onChange={set("vin")}
          error={errors.vin}
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
        />
        <Input id={`${ids}-plate`} label="Plate" value={draft.plate} onChange={set("plate")} error={errors.plate} autoCapitalize="characters" />
        <Input
          id={`${ids}-state`}
          label="Plate state"
          hint="Two letters, like CO."
          value={draft.plateState}
          onChange={set("plateState")}
          error={errors.plateState}
          maxLength={2}
        />
        <Input id={`${ids}-axles`} label="Axles" inputMode="numeric" value={draft.axles} onChange={set("axles")} error={errors.axles} />
        <Input id={`${ids}-gvwr`} label="GVWR (lb)" inputMode="numeric" value={draft.gvwrLbs} onChange={set("gvwrLbs")} error={errors.gvwrLbs} />
        <Input id={`${ids}-colour`} label="Colour" value={draft.colour} onChange={set("colour")} error={errors.colour} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          {trailer ? "Save the trailer" : "Add the trailer"}
        </button>
        <button type="button" className={PLAIN_BUTTON} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
