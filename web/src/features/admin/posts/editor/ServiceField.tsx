import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../../frame/api";
import { describedBy, Field, fieldClass } from "../../frame/form";
import { keys } from "../../frame/queries";

const HINT = "The button at the end of the post books this service; with none, it books any.";

/** The service a post is about, one of the services page's cards: the post's closing button
 * opens the booking assistant with it. */
export function ServiceField({ id, value, error, onChange }: { id: string; value: string | null; error?: string; onChange: (service: string | null) => void }) {
  const site = useQuery({ queryKey: keys.site, queryFn: adminApi.site });
  const offered = site.data?.site.servicesPage.sections.flatMap((section) => section.cards.map((card) => card.title)) ?? [];
  // A service the page no longer offers stays listed while the post names it, so it shows.
  const titles = value && !offered.includes(value) ? [value, ...offered] : offered;
  return (
    <Field id={id} label="Service this post is about (optional)" error={error} hint={HINT}>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, true, error)}
        className={`${fieldClass(error)} max-w-md`}
      >
        <option value="">None</option>
        {titles.map((title) => (
          <option key={title} value={title}>
            {title}
          </option>
        ))}
      </select>
    </Field>
  );
}
