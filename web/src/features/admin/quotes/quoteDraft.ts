// A quote as its editor holds it (numbers as typed), read into the form the server takes, or
// each field's message, under the server's own field names, for what is not a number.
import { centsOf, centsText, quantityOf, quantityText, rateOf, rateText, signedCentsOf } from "../../../lib/money";
import type { DepositKind, JobLine, LabourRate, LineKind, Quote, QuoteForm } from "../frame/api";

export interface LineDraft {
  key: number;
  kind: LineKind;
  description: string;
  quantity: string;
  price: string;
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

let nextKey = 0;

/** A new row's key. */
export const newKey = () => nextKey++;

/** A line of the price book (or a new one) as the editor holds it. */
export function lineDraft(line: JobLine & { optional?: boolean }): LineDraft {
  return {
    key: newKey(),
    kind: line.kind,
    description: line.description,
    quantity: quantityText(line.quantity),
    price: centsText(line.price ?? null),
    optional: line.optional ?? false,
  };
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
    lines: option.lines.map((line, m) => {
      const field = `options.${n}.lines.${m}`;
      const quantity = quantityOf(line.quantity);
      if (quantity === null) errors[`${field}.quantity`] = "Type a number, like 1.5";
      const price = line.price.trim() === "" ? null : signedCentsOf(line.price);
      if (price === null && line.price.trim() !== "") errors[`${field}.price`] = "Type the price in dollars and cents, like 45.99, or -10 for a discount";
      return { kind: line.kind, description: line.description, quantity: quantity ?? 0, price, optional: line.optional };
    }),
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
