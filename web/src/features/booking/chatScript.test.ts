import { describe, expect, it } from "vitest";
import {
  type Answer,
  answersToSend,
  type ChatMessage,
  type ChatScript,
  currentPrompt,
  isEmergency,
  locationOf,
  MOBILE_BY_PHONE,
  namedAnswer,
  opening,
  openingMessage,
  openingWords,
  reply,
  streetAddressOf,
  withoutAnswerAt,
  withoutLastAnswer,
} from "./chatScript";

const TRAILER = "Hi! I'm your assistant. What type of trailer do you have?";

/** Quick options whose keys are their words (the test of keys below gives them keys of their own). */
const o = (...texts: string[]) => texts.map((text) => ({ key: text, text }));

const script: ChatScript = {
  title: "Assistant",
  greeting: "Hi! I'm your assistant.",
  financingLine: "Financing through {provider} is available.",
  contactPrompt: "How can we reach you?",
  errorMessage: "I apologize, but I'm having trouble processing your request.",
  emergencyAnswers: ["Emergency (need immediate help)"],
  urgentAnswers: [],
  steps: [
    {
      key: "trailer",
      label: "",
      question: "Hi! I'm your assistant. What type of trailer do you have?",
      options: o("Dump Trailer", "Other (please specify)"),
      followUps: [{ key: "trailer-type", label: "", option: "Other (please specify)", question: "What kind of trailer is it?", asks: "words" }],
      named: null,
      when: [],
      unless: [],
    },
    {
      key: "service",
      label: "",
      question: "What service do you need?",
      options: o("Repairs needed", "Mobile repair"),
      followUps: [{ key: "where", label: "", option: "Mobile repair", question: "Where is the trailer?", asks: "place" }],
      named: "Service asked about",
      when: [],
      unless: [],
    },
    {
      key: "urgency",
      label: "",
      question: "How urgent is this?",
      options: o("Soon (within a week)", "Emergency (need immediate help)"),
      followUps: [],
      named: null,
      when: [],
      unless: [],
    },
  ],
};

/** Plays answers through the script like the dialog does. */
function play(texts: string[], played: ChatScript = script) {
  let messages: ChatMessage[] = openingMessage(played);
  const answers: Answer[] = [];
  for (const text of texts) {
    const next = reply(played, messages, answers, text);
    answers.push(next.answer);
    messages = [...messages, { from: "user", text }, { from: "ai", text: next.assistant }];
  }
  return { messages, answers, prompt: currentPrompt(played, messages) };
}

describe("the booking chat script", () => {
  it("opens with the first question and its quick options", () => {
    const { prompt, messages } = play([]);
    expect(messages).toEqual([{ from: "ai", text: TRAILER }]);
    expect(prompt).toEqual({ kind: "question", options: ["Dump Trailer", "Other (please specify)"], asks: "words" });
  });

  it("asks each question in order, records each answer against it, then asks for contact details", () => {
    const { answers, prompt, messages } = play(["Dump Trailer", "Repairs needed", "Soon (within a week)"]);
    expect(answers).toEqual([
      { key: "trailer", option: "Dump Trailer", question: TRAILER, answer: "Dump Trailer" },
      { key: "service", option: "Repairs needed", question: "What service do you need?", answer: "Repairs needed" },
      { key: "urgency", option: "Soon (within a week)", question: "How urgent is this?", answer: "Soon (within a week)" },
    ]);
    expect(messages.at(-1)).toEqual({ from: "ai", text: "How can we reach you?" });
    expect(prompt).toEqual({ kind: "contact" });
  });

  it("asks a free-text follow-up for 'Other (please specify)', then goes on", () => {
    const afterOther = play(["Other (please specify)"]);
    expect(afterOther.messages.at(-1)?.text).toBe("What kind of trailer is it?");
    expect(afterOther.prompt).toEqual({ kind: "question", options: [], asks: "words" });
    const { answers, prompt } = play(["Other (please specify)", "Horse trailer", "Repairs needed"]);
    expect(answers[1]).toEqual({ key: "trailer-type", question: "What kind of trailer is it?", answer: "Horse trailer" });
    expect(prompt).toEqual({ kind: "question", options: ["Soon (within a week)", "Emergency (need immediate help)"], asks: "words" });
  });

  it("answers with the error message when the last message is not in the script, then resumes", () => {
    const messages: ChatMessage[] = [{ from: "ai", text: "An unknown question" }];
    const broken = reply(script, messages, [], "hello");
    expect(broken.assistant).toBe(script.errorMessage);
    expect(broken.prompt).toEqual({ kind: "question", options: [], asks: "words" });
    const resumed = reply(script, [...messages, { from: "ai", text: script.errorMessage }], [broken.answer], "A dump trailer");
    expect(resumed.assistant).toBe(TRAILER);
  });

  it("asks where the trailer is after a mobile option and records the place", () => {
    const asked = play(["Dump Trailer", "Mobile repair"]);
    expect(asked.prompt).toEqual({ kind: "question", options: [], asks: "place" });
    const { answers, prompt } = play(["Dump Trailer", "Mobile repair", "80011"]);
    expect(locationOf(script, answers)).toBe("80011");
    expect(locationOf(script, play(["Dump Trailer", "Repairs needed"]).answers)).toBeUndefined();
    expect(prompt).toMatchObject({ kind: "question", asks: "words" });
  });

  it("knows an emergency by its answer", () => {
    expect(isEmergency(script, play(["Dump Trailer", "Repairs needed", "Emergency (need immediate help)"]).answers)).toBe(true);
    expect(isEmergency(script, play(["Dump Trailer", "Repairs needed", "Soon (within a week)"]).answers)).toBe(false);
  });

  it("takes back the last answer and asks its question again", () => {
    const { messages, answers } = play(["Dump Trailer", "Repairs needed"]);
    const back = withoutLastAnswer(messages, answers);
    expect(back.answers).toEqual([{ key: "trailer", option: "Dump Trailer", question: TRAILER, answer: "Dump Trailer" }]);
    expect(back.messages.at(-1)).toEqual({ from: "ai", text: "What service do you need?" });
    expect(currentPrompt(script, back.messages)).toMatchObject({ options: ["Repairs needed", "Mobile repair"] });
    const opening = play([]);
    expect(withoutLastAnswer(opening.messages, opening.answers)).toEqual({ messages: opening.messages, answers: [] });
  });

  it("starts with the greeting, then what the opening button knows as the visitor's answers, then asks what is still open", () => {
    const { messages, answers } = opening(script, { answers: ["Repairs needed"] });
    expect(messages).toEqual([
      { from: "ai", text: "Hi! I'm your assistant." },
      { from: "ai", text: "What service do you need?" },
      { from: "user", text: "Repairs needed" },
      { from: "ai", text: "What type of trailer do you have?", asks: TRAILER },
    ]);
    expect(answers).toEqual([{ key: "service", option: "Repairs needed", question: "What service do you need?", answer: "Repairs needed" }]);
    expect(currentPrompt(script, messages)).toEqual({ kind: "question", options: ["Dump Trailer", "Other (please specify)"], asks: "words" });
    const next = reply(script, messages, answers, "Dump Trailer");
    expect(next.answer).toEqual({ key: "trailer", option: "Dump Trailer", question: TRAILER, answer: "Dump Trailer" });
    expect(next.assistant).toBe("How urgent is this?");
    expect(opening(script, {})).toEqual({ messages: openingMessage(script), answers: [], named: null });
    expect(openingWords(messages)).toBe("Hi! I'm your assistant. What type of trailer do you have?");
  });

  it("keeps a service card's own service: shown for the option it picked and sent beside it", () => {
    const start = opening(script, { answers: ["Repairs needed"], service: "Suspension and Brake Repair" });
    expect(start.messages[2]).toEqual({ from: "user", text: "Suspension and Brake Repair" });
    expect(start.answers).toEqual([{ key: "service", option: "Repairs needed", question: "What service do you need?", answer: "Repairs needed" }]);
    expect(namedAnswer(start.named, start.answers)).toEqual([{ key: "service.named", question: "Service asked about", answer: "Suspension and Brake Repair" }]);
    // Changed by the visitor: the card's service no longer stands.
    const changed = [{ key: "service", option: "Mobile repair", question: "What service do you need?", answer: "Mobile repair" }];
    expect(namedAnswer(start.named, changed)).toEqual([]);
    // A step without a name for it keeps the option alone.
    expect(opening(script, { answers: ["Dump Trailer"], service: "Dump Trailer Repair" }).named).toBeNull();
  });

  it("opens with the financing badge's line after the greeting, then the first question", () => {
    const start = opening(script, { line: "Financing through Acme is available." });
    expect(start.messages).toEqual([
      { from: "ai", text: "Hi! I'm your assistant." },
      { from: "ai", text: "Financing through Acme is available." },
      { from: "ai", text: "What type of trailer do you have?", asks: TRAILER },
    ]);
    expect(start.answers).toEqual([]);
    expect(currentPrompt(script, start.messages)).toMatchObject({ options: ["Dump Trailer", "Other (please specify)"] });
    expect(openingWords(start.messages)).toBe("Hi! I'm your assistant. Financing through Acme is available. What type of trailer do you have?");
  });

  it("takes a city as the answer to where the trailer is, and does not ask it again", () => {
    const start = opening(script, { place: "Aurora" });
    expect(start.messages.slice(0, 3)).toEqual([
      { from: "ai", text: "Hi! I'm your assistant." },
      { from: "ai", text: "Where is the trailer?" },
      { from: "user", text: "Aurora" },
    ]);
    expect(locationOf(script, start.answers)).toBe("Aurora");
    let { messages, answers } = start;
    for (const text of ["Dump Trailer", "Mobile repair"]) {
      const next = reply(script, messages, answers, text);
      answers = [...answers, next.answer];
      messages = [...messages, { from: "user", text }, { from: "ai", text: next.assistant }];
    }
    expect(messages.at(-1)?.text).toBe("How urgent is this?");
  });

  it("asks the follow-up of a preset answer that needs one", () => {
    const start = opening(script, { answers: ["Dump Trailer", "Mobile repair"] });
    expect(start.messages.at(-1)?.text).toBe("Where is the trailer?");
    expect(currentPrompt(script, start.messages)).toEqual({ kind: "question", options: [], asks: "place" });
  });

  it("does not ask how urgent an emergency is", () => {
    const withService: ChatScript = {
      ...script,
      emergencyAnswers: ["Emergency service", "Emergency (need immediate help)"],
      steps: script.steps.map((step, i) => (i === 1 ? { ...step, options: [...step.options, ...o("Emergency service")] } : step)),
    };
    const { prompt, answers } = play(["Dump Trailer", "Emergency service"], withService);
    expect(prompt).toEqual({ kind: "contact" });
    expect(isEmergency(withService, answers)).toBe(true);
  });

  it("lets the visitor change a preset answer, which is then asked with its options", () => {
    const start = opening(script, { answers: ["Emergency (need immediate help)"] });
    expect(isEmergency(script, start.answers)).toBe(true);
    const back = withoutLastAnswer(start.messages.slice(0, 3), start.answers);
    expect(currentPrompt(script, back.messages)).toMatchObject({ options: ["Soon (within a week)", "Emergency (need immediate help)"] });
  });

  it("goes by keys: options keep their rules and answers their keys whatever their words", () => {
    const worded: ChatScript = {
      ...script,
      emergencyAnswers: ["now"],
      steps: script.steps.map((step) =>
        step.key === "urgency"
          ? {
              ...step,
              options: [
                { key: "soon", text: "This week" },
                { key: "now", text: "Right now!" },
              ],
            }
          : step.key === "trailer"
            ? {
                ...step,
                options: [
                  { key: "dump", text: "Dump" },
                  { key: "other", text: "Something else" },
                ],
                followUps: [{ ...step.followUps[0]!, option: "other" }],
              }
            : step,
      ),
    };
    const { answers, prompt } = play(["Something else", "Horse trailer", "Repairs needed", "Right now!"], worded);
    expect(answers.map((a) => [a.key, a.option])).toEqual([
      ["trailer", "other"],
      ["trailer-type", undefined],
      ["service", "Repairs needed"],
      ["urgency", "now"],
    ]);
    expect(isEmergency(worded, answers)).toBe(true);
    expect(prompt).toEqual({ kind: "contact" });
    expect(opening(worded, { answers: ["dump"] }).answers).toEqual([{ key: "trailer", option: "dump", question: TRAILER, answer: "Dump" }]);
    // Words of the visitor's own name no option; typed as the option says, they pick it.
    expect(play(["a dump one"], worded).answers[0]).toEqual({ key: "trailer", question: TRAILER, answer: "a dump one" });
    expect(play(["Dump"], worded).answers[0]?.option).toBe("dump");
  });
});

describe("offering times", () => {
  const timed: ChatScript = {
    ...script,
    steps: [
      script.steps[0]!,
      {
        key: "shop-or-mobile",
        label: "",
        question: "Can you bring the trailer to us?",
        options: o("Can bring to shop", "Need mobile service"),
        followUps: [],
        named: null,
        when: [],
        unless: [],
      },
      script.steps[2]!,
    ],
    times: {
      shopAnswer: "Can bring to shop",
      mobileAnswer: "Need mobile service",
      shopQuestion: "When would you like to drop it off?",
      mobileQuestion: "When should our crew come?",
      laterLabel: "Later dates",
      callLabel: "Call me to schedule",
    },
  };

  it("offers drop-off times after the last question, then asks for contact details", () => {
    const asked = play(["Dump Trailer", "Can bring to shop", "Soon (within a week)"], timed);
    expect(asked.messages.at(-1)?.text).toBe("When would you like to drop it off?");
    expect(asked.prompt).toEqual({ kind: "time", appointment: "shop" });
    const picked = play(["Dump Trailer", "Can bring to shop", "Soon (within a week)", "Tuesday, December 1, 8:00-9:00 AM"], timed);
    expect(picked.prompt).toEqual({ kind: "contact" });
    // The time picked goes to the server as the appointment, not as an answer.
    expect(answersToSend(timed, picked.answers).map((a) => a.answer)).toEqual(["Dump Trailer", "Can bring to shop", "Soon (within a week)"]);
  });

  it("offers no arrival windows for a place outside the area, but drop-off times still", () => {
    let messages = openingMessage(timed);
    const answers: Answer[] = [];
    for (const text of ["Dump Trailer", "Need mobile service", "Soon (within a week)"]) {
      const next = reply(timed, messages, answers, text, { outsideArea: true });
      answers.push(next.answer);
      messages = [
        ...messages,
        { from: "user", text },
        ...(next.before ? [{ from: "ai" as const, text: next.before }] : []),
        { from: "ai", text: next.assistant },
      ];
      if (text === "Soon (within a week)") {
        expect(next.before).toBe(MOBILE_BY_PHONE);
        expect(next.prompt).toEqual({ kind: "contact" });
      }
    }
    expect(currentPrompt(timed, messages)).toEqual({ kind: "contact" });
    expect(reply(timed, openingMessage(timed), [], "Dump Trailer", { outsideArea: true }).before).toBeUndefined();
  });

  it("offers arrival windows for mobile service", () => {
    expect(play(["Dump Trailer", "Need mobile service", "Soon (within a week)"], timed).prompt).toEqual({ kind: "time", appointment: "mobile" });
  });

  it("offers no time for an emergency: the call button is quicker", () => {
    expect(play(["Dump Trailer", "Can bring to shop", "Emergency (need immediate help)"], timed).prompt).toEqual({ kind: "contact" });
  });

  it("offers no time when the site has no times", () => {
    expect(play(["Dump Trailer", "Repairs needed", "Soon (within a week)"]).prompt).toEqual({ kind: "contact" });
  });
});

describe("asking about the job", () => {
  const jobs: ChatScript = {
    ...script,
    steps: [
      script.steps[0]!,
      {
        key: "service",
        label: "",
        question: "What service do you need?",
        options: o("Repairs needed", "Mobile repair", "Custom build"),
        followUps: [
          { key: "problem", label: "", option: "Repairs needed", question: "What's going on with the trailer?", asks: "job" },
          { key: "project", label: "", option: "Custom build", question: "What would you like built?", asks: "job" },
          { key: "where", label: "", option: "Mobile repair", question: "Where is the trailer?", asks: "place" },
          { key: "address", label: "", option: "Mobile repair", question: "What's the street address?", asks: "address" },
        ],
        named: null,
        when: [],
        unless: [],
      },
      { ...script.steps[2]!, unless: ["Custom build"] },
      {
        key: "budget",
        label: "",
        question: "What budget do you have in mind?",
        options: o("Under $2,000", "Over $2,000"),
        followUps: [],
        named: null,
        when: ["Custom build"],
        unless: [],
      },
    ],
  };

  it("asks what is wrong after a repair, then the urgency", () => {
    const { messages, prompt } = play(["Dump Trailer", "Repairs needed"], jobs);
    expect(messages.at(-1)?.text).toBe("What's going on with the trailer?");
    expect(prompt).toEqual({ kind: "question", options: [], asks: "job" });
    expect(play(["Dump Trailer", "Repairs needed", "brakes grinding"], jobs).messages.at(-1)?.text).toBe("How urgent is this?");
  });

  it("asks a custom build what to build and its budget instead of the urgency", () => {
    const { messages, prompt } = play(["Dump Trailer", "Custom build", "a ramp door"], jobs);
    expect(messages.at(-1)?.text).toBe("What budget do you have in mind?");
    expect(prompt).toMatchObject({ options: ["Under $2,000", "Over $2,000"] });
    expect(play(["Dump Trailer", "Custom build", "a ramp door", "Under $2,000"], jobs).prompt).toEqual({ kind: "contact" });
  });

  it("asks a mobile job's street address after its place, and sends both", () => {
    const { answers, prompt } = play(["Dump Trailer", "Mobile repair", "80205"], jobs);
    expect(prompt).toEqual({ kind: "question", options: [], asks: "address" });
    const done = play(["Dump Trailer", "Mobile repair", "80205", "3300 Walnut St", "Soon (within a week)"], jobs);
    expect(locationOf(jobs, done.answers)).toBe("80205");
    expect(streetAddressOf(jobs, done.answers)).toBe("3300 Walnut St");
    expect(streetAddressOf(jobs, answers)).toBeUndefined();
  });

  it("changes any earlier answer: what followed it goes, and its question is asked again", () => {
    const { messages, answers } = play(["Dump Trailer", "Repairs needed", "brakes grinding"], jobs);
    const firstAnswer = messages.findIndex((m) => m.from === "user");
    const back = withoutAnswerAt(messages, answers, firstAnswer);
    expect(back.answers).toEqual([]);
    expect(currentPrompt(jobs, back.messages)).toMatchObject({ options: ["Dump Trailer", "Other (please specify)"] });
    const second = messages.findIndex((m, i) => i > firstAnswer && m.from === "user");
    expect(withoutAnswerAt(messages, answers, second).answers).toEqual([answers[0]]);
    expect(withoutAnswerAt(messages, answers, 0)).toEqual({ messages, answers });
  });
});
