// The kinds of a quote's or an invoice's lines, as the owner reads them (the server sends keys).
import { lineKindValues } from "../../../lib/api-schema";
import type { LineKind } from "../frame/api";

/** Every kind, in the server's order. */
export const LINE_KINDS = lineKindValues;

/** A kind in words: "Labour", "Parts". */
export const KIND_LABELS: Record<LineKind, string> = {
  labour: "Labour",
  part: "Parts",
  trip: "Trip fee",
  supplies: "Shop supplies",
  fee: "Other fees",
};

/** A kind's one line in words: "Part", "Labour". */
export const KIND_LINE: Record<LineKind, string> = {
  labour: "Labour",
  part: "Part",
  trip: "Trip fee",
  supplies: "Shop supplies",
  fee: "Fee",
};
