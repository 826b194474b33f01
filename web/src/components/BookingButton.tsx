// A button that opens the booking dialog. Until the page's script runs it is a link to the
// contact page's request form, so a tap made before then is never lost: it leads where the phone
// number and a plain form work without JavaScript. Once the script runs it opens the dialog.
import type { MouseEvent, ReactNode } from "react";
import { type Presets, useOpenBooking } from "../lib/bookingDialog";
import { useIsClient } from "../lib/useIsClient";

/** The contact page's request form, which works without JavaScript. */
export const PLAIN_REQUEST = "/contact#request";

export function BookingButton({
  presets,
  className,
  children,
  label,
  onOpen,
}: {
  /** What the button knows: answers the assistant's questions. */
  presets?: Presets;
  className: string;
  children: ReactNode;
  /** Its accessible name, when its text does not say it all. */
  label?: string;
  /** Runs as the dialog opens (a menu closing). */
  onOpen?: () => void;
}) {
  const openBooking = useOpenBooking();
  const client = useIsClient();
  if (!client) {
    return (
      <a href={PLAIN_REQUEST} className={className} aria-label={label}>
        {children}
      </a>
    );
  }
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    onOpen?.();
    openBooking(event, presets);
  };
  return (
    <button type="button" onClick={open} className={className} aria-label={label}>
      {children}
    </button>
  );
}
