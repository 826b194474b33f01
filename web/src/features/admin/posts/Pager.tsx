// The admin's one way through a long list: where this page is among them, Previous and Next.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { PLAIN_BUTTON } from "../frame/form";

export function Pager({
  label,
  page,
  pageCount,
  total,
  perPage,
  noun,
  onPage,
}: {
  /** The navigation's name for screen readers, e.g. "Posts pages". */
  label: string;
  page: number;
  pageCount: number;
  total: number;
  perPage: number;
  /** What is counted, one and more, e.g. ["post", "posts"]. */
  noun: [string, string];
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm text-slate-700">
      <p>
        {first.toLocaleString("en-US")}-{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {total === 1 ? noun[0] : noun[1]} · page {page} of{" "}
        {pageCount}
      </p>
      {pageCount > 1 && (
        <div className="flex gap-2">
          <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={`${PLAIN_BUTTON} inline-flex items-center gap-1`}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Previous
          </button>
          <button type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)} className={`${PLAIN_BUTTON} inline-flex items-center gap-1`}>
            Next
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      )}
    </nav>
  );
}
