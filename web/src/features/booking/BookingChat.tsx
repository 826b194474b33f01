import { Phone, RotateCcw, Send, Undo2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { checkServiceArea, openTimes } from "../../lib/api";
import type { Presets } from "../../lib/bookingDialog";
import type { BookingSource } from "../../lib/bookingSource";
import { type FunnelStep, useBeacon } from "../../lib/insights";
import { useLayout } from "../../lib/layout";
import type { Asks, TimeOption } from "../../lib/api-schema";
import {
  type Answer,
  type ChatMessage,
  currentPrompt,
  isEmergency,
  isPlaceQuestion,
  lastQuestion,
  namedAnswer,
  opening,
  openingWords,
  reply,
  stepIndex,
  withoutAnswerAt,
  withoutLastAnswer,
  type ChatScript,
} from "./chatScript";
import { ContactForm } from "./ContactForm";
import { type ContactFields, EMPTY_CONTACT } from "./contactValidation";
import type { PickedPhoto } from "./PhotoPicker";
import { type Picked, type SavedConversation, forgetConversation, saveConversation } from "./savedConversation";
import type { ThankYouState } from "./thankYouState";
import { TimePicker } from "./TimePicker";

/** How long the assistant "types" before its next message appears; shorter for a visitor who
 * asked for less motion, whose dots do not move. */
const TYPING_MS = 700;
const STILL_TYPING_MS = 150;
const typingPause = () => (window.matchMedia("(prefers-reduced-motion: reduce)").matches ? STILL_TYPING_MS : TYPING_MS);

interface Props {
  script: ChatScript;
  openedAt: number;
  source: BookingSource;
  /** What the button that opened the dialog knows, shown as answers the visitor can change. */
  presets: Presets;
  /** The conversation this tab kept from before (a refresh): it goes on from there. */
  saved: SavedConversation | null;
  /** The visitor answered something themselves (a new button's presets no longer replace the talk). */
  onAnswered: () => void;
  onSubmitted: (visitor: ThankYouState) => void;
}

/** How the free-text box asks for each kind of answer. */
const FREE_TEXT: Record<Asks, { placeholder: string; autoComplete: string; maxLength: number }> = {
  words: { placeholder: "Type your answer...", autoComplete: "off", maxLength: 500 },
  place: { placeholder: "City or ZIP code", autoComplete: "postal-code", maxLength: 120 },
  address: { placeholder: "Street address or cross streets", autoComplete: "street-address", maxLength: 200 },
  job: { placeholder: "A few words about it", autoComplete: "off", maxLength: 500 },
};

/** What the emergency call box says, for screen readers. */
/** Said after an earlier answer was taken back to change it, with the ones after it. */
const clearedNote = (later: number) =>
  later === 1 ? "The answer after it was cleared: you'll be asked it again." : `The ${later} answers after it were cleared: you'll be asked them again.`;

/** What the emergency banner says, for the announcer (nothing while the phone is a placeholder). */
const emergencyCall = (phone: string | null | undefined) => (phone ? [`For an emergency, call us now. We answer 24/7. Call now: ${phone}`] : []);

const wait = (ms: number) => new Promise((done) => window.setTimeout(done, ms));

/** The scripted conversation, then the contact form. Loaded when the dialog first opens. */
export default function BookingChat({ script, openedAt, source: opener, presets, saved, onAnswered, onSubmitted }: Props) {
  const layout = useLayout();
  // Where the conversation began: before a refresh, the button that opened it then.
  const source = saved?.source ?? opener;
  const [start] = useState(() => saved ?? opening(script, presets));
  const [messages, setMessages] = useState<ChatMessage[]>(start.messages);
  const [answers, setAnswers] = useState<Answer[]>(start.answers);
  // The service the button named: kept with the request until the visitor starts over.
  const [named, setNamed] = useState(start.named);
  // What screen readers hear: every assistant message of the latest turn, once it is "typed",
  // and the emergency call box when it appears.
  /** How many later answers went when an earlier one was taken back to change (said until the next answer). */
  const [cleared, setCleared] = useState(0);
  const [announcement, setAnnouncement] = useState(() =>
    saved
      ? (saved.messages.findLast((m) => m.from === "ai")?.text ?? "")
      : [openingWords(start.messages), ...(isEmergency(script, start.answers) ? emergencyCall(layout.phone) : [])].join(" "),
  );
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState("");
  // Kept here, so changing an answer after reaching the form keeps what was typed in it.
  const [contact, setContact] = useState<ContactFields>(saved?.contact ?? { ...EMPTY_CONTACT, ...presets.contact });
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [picked, setPicked] = useState<Picked | null>(saved?.picked ?? null);
  /** The place the visitor gave is outside the service area: no arrival windows are offered. */
  const [outsideArea, setOutsideArea] = useState(saved?.outsideArea ?? false);
  // Kept for the tab once the visitor has answered something (a button's presets alone are not).
  const [kept, setKept] = useState(saved !== null);
  useEffect(() => {
    if (kept && !typing) saveConversation({ source, presets, messages, answers, named, contact, picked, outsideArea });
  }, [kept, typing, source, presets, messages, answers, named, contact, picked, outsideArea]);
  // Said above the times when the one picked was taken meanwhile; a new key loads them again.
  const [timeNotice, setTimeNotice] = useState<{ text: string; key: number } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Counts turns: a reply still on its way when the visitor goes back or starts over is dropped.
  const turn = useRef(0);
  // Set when the visitor acted; the next question's first control gets focus once it is shown.
  const focusNext = useRef(false);
  const prompt = currentPrompt(script, messages);
  // 'Start over' asks first: the answers so far would all go.
  const [confirmingStartOver, setConfirmingStartOver] = useState(false);
  const emergency = isEmergency(script, answers);
  const beacon = useBeacon();
  const count = useCallback((step: FunnelStep) => beacon({ kind: "step", page: source.page ?? "", button: source.button ?? "", ...step }), [beacon, source]);
  /** Counts an answer to `question` as an answer to its step of the script. */
  const countAnswer = useCallback(
    (question: string) => {
      const index = stepIndex(script, question);
      if (index !== null) count({ step: "answered", question: index });
    },
    [count, script],
  );

  useEffect(
    () => () => {
      turn.current += 1;
    },
    [],
  );
  // What the button that opened the dialog answered counts as answered, once.
  const presetsCounted = useRef(false);
  useEffect(() => {
    if (presetsCounted.current) return;
    presetsCounted.current = true;
    // A conversation kept from before the refresh was counted then.
    if (saved) return;
    for (const given of start.answers) countAnswer(given.question);
  }, [start, saved, countAnswer]);
  // The contact form counts once per conversation.
  const contactCounted = useRef(false);
  useEffect(() => {
    if (typing || prompt.kind !== "contact" || contactCounted.current) return;
    contactCounted.current = true;
    count({ step: "contact" });
  }, [typing, prompt.kind, count]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight, behavior: "smooth" });
  }, [messages, typing]);
  useEffect(() => {
    if (typing || !focusNext.current) return;
    focusNext.current = false;
    panel.current?.querySelector<HTMLElement>("[data-chat-focus]")?.focus();
  }, [typing, messages]);

  const appointment = picked && answers.some((a) => a.question === picked.question && a.answer === picked.label) ? picked : null;
  const timesFor = prompt.kind === "time" ? prompt.appointment : "shop";
  const loadTimes = useCallback((date?: string) => openTimes(timesFor, date), [timesFor]);

  const pickTime = (time: TimeOption) => {
    if (prompt.kind !== "time") return;
    const question = lastQuestion(messages);
    setPicked({ question, label: time.label, kind: prompt.appointment, start: time.start });
    setTimeNotice(null);
    count({ step: "time" });
    void answer(time.label);
  };

  /** The time picked was taken while the visitor wrote: back to the times, with the reason. */
  const timeTaken = (message: string) => {
    rewind(withoutLastAnswer(messages, answers), "");
    setTimeNotice((notice) => ({ text: message, key: (notice?.key ?? 0) + 1 }));
  };

  const answer = async (text: string) => {
    if (typing || !text.trim()) return;
    setCleared(0);
    const question = lastQuestion(messages);
    const next = reply(script, messages, answers, text, { outsideArea });
    onAnswered();
    setKept(true);
    countAnswer(question);
    const mine = ++turn.current;
    focusNext.current = true;
    setMessages((m) => [...m, { from: "user", text: text.trim() }]);
    setAnswers((a) => [...a, next.answer]);
    setDraft("");
    setTyping(true);
    const [area] = await Promise.all([isPlaceQuestion(script, question) ? checkServiceArea(text.trim()) : null, wait(typingPause())]);
    if (turn.current !== mine) return;
    const said: ChatMessage[] = [];
    if (area) {
      const link = area.city ? { href: `/service-areas/${area.city.slug}`, label: `Our ${area.city.name} page` } : undefined;
      said.push({ from: "ai", text: area.message, ...(link && { link }) });
      setOutsideArea(!area.inArea);
    }
    if (next.before) said.push({ from: "ai", text: next.before });
    said.push({ from: "ai", text: next.assistant });
    setMessages((m) => [...m, ...said]);
    const becameEmergency = !emergency && isEmergency(script, [...answers, next.answer]);
    setAnnouncement([...said.map((m) => m.text), ...(becameEmergency ? emergencyCall(layout.phone) : [])].join(" "));
    setTyping(false);
  };

  /** Goes back to an earlier point of the conversation; a reply on its way is dropped. */
  const rewind = (to: { messages: ChatMessage[]; answers: Answer[] }, draftAgain: string) => {
    turn.current += 1;
    focusNext.current = true;
    setMessages(to.messages);
    setAnswers(to.answers);
    setDraft(draftAgain);
    setTyping(false);
    setAnnouncement(to.messages.findLast((m) => m.from === "ai")?.text ?? "");
  };
  /** Asks the question answered at message `at` again, with that answer in the box to edit
   * (quick options show again instead, for a picked one); what followed it goes. */
  const changeAnswerAt = (at: number) => {
    const earlier = withoutAnswerAt(messages, answers, at);
    const later = answers.length - earlier.answers.length - 1;
    rewind(earlier, answers[earlier.answers.length]?.answer ?? "");
    setCleared(later);
    if (later > 0) setAnnouncement(`${clearedNote(later)} ${earlier.messages.findLast((m) => m.from === "ai")?.text ?? ""}`);
  };
  const startOver = () => {
    setConfirmingStartOver(false);
    setCleared(0);
    setNamed(null);
    setKept(false);
    forgetConversation();
    rewind(opening(script, {}), "");
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    void answer(draft);
  };

  const asks = prompt.kind === "question" ? prompt.asks : "words";
  const options = prompt.kind === "question" ? (asks === "place" ? layout.areaCities.map((c) => c.name) : prompt.options) : [];
  const freeText = prompt.kind === "question" && (asks === "place" || prompt.options.length === 0);
  const lastAnswer = messages.findLastIndex((m) => m.from === "user");

  return (
    <div ref={panel}>
      <div ref={list} role="log" aria-live="off" aria-label="Conversation" tabIndex={0} className="max-h-[50vh] min-h-40 space-y-3 overflow-y-auto p-5">
        {messages.map((message, index) => (
          <div key={index} className={message.from === "ai" ? "max-w-[85%]" : "ml-auto max-w-[85%] text-right"}>
            <p
              className={
                message.from === "ai"
                  ? "rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-800"
                  : "inline-block rounded-2xl rounded-tr-sm bg-orange-700 px-4 py-3 text-left text-white"
              }
            >
              <span className="sr-only">{message.from === "ai" ? "Assistant: " : "You: "}</span>
              {message.text}
              {message.link && (
                <>
                  {" "}
                  <a href={message.link.href} target="_blank" rel="noopener" className="font-semibold text-orange-800 underline">
                    {message.link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </>
              )}
            </p>
            {message.from === "user" && !typing && (
              <button
                type="button"
                onClick={() => changeAnswerAt(index)}
                aria-label={`Change answer: ${message.text}${index < lastAnswer ? " (the answers after it are cleared)" : ""}`}
                className="mt-1 inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-700 underline hover:text-orange-800"
              >
                <Undo2 aria-hidden="true" className="h-3.5 w-3.5" />
                Change answer
              </button>
            )}
          </div>
        ))}
        {typing && (
          <p className="flex w-16 items-center justify-center gap-1 rounded-2xl bg-slate-100 px-4 py-4" data-testid="typing">
            <span className="sr-only">The assistant is typing</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                aria-hidden="true"
                className="h-2 w-2 rounded-full bg-slate-500 motion-safe:animate-bounce"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </p>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcer">
        {typing ? "" : announcement}
      </div>
      {emergency && layout.phone && layout.phoneHref && (
        <div className="border-t border-red-200 bg-red-50 px-5 py-4">
          <p className="text-sm font-medium text-red-900">For an emergency, call us now. We answer 24/7.</p>
          <a
            href={layout.phoneHref}
            className="mt-2 flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-3 font-semibold text-white hover:bg-red-800"
          >
            <Phone aria-hidden="true" className="h-5 w-5" />
            Call now: {layout.phone}
          </a>
        </div>
      )}
      {!typing && cleared > 0 && (
        <p className="border-t border-slate-200 px-5 py-2 text-sm text-slate-700" data-testid="answers-cleared">
          {clearedNote(cleared)}
        </p>
      )}
      {!typing && options.length > 0 && (
        <div
          className={`flex flex-wrap gap-2 border-t border-slate-200 p-4 ${asks === "place" ? "max-h-40 overflow-y-auto sm:max-h-none" : ""}`}
          role="group"
          aria-label={asks === "place" ? "Cities we serve" : "Quick answers"}
        >
          {options.map((option, index) => (
            <button
              key={option}
              type="button"
              onClick={() => void answer(option)}
              data-chat-focus={index === 0 && !freeText ? "" : undefined}
              className="rounded-full bg-white px-4 py-2 text-sm font-medium text-orange-800 ring-1 ring-orange-300 hover:bg-orange-50"
            >
              {option}
            </button>
          ))}
        </div>
      )}
      {!typing && freeText && (
        <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-4">
          <label htmlFor="chat-reply" className="sr-only">
            Your answer
          </label>
          <input
            id="chat-reply"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={FREE_TEXT[asks].maxLength}
            data-chat-focus=""
            autoComplete={FREE_TEXT[asks].autoComplete}
            placeholder={FREE_TEXT[asks].placeholder}
            className="flex-1 rounded-lg border border-slate-300 px-3 py-2 focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!draft.trim()}
            aria-label="Send"
            className="rounded-lg bg-orange-700 px-4 py-2 text-white hover:bg-orange-800 disabled:opacity-50"
          >
            <Send aria-hidden="true" className="h-5 w-5" />
          </button>
        </form>
      )}
      {!typing && prompt.kind === "time" && (
        <TimePicker
          key={`${prompt.appointment}-${timeNotice?.key ?? 0}`}
          load={loadTimes}
          label={prompt.appointment === "shop" ? "Drop-off times" : "Arrival windows"}
          laterLabel={script.times?.laterLabel ?? ""}
          callLabel={script.times?.callLabel}
          onPick={pickTime}
          onCall={() => void answer(script.times?.callLabel ?? "")}
          {...(timeNotice && { notice: timeNotice.text })}
        />
      )}
      {!typing && prompt.kind === "contact" && (
        <ContactForm
          script={script}
          answers={[...answers, ...namedAnswer(named, answers)]}
          appointment={appointment}
          onTimeTaken={timeTaken}
          emergency={emergency}
          openedAt={openedAt}
          source={source}
          fields={contact}
          onFieldsChange={setContact}
          photos={photos}
          onPhotosChange={setPhotos}
          onSubmitted={onSubmitted}
        />
      )}
      {answers.length > 0 && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-5 py-2">
          {confirmingStartOver ? (
            <>
              <p className="mr-auto text-sm text-slate-800" role="status">
                Start over? Your answers so far will be cleared.
              </p>
              <button
                type="button"
                autoFocus
                onClick={() => setConfirmingStartOver(false)}
                className="rounded px-2 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
              >
                Keep my answers
              </button>
              <button type="button" onClick={startOver} className="rounded bg-slate-800 px-2 py-1 text-sm font-medium text-white hover:bg-slate-900">
                Yes, start over
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => setConfirmingStartOver(true)}
              className="inline-flex items-center gap-1.5 rounded px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Start over
            </button>
          )}
        </div>
      )}
    </div>
  );
}
