// Asks for a picture's description (alt text) when it goes into the text, or when the owner
// clicks it later or describes the missing ones before publishing.
import { useId, useState, type FormEvent } from "react";
import { DESCRIPTION_HINT } from "../../frame/FeaturedImageField";
import { DialogActions, ModalDialog } from "../../frame/ModalDialog";
import { fieldClass } from "../../frame/form";

export function DescribeImageDialog({
  image,
  onSave,
  onSkip,
}: {
  /** The picture to describe, or null when nothing is asked. */
  image: { src: string; alt: string } | null;
  onSave: (alt: string) => void;
  onSkip: () => void;
}) {
  const ids = useId();
  const [alt, setAlt] = useState(image?.alt ?? "");
  // Another picture asked about starts from its own description.
  const [asked, setAsked] = useState(image);
  if (image !== asked) {
    setAsked(image);
    setAlt(image?.alt ?? "");
  }

  function save(event: FormEvent) {
    event.preventDefault();
    onSave(alt.trim());
  }

  return (
    <ModalDialog open={image !== null} title="Describe this picture" description={DESCRIPTION_HINT} onCancel={onSkip}>
      <form onSubmit={save}>
        {image && <img src={image.src} alt="" className="mt-4 max-h-40 rounded-lg object-contain ring-1 ring-slate-200" />}
        <label htmlFor={`${ids}-alt`} className="mt-4 block text-sm font-medium text-slate-800">
          Description
        </label>
        <input
          id={`${ids}-alt`}
          autoFocus
          value={alt}
          maxLength={300}
          onChange={(event) => setAlt(event.target.value)}
          placeholder="For example: New LED tail light on a flatbed trailer"
          className={fieldClass()}
        />
        <DialogActions>
          <button
            type="button"
            onClick={onSkip}
            className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Skip
          </button>
          <button type="submit" className="rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800">
            Save description
          </button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
