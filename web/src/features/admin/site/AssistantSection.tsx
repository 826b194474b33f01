// The booking assistant's words: each question, its short name and its quick options, and the
// questions an option brings. Every one has a key, shown here and never edited: requests keep
// their answers under it, so renaming a question or an option keeps earlier answers under it.
import { Section } from "../frame/form";
import { FieldError } from "../frame/form";
import { SiteList, SiteText } from "./fields";
import { named, Wide } from "./sections";
import { useSiteEditor, useSiteField } from "./SiteEditor";

/** The key at `path`, read-only; a new question or option gets one from its words when saved. */
function KeyNote({ path }: { path: string }) {
  const field = useSiteField(path);
  const key = typeof field.value === "string" ? field.value : "";
  return (
    <p className="text-xs text-slate-600">
      {key ? (
        <>
          Key <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">{key}</code>: kept when the words change.
        </>
      ) : (
        "Gets its key from its words when you save."
      )}
    </p>
  );
}

/** Options of the assistant picked with checkboxes (by key), under their questions (by their
 * short names), for a rule such as "these answers make a request an emergency". */
function OptionChoices({ path, legend }: { path: string; legend: string }) {
  const field = useSiteField(path);
  const { site } = useSiteEditor();
  const steps =
    (site as { chat?: { steps?: { key: string; label?: string; question: string; options?: { key: string; text: string }[] }[] } }).chat?.steps ?? [];
  const chosen = Array.isArray(field.value) ? field.value.map(String) : [];
  const pick = (key: string, on: boolean) => field.set(on ? [...chosen, key] : chosen.filter((other) => other !== key));
  return (
    <fieldset aria-describedby={field.error ? `${field.id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {steps
          .filter((step) => step.options?.some((option) => option.key))
          .map((step) => (
            <fieldset key={step.key} className="rounded-lg p-2 ring-1 ring-slate-200">
              <legend className="px-1 text-sm text-slate-700">{step.label || step.question}</legend>
              {(step.options ?? [])
                .filter((option) => option.key)
                .map((option) => (
                  <label key={option.key} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={chosen.includes(option.key)}
                      onChange={(event) => pick(option.key, event.target.checked)}
                    />
                    {option.text}
                  </label>
                ))}
            </fieldset>
          ))}
      </div>
      <FieldError id={field.id} error={field.error} />
    </fieldset>
  );
}

/** The questions an option of step `step` brings, with the option's words. */
function FollowUps({ step }: { step: string }) {
  const { site } = useSiteEditor();
  const at = Number(/\[(\d+)\]$/.exec(step)?.[1] ?? -1);
  const script = (site as { chat?: { steps?: { options?: { key: string; text: string }[]; followUps?: { option: string }[] }[] } }).chat;
  const own = script?.steps?.[at];
  if (!own?.followUps?.length) return null;
  return (
    <Wide>
      <ul className="space-y-3 border-l-2 border-slate-200 pl-3">
        {own.followUps.map((followUp, f) => (
          <li key={f} className="grid gap-2 sm:grid-cols-2">
            <Wide>
              <SiteText
                path={`${step}.followUps[${f}].question`}
                label={`Asked after "${own.options?.find((o) => o.key === followUp.option)?.text ?? followUp.option}"`}
                long
              />
            </Wide>
            <SiteText path={`${step}.followUps[${f}].label`} label="Short name in the inbox" />
            <KeyNote path={`${step}.followUps[${f}].key`} />
          </li>
        ))}
      </ul>
    </Wide>
  );
}

export function AssistantSection() {
  return (
    <>
      <Section title="What the assistant says">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Wide>
            <SiteText path="chat.greeting" label="Greeting, when a button opens it with answers" />
          </Wide>
          <Wide>
            <SiteText path="chat.contactPrompt" label="After the last question" long />
          </Wide>
        </div>
      </Section>
      <Section title="Questions">
        <p className="mt-1 text-sm text-slate-600">
          Asked in this order. Renaming a question or an option keeps the answers given before under it, in the inbox, the export and the e-mails.
        </p>
        <SiteList
          path="chat.steps"
          add="Add a question"
          make={() => ({ key: "", label: "", question: "", options: [], followUps: [], named: null, when: [], unless: [] })}
          title={(step, i) => named(step, "question", `Question ${i + 1}`)}
          folded
        >
          {(step) => (
            <>
              <Wide>
                <SiteText path={`${step}.question`} label="Question" long />
              </Wide>
              <SiteText path={`${step}.label`} label="Short name in the inbox" hint="Left empty, the inbox shows the question itself." />
              <KeyNote path={`${step}.key`} />
              <Wide>
                <SiteList
                  path={`${step}.options`}
                  add="Add an option"
                  make={() => ({ key: "", text: "" })}
                  title={(option, o) => named(option, "text", `Option ${o + 1}`)}
                >
                  {(option) => (
                    <>
                      <SiteText path={`${option}.text`} label="Option" />
                      <KeyNote path={`${option}.key`} />
                    </>
                  )}
                </SiteList>
              </Wide>
              <FollowUps step={step} />
            </>
          )}
        </SiteList>
      </Section>
      <Section title="Emergencies and urgent requests">
        <div className="mt-4 space-y-4">
          <OptionChoices path="chat.emergencyAnswers" legend="Answers that make a request an emergency (the 24/7 number at once)" />
          <OptionChoices path="chat.urgentAnswers" legend="Answers that make a request urgent but not an emergency (first in the inbox)" />
        </div>
      </Section>
    </>
  );
}
