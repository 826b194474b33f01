// The admin's one way to ask a question in a modal: a native <dialog> shown with showModal(), so
// focus stays inside and Escape cancels; focus goes back to where it was when it closes.
import { useEffect, useId, useRef, type ReactNode } from "react";

export function ModalDialog({
  open,
  title,
  description,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  /** The question's explanation, read out with the title. */
  description: ReactNode;
  /** Escape, or the browser closing the dialog. */
  onCancel: () => void;
  /** The dialog's fields and buttons. */
  children: ReactNode;
}) {
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-950/50"
    >
      {open && (
        <>
          <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div id={`${ids}-text`} className="mt-2 text-slate-700">
            {description}
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}

/** The row of buttons at the foot of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>;
}
