// A quote as its editor holds it (numbers as typed), read into the form the server takes, or
// each field's message, under the server's own field names, for what is not a number.
import { centsOf, centsText, rateOf, rateText } from "../../../lib/money";
import { newKey, readLine, typedLine, type TypedLine } from "../frame/typedLine";
import type { DepositKind, JobLine, LabourRate, Quote, QuoteForm } from "../frame/api";

/** A quote's line as typed: a priced line the customer may be left to tick. */
export interface LineDraft extends TypedLine {
  optional: boolean;
}

export interface OptionDraft {
  key: number;
  title: string;
  lines: LineDraft[];
}

export interface QuoteDraft {
  rate: LabourRate;
  options: OptionDraft[];
  depositKind: DepositKind;
  depositAmount: string;
  depositRate: string;
  message: string;
}

/** A line of the price book (or a new one) as the editor holds it. */
export function lineDraft(line: JobLine & { optional?: boolean }): LineDraft {
  return { ...typedLine(line), optional: line.optional ?? false };
}

export function draftOf(quote: Quote): QuoteDraft {
  return {
    rate: quote.rate,
    options: quote.options.map((option) => ({ key: newKey(), title: option.title, lines: option.lines.map(lineDraft) })),
    depositKind: quote.deposit.kind,
    depositAmount: quote.deposit.kind === "amount" ? centsText(quote.deposit.amount) : "",
    depositRate: quote.deposit.kind === "percent" ? rateText(quote.deposit.rate) : "",
    message: quote.message,
  };
}

/** The form the draft says, or each field's message for what is not a number. */
export function formOf(draft: QuoteDraft): { form: QuoteForm; errors: null } | { form: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const options = draft.options.map((option, n) => ({
    title: option.title,
    lines: option.lines.map((line, m) => ({ ...readLine(line, `options.${n}.lines.${m}`, errors), optional: line.optional })),
  }));
  const amount = draft.depositKind === "amount" ? centsOf(draft.depositAmount) : 0;
  if (amount === null) errors["deposit.amount"] = "Type the deposit in dollars, like 100";
  const rate = draft.depositKind === "percent" ? rateOf(draft.depositRate) : 0;
  if (rate === null) errors["deposit.rate"] = "Type a percentage, like 25";
  if (Object.keys(errors).length > 0) return { form: null, errors };
  return {
    form: { rate: draft.rate, options, deposit: { kind: draft.depositKind, amount: amount ?? 0, rate: rate ?? 0 }, message: draft.message },
    errors: null,
  };
}
