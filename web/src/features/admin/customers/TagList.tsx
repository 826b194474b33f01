// A customer's tags as small labels, in the owner's words.
import type { CustomerTag } from "../frame/api";

export const TAG_NAMES: Record<CustomerTag, string> = {
  fleet: "Fleet",
  insurance: "Insurance",
  "do-not-service": "Do not service",
};

export function TagList({ tags }: { tags: CustomerTag[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <span
          key={tag}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tag === "do-not-service" ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-800"}`}
        >
          {TAG_NAMES[tag]}
        </span>
      ))}
    </span>
  );
}
