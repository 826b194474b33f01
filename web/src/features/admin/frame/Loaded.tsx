// A screen's answer from the server, shown the same way on every screen: a spinner until it first
// arrives, a red notice when a load failed (the last answer, if any, stays below it), then the
// answer itself.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Spinner } from "../../../components/Spinner";
import { ErrorNotice } from "./ErrorNotice";

export function Loaded<T>({
  query,
  what,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** What failed to load, as the notice names it: "Today", "The audit log". */
  what: string;
  /** What the spinner says to a screen reader. */
  loading: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {query.isError && <ErrorNotice className="mt-3">{what} could not be loaded. Please reload the page.</ErrorNotice>}
      {query.data !== undefined ? children(query.data) : !query.isError && <Spinner label={loading} />}
    </>
  );
}
