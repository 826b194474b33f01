// The booking assistant's conversation: which question follows which answer. Like the original
// site, the next step is decided by the text of the last assistant message.
import type { ChatScript } from "../../lib/types";

export interface ChatMessage {
  from: "ai" | "user";
  text: string;
  /** A page the message points to (the city page a location matched). */
  link?: { href: string; label: string };
}

export interface Answer {
  question: string;
  answer: string;
}

/**
 * What the visitor is asked now: quick options (none means free text), or the contact form. A
 * place question takes free text and offers the service-area cities as quick options.
 */
export type Prompt = { kind: "question"; options: string[]; place: boolean } | { kind: "contact" };

/** The result of one answer: the assistant's next message and what it asks for. */
export interface Reply {
  answer: Answer;
  assistant: string;
  prompt: Prompt;
}

export function openingMessage(script: ChatScript): ChatMessage[] {
  const first = script.steps[0];
  return first ? [{ from: "ai", text: first.question }] : [{ from: "ai", text: script.errorMessage }];
}

function lastAssistantText(messages: ChatMessage[]): string {
  return [...messages].reverse().find((m) => m.from === "ai")?.text ?? "";
}

/** Index of the step a question belongs to (its own question or one of its follow-ups). */
function stepOf(script: ChatScript, question: string): { index: number; followUp: boolean; place: boolean } | null {
  for (const [index, step] of script.steps.entries()) {
    if (step.question === question) return { index, followUp: false, place: false };
    const followUp = step.followUps.find((f) => f.question === question);
    if (followUp) return { index, followUp: true, place: followUp.place };
  }
  return null;
}

/** Whether `question` asks where the trailer is. */
export function isPlaceQuestion(script: ChatScript, question: string): boolean {
  return stepOf(script, question)?.place ?? false;
}

/** Where the trailer is, if the visitor said. */
export function locationOf(script: ChatScript, answers: Answer[]): string | undefined {
  return answers.find((a) => isPlaceQuestion(script, a.question))?.answer;
}

/** Whether one of the answers makes this an emergency. */
export function isEmergency(script: ChatScript, answers: Answer[]): boolean {
  return answers.some((a) => script.emergencyAnswers.includes(a.answer));
}

/**
 * The conversation without the visitor's last answer and what followed it: the question it
 * answered is asked again. Unchanged when nothing has been answered.
 */
export function withoutLastAnswer(messages: ChatMessage[], answers: Answer[]): { messages: ChatMessage[]; answers: Answer[] } {
  const last = messages.findLastIndex((m) => m.from === "user");
  if (last === -1) return { messages, answers };
  return { messages: messages.slice(0, last), answers: answers.slice(0, -1) };
}

/** The first step whose question has no answer yet. */
function firstUnanswered(script: ChatScript, answers: Answer[]): number {
  const index = script.steps.findIndex(
    (step) => !answers.some((a) => a.question === step.question || step.followUps.some((f) => f.question === a.question)),
  );
  return index === -1 ? script.steps.length : index;
}

/** What the last assistant message asks for. */
export function currentPrompt(script: ChatScript, messages: ChatMessage[]): Prompt {
  const text = lastAssistantText(messages);
  if (text === script.contactPrompt) return { kind: "contact" };
  const at = stepOf(script, text);
  if (!at || at.followUp) return { kind: "question", options: [], place: at?.place ?? false };
  return { kind: "question", options: script.steps[at.index]?.options ?? [], place: false };
}

function ask(script: ChatScript, index: number): { assistant: string; prompt: Prompt } {
  const step = script.steps[index];
  if (!step) return { assistant: script.contactPrompt, prompt: { kind: "contact" } };
  return { assistant: step.question, prompt: { kind: "question", options: step.options, place: false } };
}

/** The visitor answered `text` to the last assistant message. */
export function reply(script: ChatScript, messages: ChatMessage[], answers: Answer[], text: string): Reply {
  const question = lastAssistantText(messages);
  const answer = { question, answer: text.trim() };
  const at = stepOf(script, question);
  if (!at) {
    // Not a scripted question (the error message): resume at the first unanswered step.
    if (question !== script.errorMessage) {
      return { answer, assistant: script.errorMessage, prompt: { kind: "question", options: [], place: false } };
    }
    return { answer, ...ask(script, firstUnanswered(script, [...answers, answer])) };
  }
  const followUp = at.followUp ? undefined : script.steps[at.index]?.followUps.find((f) => f.option === answer.answer);
  if (followUp) {
    return { answer, assistant: followUp.question, prompt: { kind: "question", options: [], place: followUp.place } };
  }
  return { answer, ...ask(script, at.index + 1) };
}
