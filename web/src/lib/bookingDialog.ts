// Opening the booking dialog from anywhere: the app provides it, buttons call it.
import { createContext, useContext } from "react";

/**
 * What the button that opened the dialog already knows: answers among the assistant's quick
 * options (a service card's trailer and service), the card's own service ("Suspension and Brake
 * Repair", shown for the option it picked and kept with the request), where the trailer is (a
 * city page's city), a line the assistant says first (the financing badge's), and the contact
 * details to fill in (a customer asking for more work from their own page).
 */
export interface Presets {
  answers?: string[];
  service?: string;
  place?: string;
  line?: string;
  contact?: { name: string; phone: string; email: string };
}

/** Opens the dialog; given the click, the button pressed is recorded as the booking's source,
 * and what the button knows answers its questions. */
export type OpenBooking = (event?: { currentTarget: EventTarget | null }, presets?: Presets) => void;

export const BookingDialogContext = createContext<OpenBooking>(() => {});

/** A function that opens the booking dialog. */
export function useOpenBooking(): OpenBooking {
  return useContext(BookingDialogContext);
}
