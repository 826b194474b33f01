import { useLayout } from "../../../lib/layout";
import { shopDateTime } from "../frame/format";

/** A post's state as the dashboard and the preview show it: published, scheduled (with its time
 * in the shop's time zone) or draft. */
export function PublishedBadge({ published, publishAt }: { published: boolean; publishAt?: string | null }) {
  const { timeZone } = useLayout();
  const [label, look] = published
    ? ["Published", "bg-green-100 text-green-800"]
    : publishAt
      ? [`Scheduled for ${shopDateTime(publishAt, timeZone)}`, "bg-sky-100 text-sky-900"]
      : ["Draft", "bg-amber-100 text-amber-900"];
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${look}`}>{label}</span>;
}
