import { ImageOff, ImagePlus, X } from "lucide-react";
import { useId, useState } from "react";
import { MAX_IMAGE_BYTES, checkImage } from "../../lib/imageFile";
import { shrinkPhoto } from "../../lib/shrinkPhoto";

/** Photos one request may have. */
export const MAX_PHOTOS = 3;
const UPLOAD_FAILED = "The photo could not be uploaded. Please try again.";
/** Said of a photo still over the limit once shrunk (or one this browser cannot shrink). */
const TOO_LARGE = "This photo is over 5 MB even made smaller. Please pick a smaller one, or send it when we call.";

/** A photo the visitor picked: uploading (progress), uploaded (token) or refused (error). */
export interface PickedPhoto {
  key: number;
  fileName: string;
  preview: string;
  /** 0 to 1 while uploading. */
  progress: number;
  token?: string;
  error?: string;
}

type PhotosUpdate = (update: (photos: PickedPhoto[]) => PickedPhoto[]) => void;

/** Uploads one photo, telling its progress; answers its token or the reason it was refused. */
function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<{ token: string } | { error: string }> {
  return new Promise((done) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/booking-photos");
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { token?: string; error?: string };
        } catch {
          return {};
        }
      })();
      if (request.status === 201 && body.token) done({ token: body.token });
      else done({ error: body.error ?? UPLOAD_FAILED });
    };
    request.onerror = () => done({ error: UPLOAD_FAILED });
    const form = new FormData();
    form.append("photo", file);
    request.send(form);
  });
}

let nextKey = 0;

/** The photo's preview; a plain icon for a file that was refused or that this browser cannot
 * show (a HEIC photo in most browsers), never a broken picture. */
function Thumbnail({ photo, index }: { photo: PickedPhoto; index: number }) {
  const [unreadable, setUnreadable] = useState(false);
  if (photo.error || unreadable) {
    return (
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded bg-slate-100 text-slate-500">
        <ImageOff aria-hidden="true" className="h-6 w-6" />
      </span>
    );
  }
  return (
    <img
      src={photo.preview}
      alt={`Photo ${index + 1}: ${photo.fileName}`}
      onError={() => setUnreadable(true)}
      className="h-12 w-12 shrink-0 rounded object-cover"
    />
  );
}

/** Picks up to three photos and uploads each at once, with its progress, preview and any error. */
export function PhotoPicker({ photos, onChange, disabled }: { photos: PickedPhoto[]; onChange: PhotosUpdate; disabled: boolean }) {
  const id = useId();
  // A refused file stays listed with its reason, but takes none of the three places.
  const room = MAX_PHOTOS - photos.filter((photo) => !photo.error).length;

  const update = (key: number, change: Partial<PickedPhoto>) =>
    onChange((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  const add = (files: File[]) => {
    for (const picked of files.slice(0, room)) {
      const key = nextKey++;
      onChange((current) => [...current, { key, fileName: picked.name, preview: URL.createObjectURL(picked), progress: 0 }]);
      void shrinkPhoto(picked).then(async (file) => {
        const problem = checkImage(file);
        if (problem) {
          update(key, { error: file.size > MAX_IMAGE_BYTES ? TOO_LARGE : problem });
          return;
        }
        const result = await uploadPhoto(file, (progress) => update(key, { progress }));
        update(key, "token" in result ? { token: result.token, progress: 1 } : { error: result.error });
      });
    }
  };

  const remove = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onChange((current) => current.filter((p) => p.key !== photo.key));
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        Photos <span className="font-normal text-slate-600">(optional, up to {MAX_PHOTOS}: the damage, the trailer, or what you have in mind)</span>
      </legend>
      {photos.length > 0 && (
        <ul className="mt-2 space-y-2">
          {photos.map((photo, index) => (
            <li key={photo.key} className="flex items-center gap-3 rounded-lg p-2 ring-1 ring-slate-200">
              <Thumbnail photo={photo} index={index} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate text-slate-800">{photo.fileName}</p>
                {photo.error ? (
                  <p className="text-red-700">{photo.error}</p>
                ) : photo.token ? (
                  <p className="text-green-800">Uploaded</p>
                ) : (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${photo.fileName}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(photo.progress * 100)}
                    className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                  >
                    <div className="h-full bg-orange-700 transition-[width]" style={{ width: `${Math.round(photo.progress * 100)}%` }} />
                  </div>
                )}
              </div>
              <button
                type="button"
                onClick={() => remove(photo)}
                disabled={disabled}
                aria-label={`Remove ${photo.fileName}`}
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Screen readers hear how each upload ended. */}
      <p aria-live="polite" className="sr-only" data-testid="photo-announcer">
        {photos
          .filter((photo) => photo.token || photo.error)
          .map((photo) => (photo.error ? `${photo.fileName} was not added: ${photo.error}` : `${photo.fileName} uploaded.`))
          .join(" ")}
      </p>
      {room > 0 && (
        <div className="mt-2">
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,image/heic,image/heif,.heic,.heif"
            multiple
            disabled={disabled}
            onChange={(event) => {
              add(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-photos`}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-orange-800 ring-1 ring-orange-300 peer-focus-visible:ring-2 peer-focus-visible:ring-orange-600 hover:bg-orange-50"
          >
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            Add photos
          </label>
          <p className="mt-1 text-xs text-slate-600">PNG, JPG, GIF, WebP or HEIC. Large photos are made smaller before they are sent.</p>
        </div>
      )}
    </fieldset>
  );
}
