// The fields of the site editor: each bound to one path of the site details, with the server's
// message for that path under it.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { FeaturedImageField } from "../frame/FeaturedImageField";
import { describedBy, Field, FieldError, fieldClass, PLAIN_BUTTON } from "../frame/form";
import { ICONS, Icon } from "../../../components/Icon";
import { useSiteEditor, useSiteField } from "./SiteEditor";
import type { Json } from "../frame/api";
import { listMessagesAt, moved } from "./siteDraft";
import { centsOf } from "../../../lib/money";

interface TextProps {
  path: string;
  label: string;
  hint?: string;
  /** A paragraph rather than a line. */
  long?: boolean;
  type?: "text" | "email" | "tel" | "url" | "number" | "time" | "date";
  /** An optional field: empty means none (null). */
  optional?: boolean;
}

/** A text, number, time or date field. */
export function SiteText({ path, label, hint, long, type = "text", optional }: TextProps) {
  const field = useSiteField(path);
  const value = field.value === null || field.value === undefined ? "" : String(field.value);
  const change = (text: string) => {
    if (type === "number") field.set(text.trim() === "" ? (optional ? null : text) : Number(text));
    else field.set(optional && text.trim() === "" ? null : text);
  };
  const props = {
    id: field.id,
    value,
    "aria-invalid": Boolean(field.error),
    "aria-describedby": describedBy(field.id, Boolean(hint), field.error),
    className: fieldClass(field.error),
  };
  return (
    <Field id={field.id} label={label} error={field.error} hint={hint}>
      {long ? (
        <textarea {...props} rows={4} onChange={(event) => change(event.target.value)} />
      ) : (
        <input {...props} type={type} step={type === "number" ? "any" : undefined} onChange={(event) => change(event.target.value)} />
      )}
    </Field>
  );
}

/** A price typed in dollars and kept in cents; empty means none. What is not an amount is kept
 * as 0 cents, a price the server's checks refuse, so a save is refused naming this field (and
 * what was typed stays in the box). */
export function SitePrice({ path, label, hint }: { path: string; label: string; hint: string }) {
  const field = useSiteField(path);
  const stored = typeof field.value === "number" ? field.value : null;
  const [typed, setTyped] = useState(stored === null ? "" : String(stored / 100));
  // A restored version or a reload changes the price under the field: show it.
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    if (stored !== 0 && centsOf(typed) !== stored) setTyped(stored === null ? "" : String(stored / 100));
  }
  const unreadable = typed.trim() !== "" && centsOf(typed) === null;
  const error = unreadable ? "Enter an amount in dollars, like 89 or 89.50." : field.error;
  const change = (text: string) => {
    setTyped(text);
    field.set(text.trim() === "" ? null : (centsOf(text) ?? 0));
  };
  return (
    <Field id={field.id} label={label} error={error} hint={hint}>
      <input
        id={field.id}
        inputMode="decimal"
        value={typed}
        onChange={(event) => change(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(field.id, true, error)}
        className={`${fieldClass(error)} max-w-40`}
      />
    </Field>
  );
}

/** A list of short texts, one per line. */
export function SiteLines({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const field = useSiteField(path);
  const { state } = useSiteEditor();
  // A message about one line (a ZIP code) shows here too, with its line's number.
  const error = state.kind === "invalid" ? listMessagesAt(state.errors, path) : undefined;
  const lines = Array.isArray(field.value) ? field.value.map(String) : [];
  return (
    <Field id={field.id} label={label} error={error} hint={hint ?? "One per line."}>
      <textarea
        id={field.id}
        rows={Math.max(3, lines.length)}
        value={lines.join("\n")}
        onChange={(event) => field.set(event.target.value.split("\n"))}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(field.id, true, error)}
        className={fieldClass(error)}
      />
    </Field>
  );
}

/** A photo, uploaded through the same checks as the blog's, with its description when asked. */
export function SitePhoto({ path, altPath, label }: { path: string; altPath?: string; label: string }) {
  const photo = useSiteField(path);
  const alt = useSiteField(altPath ?? path);
  return (
    <div>
      <FeaturedImageField
        label={label}
        value={typeof photo.value === "string" && photo.value ? photo.value : null}
        onChange={(url) => photo.set(url ?? (altPath ? "" : null))}
        hint="PNG, JPG, GIF, WebP or HEIC up to 5MB"
        description={altPath ? { id: alt.id, value: typeof alt.value === "string" ? alt.value : "", onChange: alt.set, error: alt.error } : undefined}
      />
      {photo.error && <p className="mt-1 text-sm text-red-700">{photo.error}</p>}
    </div>
  );
}

/** The items of the list at `path`, each with Move up, Move down and Remove, and an Add button. */
export function SiteList({
  path,
  add,
  make,
  title,
  folded = false,
  children,
}: {
  path: string;
  /** The Add button's words: "Add a testimonial". */
  add: string;
  /** A new, empty item. */
  make: () => Json;
  /** The heading of item `index`. */
  title: (item: Json, index: number) => string;
  /** Each item folded to its heading until opened (long lists on a phone); a new one opens. */
  folded?: boolean;
  children: (itemPath: string, index: number) => ReactNode;
}) {
  const { set } = useSiteEditor();
  const field = useSiteField(path);
  const items = Array.isArray(field.value) ? field.value : [];
  const list = useRef<HTMLOListElement>(null);
  /** The item just added: shown, scrolled to, its first field focused. */
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    const item = list.current?.children[added];
    item?.scrollIntoView({ block: "start" });
    item?.querySelector<HTMLElement>("input, textarea, select")?.focus({ preventScroll: true });
  }, [added]);
  return (
    <div>
      {field.error && <p className="mt-2 text-sm text-red-700">{field.error}</p>}
      <ol ref={list} className="mt-4 space-y-4">
        {items.map((item, index) => {
          const heading = title(item, index);
          const controls = (
            <div className="flex gap-2">
              <button
                type="button"
                className={PLAIN_BUTTON}
                disabled={index === 0}
                onClick={() => set(path, moved(items, index, index - 1))}
                aria-label={`Move up: ${heading}`}
              >
                <ArrowUp aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                className={PLAIN_BUTTON}
                disabled={index === items.length - 1}
                onClick={() => set(path, moved(items, index, index + 1))}
                aria-label={`Move down: ${heading}`}
              >
                <ArrowDown aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                onClick={() =>
                  set(
                    path,
                    items.filter((_, i) => i !== index),
                  )
                }
                aria-label={`Remove: ${heading}`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Remove
              </button>
            </div>
          );
          const fields = <div className="mt-3 grid gap-4 sm:grid-cols-2">{children(`${path}[${index}]`, index)}</div>;
          return (
            <li key={index} className="scroll-mt-4 rounded-lg p-4 ring-1 ring-slate-200">
              {folded ? (
                <details open={index === added}>
                  <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">{heading}</summary>
                  <div className="mt-2">{controls}</div>
                  {fields}
                </details>
              ) : (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">{heading}</h3>
                    {controls}
                  </div>
                  {fields}
                </>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={`${PLAIN_BUTTON} mt-4 inline-flex items-center gap-2`}
        onClick={() => {
          set(path, [...items, make()]);
          setAdded(items.length);
        }}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {add}
      </button>
    </div>
  );
}

/** The assistant's steps as the editor holds them: each with its key, question and options. */
export function useChatSteps(): { key: string; question: string; options: { key: string; text: string }[] }[] {
  const { site } = useSiteEditor();
  return (
    (site as { chat?: { steps?: { key: string; question: string; options?: { key: string; text: string }[] }[] } }).chat?.steps?.map((step) => ({
      ...step,
      options: step.options ?? [],
    })) ?? []
  );
}

/** What a button answers in the booking assistant: for each of its questions, one of its quick
 * options (by key) or none (kept in the order of the questions). */
export function SiteAnswers({ path, legend }: { path: string; legend: ReactNode }) {
  const field = useSiteField(path);
  const steps = useChatSteps();
  const answers = Array.isArray(field.value) ? field.value.map(String) : [];
  const pickedOf = (step: (typeof steps)[number]) => answers.find((a) => step.options.some((o) => o.key === a));
  const pick = (at: number, answer: string) =>
    field.set(
      steps.flatMap((step, index) => {
        const given = index === at ? answer : pickedOf(step);
        return given ? [given] : [];
      }),
    );
  return (
    <fieldset aria-describedby={field.error ? `${field.id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {steps.map((step, index) => (
          <label key={step.key} className="block text-sm text-slate-800">
            {step.question}
            <select
              value={pickedOf(step) ?? ""}
              onChange={(event) => pick(index, event.target.value)}
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-2"
            >
              <option value="">Not answered</option>
              {step.options.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.text}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <FieldError id={field.id} error={field.error} />
    </fieldset>
  );
}

/** One of the assistant's quick options, kept by its key and picked by its words (grouped by
 * question). */
export function SiteOption({ path, label }: { path: string; label: string }) {
  const field = useSiteField(path);
  const steps = useChatSteps();
  return (
    <Field id={field.id} label={label} error={field.error}>
      <select
        id={field.id}
        value={typeof field.value === "string" ? field.value : ""}
        onChange={(event) => field.set(event.target.value)}
        aria-invalid={Boolean(field.error)}
        aria-describedby={describedBy(field.id, false, field.error)}
        className={fieldClass(field.error)}
      >
        {steps.map((step) => (
          <optgroup key={step.key} label={step.question}>
            {step.options.map((option) => (
              <option key={option.key} value={option.key}>
                {option.text}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}

/** A list of values picked with checkboxes, kept in the order of `choices` ([value, label]). */
export function SiteChoices({
  path,
  legend,
  choices,
  wide,
}: {
  path: string;
  legend: ReactNode;
  choices: readonly (readonly [string, string])[];
  wide?: boolean;
}) {
  const field = useSiteField(path);
  const chosen = Array.isArray(field.value) ? field.value.map(String) : [];
  const pick = (value: string, on: boolean) => field.set(choices.map(([v]) => v).filter((v) => (v === value ? on : chosen.includes(v))));
  return (
    <fieldset aria-describedby={field.error ? `${field.id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={wide ? "mt-2 grid gap-2 sm:grid-cols-2" : "mt-1 flex flex-wrap gap-3"}>
        {choices.map(([value, label]) => (
          <label key={value} className={`min-h-11 items-center gap-1.5 text-sm ${wide ? "flex text-slate-800" : "inline-flex"}`}>
            <input type="checkbox" checked={chosen.includes(value)} onChange={(event) => pick(value, event.target.checked)} />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={field.id} error={field.error} />
    </fieldset>
  );
}

/** One of the icons the site draws, picked by name, with the icon beside the list. */
export function SiteIcon({ path, label }: { path: string; label: string }) {
  const field = useSiteField(path);
  const value = typeof field.value === "string" ? field.value : "";
  return (
    <Field id={field.id} label={label} error={field.error}>
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-700">
          {value && <Icon name={value} className="h-6 w-6" />}
        </span>
        <select
          id={field.id}
          value={value}
          onChange={(event) => field.set(event.target.value)}
          aria-invalid={Boolean(field.error)}
          aria-describedby={describedBy(field.id, false, field.error)}
          className={fieldClass(field.error)}
        >
          {Object.keys(ICONS).map((name) => (
            <option key={name} value={name}>
              {name.replace(/-/g, " ")}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
