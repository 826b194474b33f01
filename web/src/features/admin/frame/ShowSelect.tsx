// "Show": the select that narrows a list (quotes, invoices) to one kind, kept in the address by
// the page, so a reload or Back keeps it.
export function ShowSelect<T extends string>({
  id,
  value,
  labels,
  onChange,
}: {
  id: string;
  value: T;
  /** Each kind in the team's words, in the select's order. */
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Show
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 sm:w-60"
      >
        {(Object.entries(labels) as [T, string][]).map(([each, label]) => (
          <option key={each} value={each}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
