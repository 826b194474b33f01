// The price book's common jobs: each one's usual lines (labour hours at the quote's rate, parts,
// fees, a discount as a negative price), which a quote takes in one tap. The owner adds a job,
// changes it, or takes it out; a part from the list fills a line with its name and price.
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { amount, centsText, quantityOf, quantityText, signedCentsOf } from "../../../lib/money";
import { adminApi, type CommonJob, type JobLine, type LineKind, type PriceBook } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { describedBy, Field, fieldClass, Input, PLAIN_BUTTON, useSubmit } from "../frame/form";
import { BookList, EditorButtons } from "./BookList";
import { KIND_LINE, LINE_KINDS } from "./lineKinds";

/** The most lines a job has (the server's limit too). */
const MOST_LINES = 20;

/** A line in words: "1.5 h labour: Replace shoes", "2 × Brake magnet at $48.99". */
function lineText(line: JobLine): string {
  const price = line.price ?? null;
  if (line.kind === "labour" && price === null) return `${quantityText(line.quantity)} h labour: ${line.description}`;
  return `${quantityText(line.quantity)} × ${line.description} at ${amount(price ?? 0)}`;
}

export function JobsList({ book, onChanged }: { book: PriceBook; onChanged: (book: PriceBook) => void }) {
  return (
    <BookList
      title="Common jobs"
      items={book.jobs}
      empty="No common jobs yet: add the ones you quote often, with their usual lines."
      what="a job"
      describe={(job) => (
        <ul className="text-slate-700">
          {job.lines.map((line, n) => (
            <li key={n}>{lineText(line)}</li>
          ))}
        </ul>
      )}
      editor={(job, done) => <JobEditor job={job} book={book} onDone={done} onSaved={onChanged} />}
      remove={(job) => adminApi.deleteJob(job.id)}
      onChanged={onChanged}
    />
  );
}

/** A line as typed, with a key of its own for its row. */
interface LineDraft {
  key: number;
  kind: LineKind;
  description: string;
  quantity: string;
  price: string;
}

let nextLine = 0;

const lineDraft = (line: JobLine): LineDraft => ({
  key: nextLine++,
  kind: line.kind,
  description: line.description,
  quantity: quantityText(line.quantity),
  price: centsText(line.price ?? null),
});

const NEW_LINE: JobLine = { kind: "labour", description: "", quantity: 100, price: null };

function JobEditor({ job, book, onDone, onSaved }: { job: CommonJob | null; book: PriceBook; onDone: () => void; onSaved: (book: PriceBook) => void }) {
  const ids = useId();
  const [name, setName] = useState(job?.name ?? "");
  const [lines, setLines] = useState<LineDraft[]>(() => (job?.lines ?? [NEW_LINE]).map(lineDraft));
  const { errors, problem, busy, submit, refuse } = useSubmit();
  const setLine = (key: number, change: Partial<LineDraft>) => setLines(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const wrong: Record<string, string> = {};
    const read = lines.map((line, n): JobLine => {
      const quantity = quantityOf(line.quantity);
      if (quantity === null) wrong[`lines.${n}.quantity`] = "Type a number, like 1.5";
      const price = line.price.trim() === "" ? null : signedCentsOf(line.price);
      if (price === null && line.price.trim() !== "") wrong[`lines.${n}.price`] = "Type the price in dollars, like 45.99, or -10 for a discount";
      return { kind: line.kind, description: line.description, quantity: quantity ?? 0, price };
    });
    if (Object.keys(wrong).length > 0) {
      refuse(wrong);
      return;
    }
    await submit(async () => {
      const form = { name, lines: read };
      onSaved(job ? await adminApi.changeJob(job.id, form) : await adminApi.addJob(form));
      onDone();
    });
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={job ? `Change ${job.name}` : "Add a job"} className="mt-2">
      {problem && <ErrorNotice className="mb-2">{problem}</ErrorNotice>}
      <Input
        id={`${ids}-name`}
        label="Job"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        placeholder="Brake job, one axle"
      />
      {errors.lines && <p className="mt-2 text-sm text-red-700">{errors.lines}</p>}
      <ol className="mt-3 space-y-4">
        {lines.map((line, n) => {
          const kindId = `${ids}-kind-${line.key}`;
          const error = (field: string) => errors[`lines.${n}.${field}`];
          return (
            <li key={line.key} className="rounded-lg p-3 ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-slate-900">Line {n + 1}</p>
              <div className="mt-1 grid gap-3 sm:grid-cols-[10rem_1fr_7rem_8rem]">
                <Field id={kindId} label="Kind">
                  <select
                    id={kindId}
                    value={line.kind}
                    onChange={(event) => setLine(line.key, { kind: event.target.value as LineKind })}
                    aria-describedby={describedBy(kindId, false)}
                    className={`${fieldClass()} min-h-11 bg-white`}
                  >
                    {LINE_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {KIND_LINE[kind]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Input
                  id={`${ids}-description-${line.key}`}
                  label="What for"
                  value={line.description}
                  onChange={(event) => setLine(line.key, { description: event.target.value })}
                  error={error("description")}
                />
                <Input
                  id={`${ids}-quantity-${line.key}`}
                  label={line.kind === "labour" ? "Hours" : "Quantity"}
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(event) => setLine(line.key, { quantity: event.target.value })}
                  error={error("quantity")}
                />
                <Input
                  id={`${ids}-price-${line.key}`}
                  label="Price each ($)"
                  hint={line.kind === "labour" ? "Blank: the quote's hourly rate." : undefined}
                  inputMode="decimal"
                  value={line.price}
                  onChange={(event) => setLine(line.key, { price: event.target.value })}
                  error={error("price")}
                />
              </div>
              {lines.length > 1 && (
                <button
                  type="button"
                  className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-red-700"
                  onClick={() => setLines(lines.filter((each) => each.key !== line.key))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Remove line {n + 1}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {lines.length < MOST_LINES && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <button type="button" className={`inline-flex items-center gap-1 ${PLAIN_BUTTON}`} onClick={() => setLines([...lines, lineDraft(NEW_LINE)])}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add a line
          </button>
          {book.parts.length > 0 && (
            <Field id={`${ids}-part`} label="Add a part from the list">
              <select
                id={`${ids}-part`}
                value=""
                onChange={(event) => {
                  const part = book.parts.find((each) => String(each.id) === event.target.value);
                  if (part) setLines([...lines, lineDraft({ kind: "part", description: part.name, quantity: 100, price: part.price })]);
                }}
                className={`${fieldClass()} min-h-11 bg-white`}
              >
                <option value="">Choose a part…</option>
                {book.parts.map((part) => (
                  <option key={part.id} value={part.id}>
                    {part.name}, {amount(part.price)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
      )}
      <EditorButtons save={job ? "Save the job" : "Add the job"} busy={busy} onCancel={onDone} />
    </form>
  );
}
