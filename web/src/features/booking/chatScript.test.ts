import { describe, expect, it } from "vitest";
import type { ChatScript } from "../../lib/types";
import { type Answer, type ChatMessage, currentPrompt, openingMessage, reply } from "./chatScript";

const script: ChatScript = {
  title: "Assistant",
  contactPrompt: "How can we reach you?",
  errorMessage: "I apologize, but I'm having trouble processing your request.",
  steps: [
    {
      question: "What type of trailer do you have?",
      options: ["Dump Trailer", "Other (please specify)"],
      followUps: [{ option: "Other (please specify)", question: "What kind of trailer is it?" }],
    },
    { question: "What service do you need?", options: ["Repairs needed"], followUps: [] },
    { question: "How urgent is this?", options: ["Soon (within a week)"], followUps: [] },
  ],
};

/** Plays answers through the script like the dialog does. */
function play(texts: string[]) {
  let messages: ChatMessage[] = openingMessage(script);
  const answers: Answer[] = [];
  for (const text of texts) {
    const next = reply(script, messages, answers, text);
    answers.push(next.answer);
    messages = [...messages, { from: "user", text }, { from: "ai", text: next.assistant }];
  }
  return { messages, answers, prompt: currentPrompt(script, messages) };
}

describe("the booking chat script", () => {
  it("opens with the first question and its quick options", () => {
    const { prompt, messages } = play([]);
    expect(messages).toEqual([{ from: "ai", text: "What type of trailer do you have?" }]);
    expect(prompt).toEqual({ kind: "question", options: ["Dump Trailer", "Other (please specify)"] });
  });

  it("asks each question in order, records each answer against it, then asks for contact details", () => {
    const { answers, prompt, messages } = play(["Dump Trailer", "Repairs needed", "Soon (within a week)"]);
    expect(answers).toEqual([
      { question: "What type of trailer do you have?", answer: "Dump Trailer" },
      { question: "What service do you need?", answer: "Repairs needed" },
      { question: "How urgent is this?", answer: "Soon (within a week)" },
    ]);
    expect(messages.at(-1)).toEqual({ from: "ai", text: "How can we reach you?" });
    expect(prompt).toEqual({ kind: "contact" });
  });

  it("asks a free-text follow-up for 'Other (please specify)', then goes on", () => {
    const afterOther = play(["Other (please specify)"]);
    expect(afterOther.messages.at(-1)?.text).toBe("What kind of trailer is it?");
    expect(afterOther.prompt).toEqual({ kind: "question", options: [] });
    const { answers, prompt } = play(["Other (please specify)", "Horse trailer", "Repairs needed"]);
    expect(answers[1]).toEqual({ question: "What kind of trailer is it?", answer: "Horse trailer" });
    expect(prompt).toEqual({ kind: "question", options: ["Soon (within a week)"] });
  });

  it("answers with the error message when the last message is not in the script, then resumes", () => {
    const messages: ChatMessage[] = [{ from: "ai", text: "An unknown question" }];
    const broken = reply(script, messages, [], "hello");
    expect(broken.assistant).toBe(script.errorMessage);
    expect(broken.prompt).toEqual({ kind: "question", options: [] });
    const resumed = reply(script, [...messages, { from: "ai", text: script.errorMessage }], [broken.answer], "A dump trailer");
    expect(resumed.assistant).toBe("What type of trailer do you have?");
  });
});
