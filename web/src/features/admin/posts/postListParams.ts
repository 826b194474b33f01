// The post list's filters, sort and page, held in the address (so Back and a shared link show
// the same list).
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { PostOrder, PostStatus } from "../frame/api";

export const TABS: { status: PostStatus; label: string }[] = [
  { status: "all", label: "All" },
  { status: "published", label: "Published" },
  { status: "drafts", label: "Drafts" },
  { status: "scheduled", label: "Scheduled" },
  { status: "deleted", label: "Deleted" },
];
export const ORDERS: { order: PostOrder; label: string }[] = [
  { order: "newest", label: "Newest first" },
  { order: "oldest", label: "Oldest first" },
  { order: "title", label: "Title, A to Z" },
  { order: "updated", label: "Last changed" },
];

/** The list's parameters as the address holds them, and `show` to change them. */
export function usePostListParams() {
  const [params, setParams] = useSearchParams();
  const status = (TABS.find((tab) => tab.status === params.get("status"))?.status ?? "all") satisfies PostStatus;
  const order = (ORDERS.find((o) => o.order === params.get("sort"))?.order ?? "newest") satisfies PostOrder;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const query = params.get("q") ?? "";
  /** Changes the list's parameters (a new filter starts at page 1); `replace` changes the
   * address's entry rather than adding one. */
  const show = useCallback(
    (change: Record<string, string>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value && !(key === "status" && value === "all") && !(key === "sort" && value === "newest") && !(key === "page" && value === "1")) {
              next.set(key, value);
            } else next.delete(key);
          }
          if (!("page" in change)) next.delete("page");
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return { params, status, order, page, query, show };
}
