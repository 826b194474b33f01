import type { PostCard } from "../../lib/types";

/** Posts whose title or excerpt contains the query, ignoring case; all posts for a blank query. */
export function filterPosts(posts: PostCard[], query: string): PostCard[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return posts;
  return posts.filter((p) => p.title.toLowerCase().includes(needle) || p.excerpt.toLowerCase().includes(needle));
}

/** Each card enters this much later than the one before it. */
export const CARD_DELAY_S = 0.1;

export function cardDelay(index: number): string {
  return `${(index * CARD_DELAY_S).toFixed(1)}s`;
}
