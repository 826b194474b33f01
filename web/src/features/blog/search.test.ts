import { describe, expect, it } from "vitest";
import type { PostCard } from "../../lib/types";
import { cardDelay, filterPosts } from "./search";

const posts: PostCard[] = [
  { title: "Trailer Brake Maintenance", slug: "brakes", excerpt: "Magnets and shoes.", featuredImage: null, featuredImageSrcset: null, date: "March 14, 2025" },
  { title: "Winter Storage", slug: "winter", excerpt: "Protect tires from UV and BRAKE dust.", featuredImage: null, featuredImageSrcset: null, date: "March 1, 2025" },
  { title: "Wiring", slug: "wiring", excerpt: "Grounds first.", featuredImage: null, featuredImageSrcset: null, date: "February 1, 2025" },
];

describe("blog search", () => {
  it("matches the title or the excerpt, ignoring case", () => {
    expect(filterPosts(posts, "brake").map((p) => p.slug)).toEqual(["brakes", "winter"]);
    expect(filterPosts(posts, "GROUNDS").map((p) => p.slug)).toEqual(["wiring"]);
  });

  it("shows everything for a blank query and nothing for no match", () => {
    expect(filterPosts(posts, "  ")).toHaveLength(3);
    expect(filterPosts(posts, "hitch")).toEqual([]);
  });

  it("delays each card 0.1 s more than the one before, for the first nine", () => {
    expect([0, 1, 5, 8].map(cardDelay)).toEqual(["0.0s", "0.1s", "0.5s", "0.8s"]);
    expect(cardDelay(49)).toBe("0.8s");
  });
});
