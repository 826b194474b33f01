import { ChevronDown } from "lucide-react";
import { useState, type RefObject } from "react";
import { fieldClass } from "../../frame/form";
import { missingSentence } from "./imageDescriptions";
import { RichTextEditor, type RichTextHandle } from "./RichTextEditor";

interface Props {
  /** The field's id, for its label, its error and the raw HTML's box. */
  id: string;
  value: string;
  onChange: (content: string) => void;
  error?: string;
  /** How many pictures in the text have no description yet. */
  missingInText: number;
  editor: RefObject<RichTextHandle | null>;
}

/** The post's content: the rich-text editor with its messages, and the raw HTML behind it. */
export function ContentField({ id, value, onChange, error, missingInText, editor }: Props) {
  const [imageError, setImageError] = useState<string | null>(null);
  const [rawOpen, setRawOpen] = useState(false);
  const label = `${id}-label`;
  return (
    <>
      <div>
        <p id={label} className="block text-sm font-medium text-slate-800">
          Content
        </p>
        <div className="mt-1">
          <RichTextEditor
            ref={editor}
            value={value}
            onChange={onChange}
            onImageError={setImageError}
            labelledBy={label}
            describedBy={error ? `${id}-error` : undefined}
            invalid={Boolean(error)}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
        {missingInText > 0 && (
          <p className="mt-1 text-sm text-amber-900">
            {missingSentence({ featured: false, inText: missingInText })}{" "}
            <button type="button" onClick={() => editor.current?.describeMissing()} className="font-semibold underline hover:text-amber-950">
              Describe {missingInText === 1 ? "it" : "them"}
            </button>
          </p>
        )}
        {imageError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {imageError}
          </p>
        )}
      </div>
      <div>
        <button
          type="button"
          aria-expanded={rawOpen}
          aria-controls={`${id}-raw`}
          onClick={() => setRawOpen((open) => !open)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800 hover:text-slate-950"
        >
          <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${rawOpen ? "rotate-180" : ""}`} />
          Advanced: Edit Raw HTML
        </button>
        {rawOpen && (
          <div id={`${id}-raw`} className="mt-2">
            <label htmlFor={`${id}-raw-html`} className="sr-only">
              Raw HTML
            </label>
            <textarea
              id={`${id}-raw-html`}
              rows={8}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              className={`${fieldClass()} font-mono text-sm`}
            />
          </div>
        )}
      </div>
    </>
  );
}
