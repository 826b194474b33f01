/** What the booking dialog passes to /thank-you as navigation state. */
export interface ThankYouState {
  name: string;
  email: string;
  /** The booking's number, as in the visitor's confirmation e-mail. */
  requestNumber?: number;
  /** An answer made the request an emergency: the page leads with the 24/7 line. */
  emergency?: boolean;
  /** Where the visitor sees, changes or cancels the request ("/booking/{token}"). */
  manageUrl?: string;
  /** The time asked for, "Tuesday, December 1, 8:00-10:00 AM". */
  requested?: string;
  /** The time is a drop-off at the shop: the page gives the shop's address. */
  dropOff?: boolean;
}

/** The visitor's name and e-mail from navigation state, or null when the name is missing. */
export function readThankYouState(state: unknown): ThankYouState | null {
  if (typeof state !== "object" || state === null) return null;
  const { name, email, requestNumber, emergency, manageUrl, requested, dropOff } = state as Record<string, unknown>;
  if (typeof name !== "string" || name.trim() === "") return null;
  return {
    name,
    email: typeof email === "string" ? email : "",
    ...(typeof requestNumber === "number" && Number.isInteger(requestNumber) && { requestNumber }),
    ...(emergency === true && { emergency }),
    ...(typeof manageUrl === "string" && manageUrl.startsWith("/booking/") && { manageUrl }),
    ...(typeof requested === "string" && { requested }),
    ...(dropOff === true && { dropOff }),
  };
}
