/** A post's state as the dashboard and the preview show it. */
export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        published ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"
      }`}
    >
      {published ? "Published" : "Draft"}
    </span>
  );
}
