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

/** What a field is called where no label says it (its key in the details otherwise). */
const FIELD_NAMES: Record<string, string> = {
  blurb: "card text",
  quote: "what they said",
  zips: "ZIP codes",
  cityZips: "ZIP codes of your city",
  neighbourhoods: "Neighbourhoods of your city",
  postalCode: "ZIP code",
};

/** A field as the owner knows it, for a message about it: the entries it is in by their names,
 * then the field by its label (`labelOf`, when it is on screen), and a line of a list by its
 * number ("Castle Rock › ZIP codes › line 2" for `cities[19].zips[1]`; the section is named
 * apart). */
export function fieldName(site: Json, path: string, labelOf: (path: string) => string | undefined = () => undefined): string {
  const parts = pathParts(path);
  const names: string[] = [];
  let value: Json | undefined = site;
  parts.forEach((part, i) => {
    value = value && typeof value === "object" ? (Array.isArray(value) ? value[part as number] : value[part as string]) : undefined;
    const next = parts[i + 1];
    if (typeof part === "number") {
      const line = value === null || typeof value !== "object";
      names.push(line ? `line ${part + 1}` : (entryName(value) ?? `#${part + 1}`));
      return;
    }
    // A list of entries goes by its entries' names; a list of lines, and a field, by their own.
    const item = typeof next === "number" && Array.isArray(value) ? value[next] : undefined;
    if (i === 0 || (item !== null && typeof item === "object")) return;
    const here = pathOf(parts.slice(0, i + 1));
    names.push(labelOf(here) ?? FIELD_NAMES[part] ?? words(part));
  });
  return names.join(" › ") || path;
}

/** A camelCase key in words: "keyFeatures" is "key features". */
function words(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/** The path of `parts`, as the server writes it. */
function pathOf(parts: (string | number)[]): string {
  return parts.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/** `path` and the paths of what holds it, nearest first ("cities[2].zips[1]", "cities[2].zips",
 * "cities[2]", "cities"): a message about a line of a list goes to the list's field. */
export function pathAndHolders(path: string): string[] {
  const parts = pathParts(path);
  return parts.map((_, i) => pathOf(parts.slice(0, parts.length - i)));
}

/** The place of every path in the details, in their order (the order of the page's fields), for
 * putting messages in the order the owner meets them. */
export function orderOfPaths(site: Json): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (value: Json, path: string) => {
    order.set(path, order.size);
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value && typeof value === "object") Object.entries(value).forEach(([key, item]) => walk(item, path ? `${path}.${key}` : key));
  };
  walk(site, "");
  return order;
}

/** The messages of a list of lines (`path`) and of its lines, as one line ("Line 2: ..."). */
export function listMessagesAt(errors: Record<string, string[]>, path: string): string | undefined {
  const own = errors[path] ?? [];
  const lines = Object.entries(errors)
    .filter(([at]) => at.startsWith(`${path}[`) && /^\d+\]$/.test(at.slice(path.length + 1)))
    .map(([at, messages]) => ({ line: Number(at.slice(path.length + 1, -1)), messages }))
    .sort((a, b) => a.line - b.line)
    .map(({ line, messages }) => `Line ${line + 1}: ${messages.join(" ")}`);
  const all = [...own, ...lines];
  return all.length > 0 ? all.join(" ") : undefined;
}

/** The footer's city links with `from` (a city page's old address; "" for a new city) now at
 * `to`: a new city joins them, a renamed one keeps its place, one without an address leaves. */
export function footerAfterRename(areas: string[], from: string, to: string): string[] {
  const at = from === "" ? -1 : areas.indexOf(from);
  if (from !== "" && at < 0) return areas;
  const others = areas.filter((area) => area !== from && area !== to);
  if (to === "") return others;
  if (at < 0) return [...others, to];
  return [...others.slice(0, at), to, ...others.slice(at)];
}
