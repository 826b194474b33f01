// The site details as the editor holds them: the server's JSON with the content file's field
// names, read and changed by path ("testimonials[2].quote"), the same paths its messages use.

import type { Json } from "../frame/api";

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

/** The name an entry of a list goes by (its name or title), if it has one. */
function entryName(entry: Json | undefined): string | undefined {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return undefined;
  const name = [entry.name, entry.title].find((value) => typeof value === "string" && value.trim());
  return typeof name === "string" ? name : undefined;
}

/** A field as the owner knows it, for a message about it: the entries it is in by their names,
 * then the field ("Castle Rock › slug" for `cities[19].slug`; the section is named apart). */
export function fieldName(site: Json, path: string): string {
  const parts = pathParts(path);
  const names: string[] = [];
  let value: Json | undefined = site;
  parts.forEach((part, i) => {
    value = value && typeof value === "object" ? (Array.isArray(value) ? value[part as number] : value[part as string]) : undefined;
    if (typeof part === "number") names.push(entryName(value) ?? `#${part + 1}`);
    else if (i > 0 && typeof parts[i + 1] !== "number") names.push(part.replace(/_/g, " "));
  });
  return names.join(" › ") || path;
}
