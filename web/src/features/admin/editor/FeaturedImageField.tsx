import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { uploadImage } from "./uploadImage";

/** Upload, preview, replace or remove a post's image (the featured image, or the one shared
 * links show). The server checks the file again. */
export function FeaturedImageField({
  value,
  onChange,
  label = "Featured Image",
  hint = "PNG, JPG, GIF up to 5MB",
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    setError(null);
    if (!file) return;
    setUploading(true);
    const uploaded = await uploadImage(file);
    setUploading(false);
    if ("url" in uploaded) onChange(uploaded.url);
    else setError(uploaded.error);
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
            accept="image/*"
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
    </div>
  );
}
