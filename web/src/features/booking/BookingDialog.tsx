import { Bot, MessageSquareText, X } from "lucide-react";
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "../../components/Spinner";
import type { Presets } from "../../lib/bookingDialog";
import type { BookingSource } from "../../lib/bookingSource";
import { useBeacon } from "../../lib/insights";
import { useLayout } from "../../lib/layout";
import { type SavedConversation, forgetConversation, savedConversation, storedConversation } from "./savedConversation";
import type { ThankYouState } from "./thankYouState";

// The chat is only needed once someone opens the dialog, so it is not in the first download.
const BookingChat = lazy(() => import("./BookingChat"));

interface Props {
  open: boolean;
  /** Opens the dialog again from the offer to go on with a kept conversation. */
  onOpen: (event: { currentTarget: EventTarget | null }, presets: Presets) => void;
  onClose: () => void;
  /** The page and button that opened the dialog, and how the visitor arrived. */
  source: BookingSource;
  /** What that button knows (a city, a service), answered for the visitor. */
  presets: Presets;
}

/** Storage is read once per render; nothing in this tab needs telling when it changes. */
const noSubscription = () => () => {};

const samePresets = (a: Presets, b: Presets) => JSON.stringify(a) === JSON.stringify(b);

/** The services page's prices and common questions, which the assistant links to. */
const PRICES = "/services#faq";

/**
 * The modal booking dialog. A native <dialog> shown with showModal(): the rest of the page is
 * inert while it is open, Escape closes it, and focus returns to the button that opened it.
 * The conversation survives closing and reopening, and a refresh (kept for the tab, with an
 * offer to go on); it starts over after a successful booking, and when another button opens it
 * before the visitor answered anything (with what that button knows). Open, it is a step of the
 * browser's history: Back closes it instead of leaving the page.
 */
/** Focus goes back to the button that opened the dialog; when that sat in a part that closed
 * meanwhile (the phone's menu), to the toggle of that part. */
function returnFocus(opener: HTMLElement | null) {
  if (!opener?.isConnected) return;
  if (opener.checkVisibility()) {
    opener.focus();
    return;
  }
  const closed = opener.closest<HTMLElement>("[hidden][id]");
  const toggle = closed ? document.querySelector<HTMLElement>(`[aria-controls="${closed.id}"]`) : null;
  (toggle ?? opener).focus();
}

export function BookingDialog({ open, onOpen, onClose, source, presets }: Props) {
  const layout = useLayout();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const send = useBeacon();
  // When the current conversation started (null until the dialog is first opened).
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const [conversation, setConversation] = useState(0);
  // The presets the conversation started with, and whether the visitor has answered since.
  const [started, setStarted] = useState<{ presets: Presets; answered: boolean }>({ presets: {}, answered: false });
  // The conversation this tab kept from before a refresh, read once the page is running (the
  // server's markup has none).
  const stored = useSyncExternalStore(noSubscription, storedConversation, () => null);
  const [kept, setKept] = useState<SavedConversation | null>(null);
  const [restored, setRestored] = useState(false);
  if (!restored && stored !== null) {
    setRestored(true);
    const saved = savedConversation(stored);
    if (saved) {
      setKept(saved);
      setStarted({ presets: saved.presets, answered: true });
    }
  }

  // Opened from another button (other presets) before anything was answered: a new conversation.
  if (open && !started.answered && !samePresets(started.presets, presets)) {
    setStarted({ presets, answered: false });
    setConversation((n) => n + 1);
  }

  useEffect(() => {
    if (open) send({ kind: "step", step: "opened", page: source.page ?? "", button: source.button ?? "" });
  }, [open, source, send]);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    setOpenedAt((at) => at ?? Date.now());
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      if (element.open) element.close();
      document.body.style.overflow = previousOverflow;
      returnFocus(opener);
    };
  }, [open]);

  // Open, the dialog is a history entry of its own (same address): Back closes it; closed
  // otherwise, that entry goes.
  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...(window.history.state as object | null), bookingDialog: true }, "");
    const back = () => onClose();
    window.addEventListener("popstate", back);
    return () => {
      window.removeEventListener("popstate", back);
      if ((window.history.state as { bookingDialog?: boolean } | null)?.bookingDialog) window.history.back();
    };
  }, [open, onClose]);

  const submitted = useCallback(
    (visitor: ThankYouState) => {
      onClose();
      forgetConversation();
      setKept(null);
      setConversation((n) => n + 1);
      setStarted({ presets: {}, answered: false });
      setOpenedAt(null);
      // In place of the dialog's own history entry.
      navigate("/thank-you", { state: visitor, replace: true });
    },
    [navigate, onClose],
  );

  // The assistant's script with when it offers times.
  const script = useMemo(() => ({ ...layout.chat, times: layout.times }), [layout]);
  const answered = useCallback(() => setStarted((current) => (current.answered ? current : { ...current, answered: true })), []);

  return (
    <>
      {kept && openedAt === null && !open && (
        <button
          type="button"
          onClick={(event) => onOpen(event, kept.presets)}
          className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full bg-orange-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-orange-800"
        >
          <MessageSquareText aria-hidden="true" className="h-5 w-5" />
          Go on with your request
        </button>
      )}
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
        {openedAt !== null && (
          <div className="flex max-h-[85vh] flex-col overflow-y-auto rounded-2xl bg-white shadow-2xl">
            <div className="sticky top-0 z-10 flex items-center justify-between bg-slate-900 px-5 py-4 text-white">
              <h2 id="booking-title" className="flex items-center gap-2 text-lg font-semibold">
                <Bot aria-hidden="true" className="h-5 w-5 text-orange-300" />
                {layout.chat.title}
              </h2>
              <button type="button" onClick={onClose} aria-label="Close" className="rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white">
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
            <Suspense fallback={<Spinner label="Loading the assistant" />}>
              <BookingChat
                key={conversation}
                script={script}
                openedAt={openedAt}
                source={source}
                presets={started.presets}
                saved={kept}
                onAnswered={answered}
                onSubmitted={submitted}
              />
            </Suspense>
            {layout.prices && (
              <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-700">
                What does it cost?{" "}
                <a
                  href={PRICES}
                  // In place of the dialog's own history entry: Back leads to the page it opened on.
                  onClick={(event) => {
                    event.preventDefault();
                    onClose();
                    navigate(PRICES, { replace: true });
                  }}
                  className="font-semibold text-orange-800 underline hover:text-orange-900"
                >
                  See prices and common questions
                </a>
              </p>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
