// A priced line as the team types it (a common job's, a quote's): its numbers kept as typed, with
// a key of its own for its row, and read back exactly, or a message under the server's field name.
import { centsText, quantityOf, quantityText, signedCentsOf } from "../../../lib/money";
import type { JobLine, LineKind } from "./api";

/** A line as typed. */
export interface TypedLine {
  key: number;
  kind: LineKind;
  description: string;
  quantity: string;
  price: string;
}

let nextKey = 0;

/** A new row's key. */
export const newKey = () => nextKey++;

/** `line` as typed into its fields. */
export function typedLine(line: JobLine): TypedLine {
  return { key: newKey(), kind: line.kind, description: line.description, quantity: quantityText(line.quantity), price: centsText(line.price ?? null) };
}

/** `line`'s figures; what is not a number gets its message in `errors` under `field`.quantity or
 * `field`.price (and reads as 0 or no price). */
export function readLine(line: TypedLine, field: string, errors: Record<string, string>): JobLine {
  const quantity = quantityOf(line.quantity);
  if (quantity === null) errors[`${field}.quantity`] = "Type a number, like 1.5";
  const typed = line.price.trim();
  const price = typed === "" ? null : signedCentsOf(typed);
  if (price === null && typed !== "") errors[`${field}.price`] = "Type the price in dollars and cents, like 45.99, or -10 for a discount";
  return { kind: line.kind, description: line.description, quantity: quantity ?? 0, price };
}
