// The address part made from a title or a name (a post's slug, a new city page's).

/** docs/product.md section 4: lowercase; drop all but letters, digits, spaces and hyphens; whitespace
 * runs become one hyphen; repeated hyphens collapse. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
}
