// The booking assistant's conversation: which question follows which answer. Like the original
// site, the next step is decided by the text of the last assistant message.
import type { ChatScript } from "../../lib/types";

export interface ChatMessage {
  from: "ai" | "user";
  text: string;
}

export interface Answer {
  question: string;
  answer: string;
}

/** What the visitor is asked now: quick options (none means free text), or the contact form. */
export type Prompt = { kind: "question"; options: string[] } | { kind: "contact" };

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
function stepOf(script: ChatScript, question: string): { index: number; followUp: boolean } | null {
  for (const [index, step] of script.steps.entries()) {
    if (step.question === question) return { index, followUp: false };
    if (step.followUps.some((f) => f.question === question)) return { index, followUp: true };
  }
  return null;
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
  if (!at || at.followUp) return { kind: "question", options: [] };
  return { kind: "question", options: script.steps[at.index]?.options ?? [] };
}

function ask(script: ChatScript, index: number): { assistant: string; prompt: Prompt } {
  const step = script.steps[index];
  if (!step) return { assistant: script.contactPrompt, prompt: { kind: "contact" } };
  return { assistant: step.question, prompt: { kind: "question", options: step.options } };
}

/** The visitor answered `text` to the last assistant message. */
export function reply(script: ChatScript, messages: ChatMessage[], answers: Answer[], text: string): Reply {
  const question = lastAssistantText(messages);
  const answer = { question, answer: text.trim() };
  const at = stepOf(script, question);
  if (!at) {
    // Not a scripted question (the error message): resume at the first unanswered step.
    if (question !== script.errorMessage) {
      return { answer, assistant: script.errorMessage, prompt: { kind: "question", options: [] } };
    }
    return { answer, ...ask(script, firstUnanswered(script, [...answers, answer])) };
  }
  const followUp = at.followUp ? undefined : script.steps[at.index]?.followUps.find((f) => f.option === answer.answer);
  if (followUp) {
    return { answer, assistant: followUp.question, prompt: { kind: "question", options: [] } };
  }
  return { answer, ...ask(script, at.index + 1) };
}
