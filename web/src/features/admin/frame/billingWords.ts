// Billing's keys in the team's words: the kinds of a quote's or an invoice's lines, and where a
// quote stands (the server sends keys).
import { lineKindValues } from "../../../lib/api-schema";
import type { LineKind, QuoteState } from "./api";

/** Every kind, in the server's order. */
export const LINE_KINDS = lineKindValues;

/** The kinds a line may be typed as: shop supplies are added from the rates. */
export const TYPED_KINDS = LINE_KINDS.filter((kind) => kind !== "supplies");

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
  fee: "Other fee",
};

/** Where a quote stands, in words. */
export const QUOTE_STATES: Record<QuoteState, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  approved: "Approved",
  "changes-asked": "Changes asked",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};
