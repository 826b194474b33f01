// The booking assistant's conversation: which question follows which answer. Like the original
// site, the question asked now is found by the text of the last assistant message; answers keep
// the keys of the question and option they answer, and the script's rules name options by key.
import type { Presets } from "../../lib/bookingDialog";
import type { Asks, Chat, ChatStep, Kind as TimeKind, TimesScript } from "../../lib/api-schema";

/** The assistant's script: the content file's [chat], with when it offers times (the layout's
 * `times`; none: it offers none). */
export type ChatScript = Chat & { times?: TimesScript };

export interface ChatMessage {
  from: "ai" | "user";
  text: string;
  /** The question the message asks, when it says it in other words (without the greeting). */
  asks?: string;
  /** A page the message points to (the city page a location matched). */
  link?: { href: string; label: string };
}

/** An answer as sent: the key of the step or follow-up it answers ('' for a question not in
 * the script), the key of the option picked (none: the visitor's own words), and the question
 * and answer in the words the visitor saw and gave. */
export interface Answer {
  key: string;
  option?: string;
  question: string;
  answer: string;
}

/**
 * What the visitor is asked now: quick options (none means free text), a time (the open times
 * of the kind the answers call for), or the contact form. A question's `asks` says what a free
 * answer is (a step's own question: "words"); a place question takes free text and offers the
 * service-area cities as quick options.
 */
export type Prompt = { kind: "question"; options: string[]; asks: Asks } | { kind: "time"; appointment: TimeKind } | { kind: "contact" };

/** The result of one answer: the assistant's next message and what it asks for, and a line it
 * says before it (why no arrival windows are offered). */
export interface Reply {
  answer: Answer;
  assistant: string;
  prompt: Prompt;
  before?: string;
}

/** What the conversation learned besides the answers: the place is outside the service area. */
export interface Context {
  outsideArea?: boolean;
}

/** Said instead of offering arrival windows for a place outside the service area. */
export const MOBILE_BY_PHONE = "Our mobile crew's visits out there are arranged by phone, so we'll call you to agree a time.";

export function openingMessage(script: ChatScript): ChatMessage[] {
  const first = script.steps[0];
  return first ? [{ from: "ai", text: first.question }] : [{ from: "ai", text: script.errorMessage }];
}

/** A service a button named, kept with the request while its step keeps the option it picked. */
export interface NamedService {
  /** The label it is kept under (the step's `named`). */
  label: string;
  service: string;
  /** The step's key, and the key of the option the button picked. */
  step: string;
  option: string;
}

/** What screen readers hear of an opening: what the assistant said before the questions the
 * button answered (the greeting, its line), and the question it asks now. */
export function openingWords(messages: ChatMessage[]): string {
  const firstAnswer = messages.findIndex((m) => m.from === "user");
  if (firstAnswer === -1) return messages.map((m) => m.text).join(" ");
  const said = messages.slice(0, firstAnswer - 1).map((m) => m.text);
  const last = messages.at(-1);
  return [...said, ...(last?.from === "ai" ? [last.text] : [])].join(" ");
}

/** The conversation a dialog starts with, and the service its button named (if any). */
export interface Opening {
  messages: ChatMessage[];
  answers: Answer[];
  named: NamedService | null;
}

/** `question` as said after the greeting: without the greeting it starts with. */
function afterGreeting(script: ChatScript, question: string): ChatMessage {
  const greeting = script.greeting ?? "";
  if (!greeting || !question.startsWith(greeting) || question === greeting) return { from: "ai", text: question };
  return { from: "ai", text: question.slice(greeting.length).trim(), asks: question };
}

/**
 * The conversation a dialog starts with. Opened from a button that knows something: the
 * greeting, the button's own line (financing), then what it knows shown as the visitor's answers
 * to the questions they answer (in the script's order, so each can be changed; a service the
 * button named stands for the option it picked), then the first question still open.
 */
export function opening(script: ChatScript, presets: Presets): Opening {
  const messages: ChatMessage[] = [];
  const answers: Answer[] = [];
  let named: NamedService | null = null;
  const give = (given: Answer, shown = given.answer) => {
    messages.push(afterGreeting(script, given.question), { from: "user", text: shown });
    answers.push(given);
  };
  for (const step of script.steps) {
    const option = step.options.find((o) => presets.answers?.includes(o.key));
    const picked = option && { key: step.key, option: option.key, question: step.question, answer: option.text };
    if (picked && presets.service && step.named && !named) {
      named = { label: step.named, service: presets.service, step: step.key, option: picked.option };
      give(picked, presets.service);
    } else if (picked) give(picked);
    const place = step.followUps.find((f) => f.asks === "place");
    if (place && presets.place) give({ key: place.key, question: place.question, answer: presets.place });
  }
  const line = presets.line ? [{ from: "ai" as const, text: presets.line }] : [];
  if (answers.length === 0 && line.length === 0) return { messages: openingMessage(script), answers, named };
  const greeting = script.greeting ? [{ from: "ai" as const, text: script.greeting }] : [];
  return { messages: [...greeting, ...line, ...messages, afterGreeting(script, next(script, answers).assistant)], answers, named };
}

/** The service a button named, as an answer to send, while its step still has the option it picked. */
export function namedAnswer(named: NamedService | null, answers: Answer[]): Answer[] {
  if (!named || !answers.some((a) => a.key === named.step && a.option === named.option)) return [];
  return [{ key: `${named.step}.named`, question: named.label, answer: named.service }];
}

/** The question the assistant asked last, as the script words it. */
export function lastQuestion(messages: ChatMessage[]): string {
  const last = [...messages].reverse().find((m) => m.from === "ai");
  return last?.asks ?? last?.text ?? "";
}

/** Index of the step a question belongs to (its own question or one of its follow-ups), the
 * question's key, and what a follow-up asks. */
function stepOf(script: ChatScript, question: string): { index: number; key: string; followUp: boolean; asks: Asks } | null {
  for (const [index, step] of script.steps.entries()) {
    if (step.question === question) return { index, key: step.key, followUp: false, asks: "words" };
    const followUp = step.followUps.find((f) => f.question === question);
    if (followUp) return { index, key: followUp.key, followUp: true, asks: followUp.asks };
  }
  return null;
}

/** The step of the script `question` belongs to (its own question or a follow-up), from 0. */
export function stepIndex(script: ChatScript, question: string): number | null {
  return stepOf(script, question)?.index ?? null;
}

/** Whether `question` asks where the trailer is. */
export function isPlaceQuestion(script: ChatScript, question: string): boolean {
  return stepOf(script, question)?.asks === "place";
}

/** The visitor's answer to the first follow-up asking `asks`, if they gave one. */
function answerTo(script: ChatScript, answers: Answer[], asks: Asks): string | undefined {
  const keys = script.steps.flatMap((step) => step.followUps.filter((f) => f.asks === asks).map((f) => f.key));
  return answers.find((a) => keys.includes(a.key))?.answer;
}

/** Where the trailer is, if the visitor said. */
export function locationOf(script: ChatScript, answers: Answer[]): string | undefined {
  return answerTo(script, answers, "place");
}

/** The street address or cross streets of a mobile job, if the visitor gave them. */
export function streetAddressOf(script: ChatScript, answers: Answer[]): string | undefined {
  return answerTo(script, answers, "address");
}

/** Whether `step` is asked after `answers`: one of its `when` options (if any) picked, none of its `unless`. */
function isAsked(step: ChatStep, answers: Answer[]): boolean {
  const given = (option: string) => answers.some((a) => a.option === option);
  return (step.when.length === 0 || step.when.some(given)) && !step.unless.some(given);
}

/** The question that offers `kind`'s times. */
function timeQuestion(script: ChatScript, kind: TimeKind): string | undefined {
  return kind === "shop" ? script.times?.shopQuestion : script.times?.mobileQuestion;
}

/** The kind of time a question offers, if it is a time question. */
export function timeQuestionKind(script: ChatScript, question: string): TimeKind | null {
  if (!script.times) return null;
  if (question === script.times.shopQuestion) return "shop";
  if (question === script.times.mobileQuestion) return "mobile";
  return null;
}

/**
 * The kind of time the answers call for: drop-off slots or arrival windows by the shop-or-mobile
 * answer; none for an emergency (the call button is quicker) or any other answer.
 */
function timeKind(script: ChatScript, answers: Answer[]): TimeKind | null {
  const times = script.times;
  if (!times || isEmergency(script, answers)) return null;
  if (answers.some((a) => a.option === times.shopAnswer)) return "shop";
  if (answers.some((a) => a.option === times.mobileAnswer)) return "mobile";
  return null;
}

/** The answers the server takes: the time picked goes apart, as the booking's appointment. */
export function answersToSend(script: ChatScript, answers: Answer[]): Answer[] {
  return answers.filter((a) => timeQuestionKind(script, a.question) === null);
}

/** Whether one of the answers makes this an emergency. */
export function isEmergency(script: ChatScript, answers: Answer[]): boolean {
  return answers.some((a) => a.option !== undefined && script.emergencyAnswers.includes(a.option));
}

/**
 * The conversation without the visitor's answer at message `at` and everything after it: the
 * question it answered is asked again. Unchanged when that message is not an answer.
 */
export function withoutAnswerAt(messages: ChatMessage[], answers: Answer[], at: number): { messages: ChatMessage[]; answers: Answer[] } {
  if (messages[at]?.from !== "user") return { messages, answers };
  const before = messages.slice(0, at).filter((m) => m.from === "user").length;
  return { messages: messages.slice(0, at), answers: answers.slice(0, before) };
}

/** The conversation without the visitor's last answer and what followed it (`withoutAnswerAt`). */
export function withoutLastAnswer(messages: ChatMessage[], answers: Answer[]): { messages: ChatMessage[]; answers: Answer[] } {
  return withoutAnswerAt(
    messages,
    answers,
    messages.findLastIndex((m) => m.from === "user"),
  );
}

/**
 * What to ask next: the first step without an answer (of those asked after the answers so far:
 * a custom build is asked its budget instead of the urgency), or a follow-up an earlier answer
 * calls for (in the script's order; an option may have several, asked one after another); the
 * contact form once everything is answered. Once an answer says it is an emergency, a question
 * that offers an emergency answer (how urgent is it?) is not asked.
 */
function next(script: ChatScript, answers: Answer[], context: Context = {}): { assistant: string; prompt: Prompt; before?: string } {
  const answered = (key: string) => answers.find((a) => a.key === key);
  const emergency = isEmergency(script, answers);
  for (const step of script.steps) {
    if (!isAsked(step, answers)) continue;
    const given = answered(step.key);
    if (!given && emergency && step.options.some((option) => script.emergencyAnswers.includes(option.key))) continue;
    if (!given) return { assistant: step.question, prompt: { kind: "question", options: step.options.map((o) => o.text), asks: "words" } };
    const followUp = step.followUps.find((f) => f.option === given.option && !answered(f.key));
    if (followUp) return { assistant: followUp.question, prompt: { kind: "question", options: [], asks: followUp.asks } };
  }
  const kind = timeKind(script, answers);
  const question = kind && timeQuestion(script, kind);
  if (kind === "mobile" && context.outsideArea) return { before: MOBILE_BY_PHONE, assistant: script.contactPrompt, prompt: { kind: "contact" } };
  if (kind && question && !answers.some((a) => a.question === question)) return { assistant: question, prompt: { kind: "time", appointment: kind } };
  return { assistant: script.contactPrompt, prompt: { kind: "contact" } };
}

/** What the last assistant message asks for. */
export function currentPrompt(script: ChatScript, messages: ChatMessage[]): Prompt {
  const text = lastQuestion(messages);
  if (text === script.contactPrompt) return { kind: "contact" };
  const appointment = timeQuestionKind(script, text);
  if (appointment) return { kind: "time", appointment };
  const at = stepOf(script, text);
  if (!at || at.followUp) return { kind: "question", options: [], asks: at?.asks ?? "words" };
  return { kind: "question", options: script.steps[at.index]?.options.map((o) => o.text) ?? [], asks: "words" };
}

/** The visitor answered `text` to the last assistant message. */
export function reply(script: ChatScript, messages: ChatMessage[], answers: Answer[], text: string, context: Context = {}): Reply {
  const question = lastQuestion(messages);
  const at = stepOf(script, question);
  const words = text.trim();
  const option = at && !at.followUp ? script.steps[at.index]?.options.find((o) => o.text === words)?.key : undefined;
  const answer: Answer = { key: at?.key ?? "", ...(option ? { option } : {}), question, answer: words };
  if (!at && question !== script.errorMessage && !timeQuestionKind(script, question)) {
    // Not a scripted question: say so, then take the next answer as a fresh start.
    return { answer, assistant: script.errorMessage, prompt: { kind: "question", options: [], asks: "words" } };
  }
  return { answer, ...next(script, [...answers, answer], context) };
}
