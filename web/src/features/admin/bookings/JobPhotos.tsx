// The photos of a request on its page: those the customer sent, and those the team takes of the
// job with the phone's camera, labelled and shrunk to a long side of 2,048 px before they go up
// (the server drops what the camera wrote in them, the place included). A photo the team took
// shows on the customer's own page once it is shared, and can be deleted; the customer's stay.
import { Camera } from "lucide-react";
import { useId, useRef, useState } from "react";
import { PHOTO_LABELS } from "../../../lib/photoLabels";
import { shrinkPhoto } from "../../../lib/shrinkPhoto";
import { adminApi, type Booking, type Photo, type PhotoLabel } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { DANGER_BUTTON, PLAIN_BUTTON, PRIMARY_BUTTON, failureMessage } from "../frame/form";
import { useDeskChanged } from "../frame/queries";

const LABELS = Object.entries(PHOTO_LABELS) as [PhotoLabel, string][];

function caption(photo: Photo): string {
  if (!photo.fromShop) return "Sent by the customer";
  const what = photo.label ? PHOTO_LABELS[photo.label] : "Photo";
  return `${what}, taken by ${photo.takenBy ?? "the team"}`;
}

export function JobPhotos({ booking }: { booking: Booking }) {
  const deskChanged = useDeskChanged();
  const headingId = useId();
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState<PhotoLabel>("before");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);

  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await call();
      await deskChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File) {
    await run(async () => adminApi.takePhoto(booking.id, label, await shrinkPhoto(file)));
    if (input.current) input.current.value = "";
  }

  async function remove() {
    const photo = deleting;
    setDeleting(null);
    if (photo) await run(() => adminApi.deletePhoto(booking.id, photo.name));
  }

  const total = booking.photos.length;
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Photos
      </h2>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
      {total === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No photos yet.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {booking.photos.map((photo, index) => (
            <li key={photo.name} className="min-w-0">
              <a
                href={photo.url}
                target="_blank"
                rel="noopener"
                aria-label={`Open photo ${index + 1} of ${total}: ${caption(photo)} (opens in a new tab)`}
                className="block"
              >
                <img
                  src={photo.url}
                  alt=""
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200"
                />
              </a>
              <p className="mt-1 text-xs break-words text-slate-700">{caption(photo)}</p>
              <select
                aria-label={`What photo ${index + 1} shows`}
                value={photo.label ?? ""}
                disabled={busy}
                onChange={(event) => {
                  const chosen = LABELS.find(([key]) => key === event.target.value)?.[0] ?? null;
                  void run(() => adminApi.changePhoto(booking.id, photo.name, chosen, photo.shared));
                }}
                className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-2 text-sm"
              >
                <option value="">Not labelled</option>
                {LABELS.map(([key, words]) => (
                  <option key={key} value={key}>
                    {words}
                  </option>
                ))}
              </select>
              {photo.fromShop && (
                <>
                  <label className="mt-1 flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={photo.shared}
                      disabled={busy}
                      onChange={(event) => void run(() => adminApi.changePhoto(booking.id, photo.name, photo.label, event.target.checked))}
                      className="h-5 w-5"
                    />
                    On the customer&rsquo;s page<span className="sr-only"> (photo {index + 1})</span>
                  </label>
                  <button type="button" className={PLAIN_BUTTON} disabled={busy} onClick={() => setDeleting(photo)}>
                    Delete<span className="sr-only"> photo {index + 1}</span>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={labelId} className="block text-sm font-medium text-slate-800">
            What it shows
          </label>
          <select
            id={labelId}
            value={label}
            onChange={(event) => setLabel(LABELS.find(([key]) => key === event.target.value)?.[0] ?? "before")}
            className="mt-1 min-h-11 rounded-lg border border-slate-300 px-2 text-sm"
          >
            {LABELS.map(([key, words]) => (
              <option key={key} value={key}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <label className={`inline-flex cursor-pointer items-center gap-1.5 focus-within:ring-2 focus-within:ring-orange-500 ${PRIMARY_BUTTON}`}>
          <Camera aria-hidden="true" className="h-4 w-4" />
          {busy ? "Sending the photo…" : "Take a photo"}
          <input
            ref={input}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
      </div>
      <ModalDialog
        open={deleting !== null}
        title="Delete this photo?"
        description="It goes from the request, and from the customer’s page if it was shared there."
        onCancel={() => setDeleting(null)}
      >
        <DialogActions>
          <button type="button" className={PLAIN_BUTTON} onClick={() => setDeleting(null)}>
            Keep it
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={() => void remove()}>
            Delete it
          </button>
        </DialogActions>
      </ModalDialog>
    </section>
  );
}
