import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchResults } from "../../lib/api-schema";
import { SEARCH_DELAY_MS, cardDelay, listPath, useBlogSearch } from "./search";

const found: SearchResults = {
  posts: [
    {
      title: "Trailer Brake Maintenance",
      slug: "brakes",
      excerpt: "Magnets and shoes.",
      featuredImage: null,
      featuredImageSrcset: null,
      date: "March 14, 2025",
    },
  ],
  total: 1,
  more: false,
};

function answer(body: unknown, status = 200) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("blog search", () => {
  it("asks the server once the visitor stops typing, with the trimmed query", async () => {
    vi.useFakeTimers();
    const fetch = answer(found);
    vi.stubGlobal("fetch", fetch);
    const { result, rerender } = renderHook(({ query }) => useBlogSearch(query, null), { initialProps: { query: "br" } });
    expect(result.current).toEqual({ status: "loading" });
    rerender({ query: " Brake " });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(expect.arrayContaining(["/api/blog/search?q=Brake"]));
    expect(result.current).toEqual({ status: "done", ...found });
  });

  it("is idle for a blank query and asks nothing", () => {
    const fetch = answer(found);
    vi.stubGlobal("fetch", fetch);
    const { result } = renderHook(() => useBlogSearch("   ", null));
    expect(result.current).toEqual({ status: "idle" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("finds nothing, and logs why, when the server fails", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", answer({ error: "nope" }, 500));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(() => useBlogSearch("brake", null));
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(result.current).toEqual({ status: "done", posts: [], total: 0, more: false });
    expect(logged).toHaveBeenCalled();
  });

  it("shows a search the server made without asking again, and asks for new words", async () => {
    vi.useFakeTimers();
    const fetch = answer({ posts: [], total: 0, more: false });
    vi.stubGlobal("fetch", fetch);
    const made = { needle: "brake", results: found };
    const { result, rerender } = renderHook(({ query }) => useBlogSearch(query, made), { initialProps: { query: "brake " } });
    expect(result.current).toEqual({ status: "done", ...found });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(fetch).not.toHaveBeenCalled();
    rerender({ query: "hitch" });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ status: "done", posts: [], total: 0, more: false });
  });

  it("links list pages as /blog, then /blog/page/n", () => {
    expect([1, 2, 834].map(listPath)).toEqual(["/blog", "/blog/page/2", "/blog/page/834"]);
  });

  it("delays each card 0.1 s more than the one before, for the first nine", () => {
    expect([0, 1, 5, 8].map(cardDelay)).toEqual(["0.0s", "0.1s", "0.5s", "0.8s"]);
    expect(cardDelay(49)).toBe("0.8s");
  });
});
