// An invoice as its editor holds it (numbers as typed), read into the form the server takes, or
// each field's message, under the server's own field names, for what is not a number.
import { newKey, readLine } from "../frame/typedLine";
import type { Invoice, InvoiceForm, LabourRate } from "../frame/api";
import { lineDraft, type OptionDraft } from "./quoteDraft";

export interface InvoiceDraft {
  rate: LabourRate;
  /** Its lines, as the one option the line editor shows. */
  lines: OptionDraft;
  message: string;
  dueDays: string;
}

export function invoiceDraftOf(invoice: Invoice): InvoiceDraft {
  return {
    rate: invoice.rate,
    lines: { key: newKey(), title: "", lines: invoice.lines.map((line) => lineDraft(line)) },
    message: invoice.message,
    dueDays: String(invoice.dueDays),
  };
}

/** The form the draft says, or each field's message for what is not a number. */
export function invoiceFormOf(draft: InvoiceDraft): { form: InvoiceForm; errors: null } | { form: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = draft.lines.lines.map((line, m) => readLine(line, `lines.${m}`, errors));
  const dueDays = /^\d{1,2}$/.test(draft.dueDays.trim()) ? Number(draft.dueDays.trim()) : null;
  if (dueDays === null) errors.dueDays = "Type the days to pay, from 0 (on receipt) to 90";
  if (Object.keys(errors).length > 0) return { form: null, errors };
  return { form: { rate: draft.rate, lines, message: draft.message, dueDays: dueDays ?? 0 }, errors: null };
}
