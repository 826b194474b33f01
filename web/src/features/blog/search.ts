import type { PostCard } from "../../lib/types";

/** Posts whose title or excerpt contains the query, ignoring case; all posts for a blank query. */
export function filterPosts(posts: PostCard[], query: string): PostCard[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return posts;
  return posts.filter((p) => p.title.toLowerCase().includes(needle) || p.excerpt.toLowerCase().includes(needle));
}

/** Each card enters this much later than the one before it... */
export const CARD_DELAY_S = 0.1;
/** ...up to this many cards: on a long list, later cards would otherwise stay invisible for
 * seconds (50 posts would take 5 s), so from here on cards enter together. */
export const STAGGERED_CARDS = 9;

export function cardDelay(index: number): string {
  return `${(Math.min(index, STAGGERED_CARDS - 1) * CARD_DELAY_S).toFixed(1)}s`;
}
