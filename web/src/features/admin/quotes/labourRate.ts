// A quote's or an invoice's labour rate in words, at the rates the document keeps.
import { amount } from "../../../lib/money";
import type { LabourRate, QuoteRates } from "../frame/api";

/** What an hour of `rate` costs at a document's `rates`, in cents. */
export function hourly(rates: QuoteRates, rate: LabourRate): number {
  return rate === "standard" ? rates.standardRate : rates.insuranceRate;
}

/** "Standard, $125.00 an hour". */
export function rateWords(rates: QuoteRates, rate: LabourRate): string {
  return `${rate === "standard" ? "Standard" : "Insurance or warranty"}, ${amount(hourly(rates, rate))} an hour`;
}
