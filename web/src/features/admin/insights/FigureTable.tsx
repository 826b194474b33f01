import type { ReactNode } from "react";

export interface Column<Row> {
  label: string;
  /** Counts and percentages are right-aligned. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of figures: the first column names the row. On a phone each row is a card with its
 * figures under their names (a table would hide them off the side), the newest first where the
 * rows are days; wider, a table that scrolls sideways if it must, keyboard users too.
 */
export function FigureTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  newestFirstOnPhone = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The rows run from oldest to newest (days): a phone shows the newest first. */
  newestFirstOnPhone?: boolean;
}) {
  const [name, ...figures] = columns;
  const phoneRows = newestFirstOnPhone ? [...rows].reverse() : rows;
  // The caption is shown above the scrolling box (so it is never cut off) and read with the table.
  return (
    <>
      <p aria-hidden="true" className="mt-3 text-sm text-slate-600">
        {caption}
      </p>
      <ul aria-label={caption} className="mt-2 space-y-2 sm:hidden">
        {phoneRows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
            <p className="font-medium wrap-anywhere text-slate-900">{name?.cell(row)}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {figures.map((column) => (
                <div key={column.label} className="contents">
                  <dt className="text-slate-600">{column.label}</dt>
                  <dd className={`text-slate-900 ${column.numeric ? "tabular-nums" : "wrap-anywhere"}`}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-2 hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              {columns.map((column) => (
                <th key={column.label} scope="col" className={`py-2 font-semibold whitespace-nowrap ${column.numeric ? "pl-4 text-right" : "pr-4"}`}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-slate-100">
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.label} scope="row" className="min-w-32 py-2 pr-4 font-medium wrap-anywhere text-slate-900">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td
                      key={column.label}
                      className={`py-2 text-slate-900 ${column.numeric ? "pl-4 text-right tabular-nums whitespace-nowrap" : "min-w-32 pr-4 wrap-anywhere"}`}
                    >
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
