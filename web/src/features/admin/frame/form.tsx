// The pieces of the admin's forms: a titled section, a labelled field with its hint and error,
// the two button looks, and the message for a failed call.
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode, type RefObject, type TextareaHTMLAttributes } from "react";
import { AdminApiError } from "./api";

const FIELD = "mt-1 w-full rounded-lg border px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none";

/** The look of a text field, red-bordered while it has an error. */
export function fieldClass(error?: string): string {
  return `${FIELD} ${error ? "border-red-500" : "border-slate-300"}`;
}

/** aria-describedby for a field with an optional hint and error. */
export function describedBy(id: string, hint: boolean, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

/** A label, the control given as `children` (with the id `id`), then its hint and error. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error under it (`${id}-error`, which the field's aria-describedby names). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    error && (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {error}
      </p>
    )
  );
}
const CORRECT_MARKED = "Please correct what is marked below.";

/** A form's save: busy while it runs; a refusal puts each field's messages under it (a 422) and
 * one sentence above; `refuse` marks fields the browser found wrong before asking. Given its
 * `form`, the first field marked takes the focus, scrolled into view. */
export function useSubmit(form?: RefObject<HTMLFormElement | null>) {
  const [state, setState] = useState<{ errors: Record<string, string>; problem: string | null; busy: boolean }>({ errors: {}, problem: null, busy: false });
  useEffect(() => {
    if (Object.keys(state.errors).length === 0) return;
    const first = form?.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView({ block: "center" });
  }, [state.errors, form]);

  async function submit(save: () => Promise<void>) {
    setState({ errors: {}, problem: null, busy: true });
    try {
      await save();
      setState({ errors: {}, problem: null, busy: false });
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.status === 422) {
        const errors = Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, list]) => [field, list.join(" ")]));
        setState({ errors, problem: CORRECT_MARKED, busy: false });
      } else {
        setState({ errors: {}, problem: failureMessage(failure), busy: false });
      }
    }
  }

  return { ...state, submit, refuse: (errors: Record<string, string>) => setState({ errors, problem: CORRECT_MARKED, busy: false }) };
}

export const PRIMARY_BUTTON = "min-h-11 rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800 disabled:opacity-70";
export const PLAIN_BUTTON =
  "min-h-11 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-70";
export const DANGER_BUTTON = "min-h-11 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70";
const FAILED = "That did not work. Please try again.";

/** The message to show for a failed call: the server's own for refusals, else a general one. */
export function failureMessage(failure: unknown): string {
  if (failure instanceof AdminApiError && failure.status >= 400 && failure.status < 500) return failure.message;
  console.error("Account change failed", failure);
  return FAILED;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A labelled input with its hint and error under it (`className` adds to the field's look). */
export function Input({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        {...input}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, Boolean(hint), error)}
        className={className ? `${fieldClass(error)} ${className}` : fieldClass(error)}
      />
    </Field>
  );
}

/** A labelled text area with its hint and error under it. */
export function TextArea({
  id,
  label,
  error,
  hint,
  ...area
}: { id: string; label: string; error?: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea id={id} {...area} aria-invalid={Boolean(error)} aria-describedby={describedBy(id, Boolean(hint), error)} className={fieldClass(error)} />
    </Field>
  );
}
