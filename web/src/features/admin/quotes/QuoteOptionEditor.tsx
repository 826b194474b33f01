// One option of a quote in its editor: its title (with several options), its lines (kind, what
// for, quantity, price, whether the customer may tick it, and the amount the server made of it),
// what adds lines (a common job, a part, a trip fee by distance, a typed line), and its figures.
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { amount } from "../../../lib/money";
import type { OptionFigures, PriceBook } from "../frame/api";
import { Field, fieldClass, Input, PLAIN_BUTTON } from "../frame/form";
import { LineFields } from "../frame/LineFields";
import { lineDraft, type LineDraft, type OptionDraft } from "./quoteDraft";

const NEW_LINE = { kind: "labour", description: "", quantity: 100, price: null } as const;

/** A picker of the price book's (jobs, parts, trip fees) and its Add button. */
function Adder({
  label,
  choose,
  options,
  onAdd,
}: {
  label: string;
  choose: string;
  options: { value: string; text: string }[];
  onAdd: (value: string) => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState("");
  if (options.length === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Field id={id} label={label}>
        <select id={id} value={picked} onChange={(event) => setPicked(event.target.value)} className={`${fieldClass()} min-h-11 bg-white`}>
          <option value="">{choose}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      </Field>
      <button
        type="button"
        className={PLAIN_BUTTON}
        disabled={picked === ""}
        onClick={() => {
          onAdd(picked);
          setPicked("");
        }}
      >
        Add<span className="sr-only"> the {label.toLowerCase()}</span>
      </button>
    </div>
  );
}

export function QuoteOptionEditor({
  option,
  index,
  several,
  book,
  figures,
  errors,
  onChange,
  onRemove,
  field = `options.${index}.`,
  optionalLines = true,
}: {
  option: OptionDraft;
  index: number;
  several: boolean;
  book: PriceBook;
  /** The server's figures of this option as shown; null while a change is not saved yet. */
  figures: OptionFigures | null;
  errors: Record<string, string>;
  onChange: (option: OptionDraft) => void;
  onRemove: (() => void) | null;
  /** What the server's field names of these lines start with ("" on an invoice). */
  field?: string;
  /** Whether a line may be left for the customer to tick (not on an invoice). */
  optionalLines?: boolean;
}) {
  const ids = useId();
  const setLine = (key: number, change: Partial<LineDraft>) =>
    onChange({ ...option, lines: option.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) });
  const add = (lines: LineDraft[]) => onChange({ ...option, lines: [...option.lines, ...lines] });
  const error = (name: string) => errors[`${field}${name}`];
  const totals = figures?.totals ?? null;
  const name = several ? `Option ${index + 1}${option.title ? `: ${option.title}` : ""}` : "The lines";

  return (
    <section aria-label={name} className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">{name}</h2>
      {several && (
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <Input
              id={`${ids}-title`}
              label="Option's name"
              hint="Good, Better, Best"
              value={option.title}
              onChange={(event) => onChange({ ...option, title: event.target.value })}
              error={error("title")}
            />
          </div>
          {onRemove && (
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-red-700 group-disabled:hidden"
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove option {index + 1}
            </button>
          )}
        </div>
      )}
      {option.lines.length === 0 && <p className="mt-2 text-sm text-slate-600">No lines yet: add a common job, a part or a line.</p>}
      <ol className="mt-2 space-y-3">
        {option.lines.map((line, m) => {
          const lineError = (name: string) => error(`lines.${m}.${name}`);
          const lineAmount = figures?.lines[m];
          return (
            <li key={line.key} className="rounded-lg p-3 ring-1 ring-slate-200">
              <div className="flex items-baseline justify-between gap-2">
                <p className="text-sm font-semibold text-slate-900">Line {m + 1}</p>
                <p className="text-sm font-semibold text-slate-900" aria-label={`Line ${m + 1} amount`}>
                  {lineAmount === undefined ? "…" : amount(lineAmount)}
                </p>
              </div>
              <LineFields line={line} error={lineError} onChange={(change) => setLine(line.key, change)} />
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                {optionalLines && (
                  <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={line.optional}
                      onChange={(event) => setLine(line.key, { optional: event.target.checked })}
                      className="h-5 w-5"
                    />
                    Optional: the customer may tick it
                  </label>
                )}
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-red-700 group-disabled:hidden"
                  onClick={() => onChange({ ...option, lines: option.lines.filter((each) => each.key !== line.key) })}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Remove line {m + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {error("lines") && (
        <p data-problem tabIndex={-1} className="mt-2 text-sm text-red-700">
          {error("lines")}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-3 group-disabled:hidden">
        <Adder
          label="Common job"
          choose="Choose a job…"
          options={book.jobs.map((job) => ({ value: String(job.id), text: job.name }))}
          onAdd={(value) => add(book.jobs.find((job) => String(job.id) === value)?.lines.map(lineDraft) ?? [])}
        />
        <Adder
          label="Part"
          choose="Choose a part…"
          options={book.parts.map((part) => ({ value: String(part.id), text: `${part.name}, ${amount(part.price)}` }))}
          onAdd={(value) => {
            const part = book.parts.find((each) => String(each.id) === value);
            if (part) add([lineDraft({ kind: "part", description: part.name, quantity: 100, price: part.price })]);
          }}
        />
        <Adder
          label="Trip fee"
          choose="Choose a distance…"
          options={book.settings.tripBands.map((band) => ({ value: String(band.upToMiles), text: `Up to ${band.upToMiles} miles, ${amount(band.fee)}` }))}
          onAdd={(value) => {
            const band = book.settings.tripBands.find((each) => String(each.upToMiles) === value);
            if (band) add([lineDraft({ kind: "trip", description: `Trip fee, up to ${band.upToMiles} miles`, quantity: 100, price: band.fee })]);
          }}
        />
        <button type="button" className={`inline-flex items-center gap-1 ${PLAIN_BUTTON}`} onClick={() => add([lineDraft(NEW_LINE)])}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a line
        </button>
      </div>
      {figures?.problem && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {figures.problem}
        </p>
      )}
      <dl aria-label={`${name}: figures`} className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm">
        {totals && totals.supplies !== 0 && <Figure term="Shop supplies" value={totals.supplies} />}
        <Figure term="Subtotal" value={totals?.subtotal ?? null} />
        <Figure term="Tax" value={totals?.tax ?? null} />
        <Figure term="Total" value={totals?.total ?? null} strong />
        {totals && totals.deposit !== 0 && <Figure term="Deposit asked" value={totals.deposit} />}
      </dl>
      {option.lines.some((line) => line.optional) && <p className="mt-2 text-sm text-slate-600">Optional lines count once the customer ticks them.</p>}
    </section>
  );
}

function Figure({ term, value, strong = false }: { term: string; value: number | null; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-700"}>{term}</dt>
      <dd className={`text-right ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>{value === null ? "…" : amount(value)}</dd>
    </>
  );
}
