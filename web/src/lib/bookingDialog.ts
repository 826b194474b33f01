// Opening the booking dialog from anywhere: the app provides it, buttons call it.
import { createContext, useContext } from "react";

export const BookingDialogContext = createContext<() => void>(() => {});

/** A function that opens the booking dialog. */
export function useOpenBooking(): () => void {
  return useContext(BookingDialogContext);
}
