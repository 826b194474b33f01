// The customer's part of their own page, below the request the link opened: all their requests
// (each opens on this page), their trailers, "Request more work" with their details filled in,
// and a new link for one forwarded or seen by someone else.
import { FileText, Plus, Truck } from "lucide-react";
import { useState } from "react";
import { BookingButton } from "../../components/BookingButton";
import { ApiError, manageLink } from "../../lib/api";
import type { OwnPage, OwnTrailer, RequestView } from "../../lib/api-schema";

const CARD = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

/** What the address of a link just replaced carries, for the page to say so. */
export const NEW_LINK = "new-link";

export function CustomerHub({ own, request, token }: { own: OwnPage; request: RequestView; token: string }) {
  return (
    <>
      <section aria-labelledby="your-requests" className={CARD}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="your-requests" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <FileText aria-hidden="true" className="h-5 w-5 text-orange-700" />
            {own.requests.length > 1 ? "Your requests with us" : "Need something else?"}
          </h2>
          <BookingButton
            presets={{ contact: { name: request.name, ...request.contact } }}
            className="inline-flex items-center gap-2 rounded-lg bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
          >
            <Plus aria-hidden="true" className="h-5 w-5" />
            Request more work
          </BookingButton>
        </div>
        {own.requests.length > 1 && (
          <ul className="mt-4 divide-y divide-slate-200">
            {own.requests.map((line) => {
              const current = line.number === request.number;
              const status = current && request.cancelled ? "Cancelled" : line.status;
              return (
                <li key={line.number} className="py-3">
                  <a
                    href={`?request=${line.number}`}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-lg px-2 py-1 ${current ? "bg-orange-50 ring-1 ring-orange-200" : "hover:bg-slate-50"}`}
                  >
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0">
                        <span className="font-semibold text-orange-800 underline">Request #{line.number}</span>
                        {current && <span className="text-sm text-slate-700"> (shown above)</span>}
                      </span>
                      <span className="shrink-0 text-sm font-medium text-slate-700">{status}</span>
                    </span>
                    {line.words && <span className="block text-sm break-words text-slate-900">&ldquo;{line.words}&rdquo;</span>}
                    <span className="block text-sm text-slate-700">{line.summary || "Service request"}</span>
                    <span className="block text-sm text-slate-600">
                      Sent {line.received}
                      {line.time && !(current && request.cancelled) && ` · ${line.time}`}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {own.trailers.length > 0 && (
        <section aria-labelledby="your-trailers" className={CARD}>
          <h2 id="your-trailers" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Truck aria-hidden="true" className="h-5 w-5 text-orange-700" />
            Your trailers
          </h2>
          <ul className="mt-3 space-y-2">
            {own.trailers.map((trailer, n) => (
              <li key={n} className="text-slate-800">
                <span className="font-medium">{trailer.description || "Trailer"}</span>
                {(trailer.plate || trailer.vinEnd) && (
                  <span className="block text-sm text-slate-600">
                    {[trailer.plate && `Plate ${trailer.plate}`, trailer.vinEnd && `VIN ending ${trailer.vinEnd}`].filter(Boolean).join(" · ")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <NewLink token={token} />
    </>
  );
}

/** While the request names no trailer and may change: a choice of those the customer's other
 * requests name ("the same trailer as last time"). */
export function TrailerPick({
  request,
  trailers,
  busy,
  onPick,
}: {
  request: RequestView;
  trailers: OwnTrailer[];
  busy: boolean;
  onPick: (trailer: number) => void;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  if (request.trailerId != null || request.closed || request.cancelled || trailers.length === 0) return null;
  return (
    <form
      className="mt-4 border-t border-slate-200 pt-4 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked != null) onPick(picked);
      }}
    >
      <fieldset>
        <legend className="font-medium text-slate-800">Is this about a trailer we've seen?</legend>
        <div className="mt-2 space-y-2">
          {trailers.map((trailer) => (
            <label key={trailer.id} className="flex items-start gap-2 text-slate-900">
              <input
                type="radio"
                name="trailer"
                value={trailer.id}
                checked={picked === trailer.id}
                onChange={() => setPicked(trailer.id)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-orange-700"
              />
              <span className="break-words">
                {trailer.description || "Trailer"}
                {trailer.plate && <span className="text-slate-600"> · Plate {trailer.plate}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={busy || picked == null}
        className="mt-3 rounded-lg px-4 py-2 font-semibold text-slate-800 ring-1 ring-slate-300 disabled:opacity-70"
      >
        It's this one
      </button>
    </form>
  );
}

/** A new link in place of all the old ones: for a link forwarded or seen by someone else. */
function NewLink({ token }: { token: string }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function replace() {
    setBusy(true);
    setError(null);
    try {
      const made = await manageLink.replace(token);
      window.location.assign(`${made.path}?${NEW_LINK}`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "That did not work. Please try again, or call us.");
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="new-link" className="rounded-2xl bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200">
      <h2 id="new-link" className="font-semibold text-slate-900">
        Shared this link by mistake?
      </h2>
      <p className="mt-1 text-slate-700">
        Anyone with this link can see this page. Get a new one: this page moves to a new address, every link we sent you before stops working, and our next
        messages bring the new one.
      </p>
      {error && (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      )}
      {asking ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={() => void replace()}
            className="rounded-lg bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
          >
            Replace my link
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => setAsking(false)}
            className="rounded-lg px-4 py-2 font-semibold text-slate-800 ring-1 ring-slate-300"
          >
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setAsking(true)} className="mt-3 font-semibold text-orange-800 underline">
          Get a new link
        </button>
      )}
    </section>
  );
}
