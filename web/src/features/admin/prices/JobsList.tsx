// The price book's common jobs: each one's usual lines (labour hours at the quote's rate, parts,
// fees, a discount as a negative price), which a quote takes in one tap. The owner adds a job,
// changes it, or takes it out; a part from the list fills a line with its name and price.
import { Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { amount, quantityText } from "../../../lib/money";
import { adminApi, type CommonJob, type JobLine, type PriceBook } from "../frame/api";
import { DiscardGuard } from "../frame/DiscardGuard";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Field, fieldClass, Input, PLAIN_BUTTON, useSubmit } from "../frame/form";
import { BookList, EditorButtons } from "./BookList";
import { LineFields } from "../frame/LineFields";
import { readLine, typedLine, type TypedLine } from "../frame/typedLine";

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

const NEW_LINE: JobLine = { kind: "labour", description: "", quantity: 100, price: null };

function JobEditor({ job, book, onDone, onSaved }: { job: CommonJob | null; book: PriceBook; onDone: () => void; onSaved: (book: PriceBook) => void }) {
  const ids = useId();
  const [name, setName] = useState(job?.name ?? "");
  const [initial] = useState(() => (job?.lines ?? [NEW_LINE]).map(typedLine));
  const [lines, setLines] = useState<TypedLine[]>(initial);
  const [picked, setPicked] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const { errors, problem, busy, submit, refuse } = useSubmit(form);
  const setLine = (key: number, change: Partial<TypedLine>) => setLines(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const unsaved = name !== (job?.name ?? "") || JSON.stringify(lines) !== JSON.stringify(initial);

  /** Adds the part picked from the list as a line of one, at its price. */
  function addPart() {
    const part = book.parts.find((each) => String(each.id) === picked);
    if (!part) return;
    setLines([...lines, typedLine({ kind: "part", description: part.name, quantity: 100, price: part.price })]);
    setPicked("");
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const wrong: Record<string, string> = {};
    const read = lines.map((line, n) => readLine(line, `lines.${n}`, wrong));
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
    <form ref={form} onSubmit={(event) => void save(event)} noValidate aria-label={job ? `Change ${job.name}` : "Add a job"} className="mt-2">
      <DiscardGuard unsaved={unsaved && !busy} onDiscard={() => undefined} description="The job is not saved. If you leave now, it is lost." />
      {problem && <ErrorNotice className="mb-2">{problem}</ErrorNotice>}
      <Input id={`${ids}-name`} label="Job" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} autoFocus />
      {errors.lines && <p className="mt-2 text-sm text-red-700">{errors.lines}</p>}
      <ol className="mt-3 space-y-4">
        {lines.map((line, n) => {
          const error = (field: string) => errors[`lines.${n}.${field}`];
          return (
            <li key={line.key} className="rounded-lg p-3 ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-slate-900">Line {n + 1}</p>
              <LineFields line={line} error={error} onChange={(change) => setLine(line.key, change)} />
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
          <button type="button" className={`inline-flex items-center gap-1 ${PLAIN_BUTTON}`} onClick={() => setLines([...lines, typedLine(NEW_LINE)])}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add a line
          </button>
          {book.parts.length > 0 && (
            <div className="flex flex-wrap items-end gap-2">
              <Field id={`${ids}-part`} label="A part from the list">
                <select id={`${ids}-part`} value={picked} onChange={(event) => setPicked(event.target.value)} className={`${fieldClass()} min-h-11 bg-white`}>
                  <option value="">Choose a part…</option>
                  {book.parts.map((part) => (
                    <option key={part.id} value={part.id}>
                      {part.name}, {amount(part.price)}
                    </option>
                  ))}
                </select>
              </Field>
              <button type="button" className={PLAIN_BUTTON} disabled={picked === ""} onClick={addPart}>
                Add this part
              </button>
            </div>
          )}
        </div>
      )}
      <EditorButtons save={job ? "Save the job" : "Add the job"} busy={busy} onCancel={onDone} />
    </form>
  );
}
