// Opening the booking dialog from anywhere: the app provides it, buttons call it.
import { createContext, useContext } from "react";

/** Opens the dialog; given the click, the button pressed is recorded as the booking's source. */
export type OpenBooking = (event?: { currentTarget: EventTarget | null }) => void;

export const BookingDialogContext = createContext<OpenBooking>(() => {});

/** A function that opens the booking dialog. */
export function useOpenBooking(): OpenBooking {
  return useContext(BookingDialogContext);
}
