// The site details as the editor holds them: the server's JSON with the content file's field
// names, read and changed by path ("testimonials[2].quote"), the same paths its messages use.

/** Any JSON value of the site details. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type SiteFields = { [key: string]: Json };

/** "testimonials[2].quote" as keys and indexes: ["testimonials", 2, "quote"]. */
export function pathParts(path: string): (string | number)[] {
  return path
    .split(/\.|\[|\]/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The value at `path`, or undefined. */
export function getAt(value: Json | undefined, path: string): Json | undefined {
  let current: Json | undefined = value;
  for (const part of pathParts(path)) {
    if (current === null || typeof current !== "object") return undefined;
    current = Array.isArray(current) ? current[part as number] : current[part as string];
  }
  return current;
}

/** A copy of `value` with `path` set to `next` (the containers on the way are copied). */
export function setAt<T extends Json>(value: T, path: string | (string | number)[], next: Json): T {
  const [head, ...rest] = typeof path === "string" ? pathParts(path) : path;
  if (head === undefined) return next as T;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number] ?? null, rest, next);
    return copy as T;
  }
  const record = (value ?? {}) as { [key: string]: Json };
  return { ...record, [head]: setAt(record[head] ?? null, rest, next) } as T;
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** A DOM id for the field at `path`. */
export function fieldId(path: string): string {
  return `site-${path.replace(/[^A-Za-z0-9_]+/g, "-")}`;
}

/** The server's messages for the field at `path`, as one line. */
export function messagesAt(errors: Record<string, string[]>, path: string): string | undefined {
  const own = errors[path];
  return own && own.length > 0 ? own.join(" ") : undefined;
}
