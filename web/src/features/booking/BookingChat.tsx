import { Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ChatScript } from "../../lib/types";
import { type Answer, type ChatMessage, currentPrompt, openingMessage, reply } from "./chatScript";
import { ContactForm } from "./ContactForm";
import type { ThankYouState } from "./thankYouState";

/** How long the assistant "types" before its next message appears. */
export const TYPING_MS = 700;

interface Props {
  script: ChatScript;
  openedAt: number;
  onSubmitted: (visitor: ThankYouState) => void;
}

/** The scripted conversation, then the contact form. Loaded when the dialog first opens. */
export default function BookingChat({ script, openedAt, onSubmitted }: Props) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => openingMessage(script));
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const timer = useRef(0);
  const prompt = currentPrompt(script, messages);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight, behavior: "smooth" });
  }, [messages, typing]);

  const answer = (text: string) => {
    if (typing || !text.trim()) return;
    const next = reply(script, messages, answers, text);
    setMessages((m) => [...m, { from: "user", text: text.trim() }]);
    setAnswers((a) => [...a, next.answer]);
    setDraft("");
    setTyping(true);
    timer.current = window.setTimeout(() => {
      setMessages((m) => [...m, { from: "ai", text: next.assistant }]);
      setTyping(false);
    }, TYPING_MS);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    answer(draft);
  };

  return (
    <>
      <div ref={list} role="log" aria-live="polite" aria-label="Conversation" tabIndex={0} className="max-h-[50vh] min-h-40 space-y-3 overflow-y-auto p-5">
        {messages.map((message, index) => (
          <p
            key={index}
            className={
              message.from === "ai"
                ? "max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-800"
                : "ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-orange-700 px-4 py-3 text-white"
            }
          >
            <span className="sr-only">{message.from === "ai" ? "Assistant: " : "You: "}</span>
            {message.text}
          </p>
        ))}
        {typing && (
          <p className="flex w-16 items-center justify-center gap-1 rounded-2xl bg-slate-100 px-4 py-4" data-testid="typing">
            <span className="sr-only">The assistant is typing</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                aria-hidden="true"
                className="h-2 w-2 animate-bounce rounded-full bg-slate-500"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </p>
        )}
      </div>
      {!typing && prompt.kind === "question" && prompt.options.length > 0 && (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 p-4" role="group" aria-label="Quick answers">
          {prompt.options.map((option) => (
            <button
              key={option}
              type="button"
              onClick={() => answer(option)}
              className="rounded-full bg-white px-4 py-2 text-sm font-medium text-orange-800 ring-1 ring-orange-300 hover:bg-orange-50"
            >
              {option}
            </button>
          ))}
        </div>
      )}
      {!typing && prompt.kind === "question" && prompt.options.length === 0 && (
        <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-4">
          <label htmlFor="chat-reply" className="sr-only">
            Your answer
          </label>
          <input
            id="chat-reply"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={500}
            autoFocus
            placeholder="Type your answer..."
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
      {!typing && prompt.kind === "contact" && <ContactForm answers={answers} openedAt={openedAt} onSubmitted={onSubmitted} />}
    </>
  );
}
