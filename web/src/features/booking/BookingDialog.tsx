import { Bot, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLayout } from "../../lib/layout";

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The modal booking dialog. A native <dialog> shown with showModal(): the rest of the page is
 * inert while it is open, Escape closes it, and focus returns to the button that opened it.
 */
export function BookingDialog({ open, onClose }: Props) {
  const layout = useLayout();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      if (element.open) element.close();
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [open]);

  const first = layout.chat.steps[0];
  return (
    <dialog
      ref={dialog}
      aria-labelledby="booking-title"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the dialog element itself (not its content) is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-transparent p-0 backdrop:bg-slate-950/70"
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl">
          <div className="flex items-center justify-between bg-slate-900 px-5 py-4 text-white">
            <h2 id="booking-title" className="flex items-center gap-2 text-lg font-semibold">
              <Bot aria-hidden="true" className="h-5 w-5 text-orange-300" />
              {layout.chat.title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto p-5" aria-live="polite">
            {first && (
              <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-800">
                {first.question}
              </p>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
