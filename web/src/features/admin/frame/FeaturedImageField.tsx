import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { IMAGE_PICKER_ACCEPT } from "../../../lib/imageFile";
import { describedBy, fieldClass } from "./form";
import { uploadImage } from "./uploadImage";

/** What a picture's description is for, said wherever one is asked. */
export const DESCRIPTION_HINT = "Say in a few words what the picture shows. Screen readers read it to people who cannot see it; search engines read it too.";

/** The image's description (alt text), asked for as soon as an image is uploaded. */
interface Description {
  id: string;
  value: string;
  onChange: (alt: string) => void;
  error?: string;
}

/** Upload, preview, replace or remove a post's image (the featured image, or the one shared
 * links show), with its description when one is asked for. The server checks the file again. */
export function FeaturedImageField({
  value,
  onChange,
  description,
  label = "Featured Image",
  hint = "PNG, JPG, GIF up to 5MB",
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  description?: Description;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const descriptionInput = useRef<HTMLInputElement>(null);
  /** Set by an upload: the description field takes the focus once it shows. */
  const [askDescription, setAskDescription] = useState(false);

  useEffect(() => {
    if (!askDescription || !descriptionInput.current) return;
    descriptionInput.current.focus();
    setAskDescription(false);
  }, [askDescription, value]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    setError(null);
    if (!file) return;
    setUploading(true);
    const uploaded = await uploadImage(file);
    setUploading(false);
    if ("url" in uploaded) {
      onChange(uploaded.url);
      setAskDescription(true);
    } else {
      setError(uploaded.error);
    }
  }

  return (
    <div>
      <p id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </p>
      {value && (
        <div className="mt-2 max-w-xl overflow-hidden rounded-lg ring-1 ring-slate-200">
          <img src={value} alt={`${label} preview`} className="aspect-[40/21] w-full object-cover" />
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label
          className={`inline-flex cursor-pointer items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 has-[:disabled]:cursor-wait has-[:disabled]:opacity-70 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-600`}
        >
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          {uploading ? "Uploading..." : value ? "Replace image" : "Upload image"}
          <input
            type="file"
            accept={IMAGE_PICKER_ACCEPT}
            className="sr-only"
            disabled={uploading}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            onChange={(event) => void choose(event)}
          />
        </label>
        {value && (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove image
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {value && description && (
        <div className="mt-3 max-w-xl">
          <label htmlFor={description.id} className="block text-sm font-medium text-slate-800">
            Image description (alt text)
          </label>
          <input
            id={description.id}
            ref={descriptionInput}
            value={description.value}
            maxLength={300}
            onChange={(event) => description.onChange(event.target.value)}
            aria-invalid={Boolean(description.error)}
            aria-describedby={describedBy(description.id, true, description.error)}
            className={fieldClass(description.error)}
          />
          <p id={`${description.id}-hint`} className="mt-1 text-xs text-slate-600">
            {DESCRIPTION_HINT}
          </p>
          {description.error && (
            <p id={`${description.id}-error`} className="mt-1 text-sm text-red-700">
              {description.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
