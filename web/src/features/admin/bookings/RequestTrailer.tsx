// Which of the customer's trailers a request is about, picked on the request's page from the
// trailers on the customer's record (added there).
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminApi, type Booking } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { failureMessage } from "../frame/form";
import { trailerTitle } from "../frame/format";
import { keys, useDeskChanged } from "../frame/queries";

export function RequestTrailer({ booking, customerId }: { booking: Booking; customerId: number }) {
  const id = useId();
  const deskChanged = useDeskChanged();
  const [problem, setProblem] = useState<string | null>(null);
  const customer = useQuery({ queryKey: keys.customer(customerId), queryFn: () => adminApi.customer(customerId) });
  const trailers = customer.data?.trailers ?? [];

  async function name(value: string) {
    setProblem(null);
    try {
      await adminApi.nameTrailer(booking.id, value ? Number(value) : null);
      await deskChanged();
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  }

  if (!customer.data) return null;
  if (trailers.length === 0) {
    return <p className="mt-1 text-sm text-slate-700">No trailers on the customer&rsquo;s record yet: add one there to name it here.</p>;
  }
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Trailer
      </label>
      <select
        id={id}
        value={booking.trailerId ?? ""}
        onChange={(event) => void name(event.target.value)}
        className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm sm:w-96"
      >
        <option value="">Not named yet</option>
        {trailers.map((trailer) => (
          <option key={trailer.id} value={trailer.id}>
            {trailerTitle(trailer)}
            {trailer.vin ? ` (VIN …${trailer.vin.slice(-6)})` : ""}
          </option>
        ))}
      </select>
      {problem && <ErrorNotice className="mt-2">{problem}</ErrorNotice>}
    </div>
  );
}
