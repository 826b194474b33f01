import type { ReactNode } from "react";

export interface Column<Row> {
  label: string;
  /** Counts and percentages are right-aligned. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/** A table of figures: the first column names the row; it scrolls sideways when the screen is
 * narrower, and keyboard users can scroll it too. */
export function FigureTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string }) {
  // The caption is shown above the scrolling box (so it is never cut off) and read with the table.
  return (
    <>
      <p aria-hidden="true" className="mt-3 text-sm text-slate-600">
        {caption}
      </p>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
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
