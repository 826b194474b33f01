import { type FormEvent, useId, useState } from "react";
import { submitBooking } from "../../lib/api";
import { useLayout } from "../../lib/layout";
import type { BookingSource } from "../../lib/bookingSource";
import type { Kind as TimeKind } from "../../lib/api-schema";
import type { ChatScript } from "./chatScript";
import { type Answer, answersToSend, locationOf, streetAddressOf } from "./chatScript";
import { type ContactErrors, type ContactFields, characters, MAX_DETAILS, validateContact } from "./contactValidation";
import { type PickedPhoto, PhotoPicker } from "./PhotoPicker";
import { newSubmissionId } from "./submissionId";
import type { ThankYouState } from "./thankYouState";

const SUBMIT_FAILED = "There was an error submitting the form. Please try again.";
/** The question the language a customer prefers is kept under, with the answers. */
const PREFERRED_LANGUAGE = "Preferred language";

interface Props {
  script: ChatScript;
  answers: Answer[];
  /** The time picked, if any. */
  appointment: { kind: TimeKind; start: string; label: string } | null;
  /** The time was taken meanwhile (or is no longer offered): `message` says so. */
  onTimeTaken: (message: string) => void;
  /** An answer made this an emergency: the thank-you page leads with the 24/7 line. */
  emergency: boolean;
  openedAt: number;
  source: BookingSource;
  /** The fields, kept by the chat so that going back to change an answer keeps them. */
  fields: ContactFields;
  onFieldsChange: (update: (fields: ContactFields) => ContactFields) => void;
  /** The photos picked so far, kept by the chat like the fields. */
  photos: PickedPhoto[];
  onPhotosChange: (update: (photos: PickedPhoto[]) => PickedPhoto[]) => void;
  onSubmitted: (visitor: ThankYouState) => void;
}

/** Name, e-mail, phone and details; validated here and again by the server. */
export function ContactForm({
  script,
  answers,
  appointment,
  onTimeTaken,
  emergency,
  openedAt,
  source,
  fields,
  onFieldsChange,
  photos,
  onPhotosChange,
  onSubmitted,
}: Props) {
  const [errors, setErrors] = useState<ContactErrors>({});
  const [website, setWebsite] = useState("");
  // Texts only when the visitor ticks the box (never ticked for them); offered while the shop can send them.
  const [textConsent, setTextConsent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One id per form: a retry after a failure is recognised as the same booking.
  const [submissionId] = useState(newSubmissionId);
  const id = useId();
  const layout = useLayout();
  // With more than one language spoken at the shop, the customer says which one suits them.
  const [language, setLanguage] = useState(layout.languages[0]?.name ?? "");

  const edit = (field: keyof ContactFields) => (value: string) => {
    onFieldsChange((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const uploading = photos.some((photo) => !photo.token && !photo.error);
  const detailsLength = characters(fields.details);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    const result = await submitBooking({
      submissionId,
      ...fields,
      answers: [...answersToSend(script, answers), ...(layout.languages.length > 1 ? [{ question: PREFERRED_LANGUAGE, answer: language }] : [])],
      website,
      // eslint-disable-next-line react-hooks/purity -- on submit, not while rendering
      fillMs: Date.now() - openedAt,
      location: locationOf(script, answers),
      streetAddress: streetAddressOf(script, answers) ?? null,
      source,
      photos: photos.flatMap((photo) => (photo.token ? [photo.token] : [])),
      textConsent: layout.texts ? textConsent : false,
      ...(appointment && { appointment: { kind: appointment.kind, start: appointment.start } }),
    });
    if (result.ok) {
      onSubmitted({
        name: fields.name.trim(),
        email: fields.email.trim(),
        requestNumber: result.requestNumber,
        emergency,
        manageUrl: result.manageUrl,
        ...(result.requested && { requested: result.requested }),
        ...(result.dropOff && { dropOff: true }),
      });
      return;
    }
    setSubmitting(false);
    // A time taken meanwhile, or refused: back to the times, with the reason.
    const timeRefused = result.timeTaken ? result.message : result.fieldErrors.appointment?.[0];
    if (timeRefused) {
      onTimeTaken(timeRefused);
      return;
    }
    const fromServer: ContactErrors = {};
    for (const field of ["name", "email", "phone", "details"] as const) {
      const message = result.fieldErrors[field]?.[0];
      if (message) fromServer[field] = message;
    }
    setErrors(fromServer);
    // A field's own message says what to fix, beside the field; the general one only otherwise.
    setFailure(Object.keys(fromServer).length > 0 ? null : (result.message ?? SUBMIT_FAILED));
    focusFirstError(fromServer);
  };

  /** Puts the focus on the first field with an error, so screen readers read it with its message. */
  function focusFirstError(found: ContactErrors) {
    const first = (["name", "email", "phone", "details"] as const).find((name) => found[name]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  const input =
    "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none disabled:bg-slate-100";
  const field = (name: keyof ContactFields, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) => edit(name)(e.target.value)}
        disabled={submitting}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        data-chat-focus={name === "name" ? "" : undefined}
        className={input}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4 border-t border-slate-200 p-5" aria-label="Your contact information">
      {field("name", "Name", "text", "name")}
      {field("email", "Email", "email", "email")}
      {field("phone", "Phone", "tel", "tel")}
      {layout.texts && (
        <div className="flex items-start gap-3">
          <input
            id={`${id}-texts`}
            type="checkbox"
            checked={textConsent}
            onChange={(e) => setTextConsent(e.target.checked)}
            disabled={submitting}
            className="mt-1 h-5 w-5 shrink-0 accent-orange-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-600 focus-visible:ring-offset-2"
          />
          <div className="text-sm">
            <label htmlFor={`${id}-texts`} className="text-slate-800">
              {layout.texts.wording}
            </label>{" "}
            <a href={layout.texts.terms} target="_blank" rel="noopener" className="font-medium text-orange-800 underline">
              Text message terms
            </a>
          </div>
        </div>
      )}
      {layout.languages.length > 1 && (
        <div>
          <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-800">
            {PREFERRED_LANGUAGE}
          </label>
          <select id={`${id}-language`} value={language} onChange={(e) => setLanguage(e.target.value)} disabled={submitting} className={input}>
            {layout.languages.map((spoken) => (
              <option key={spoken.code} value={spoken.name} lang={spoken.code}>
                {spoken.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-details`} className="block text-sm font-medium text-slate-800">
          Additional Details <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id={`${id}-details`}
          rows={3}
          value={fields.details}
          onChange={(e) => edit("details")(e.target.value)}
          disabled={submitting}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={`${id}-details-count${errors.details ? ` ${id}-details-error` : ""}`}
          className={input}
        />
        <p id={`${id}-details-count`} className={`mt-1 text-right text-xs ${detailsLength > MAX_DETAILS ? "font-semibold text-red-700" : "text-slate-600"}`}>
          {detailsLength.toLocaleString("en-US")} of {MAX_DETAILS.toLocaleString("en-US")} characters
        </p>
        {errors.details && (
          <p id={`${id}-details-error`} className="mt-1 text-sm text-red-700">
            {errors.details}
          </p>
        )}
      </div>
      <PhotoPicker photos={photos} onChange={onPhotosChange} disabled={submitting} />
      {/* A field people never see; bots that fill it in are flagged as spam. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
      </div>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {failure}
        </p>
      )}
      <button
        type="submit"
        disabled={submitting || uploading}
        className="w-full rounded-lg bg-orange-700 px-4 py-3 font-semibold text-white hover:bg-orange-800 disabled:cursor-wait disabled:opacity-70"
      >
        {submitting ? "Submitting..." : uploading ? "Uploading photos..." : "Submit Request"}
      </button>
    </form>
  );
}
