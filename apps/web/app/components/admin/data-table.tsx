import type { ReactNode } from 'react';

/** Column headers of one style, in order (a table may mix them with headers of its own, such as sortable ones). */
export function HeaderCells({ labels, className }: { labels: ReactNode[]; className: string }) {
  return (
    <>
      {labels.map((label, i) => (
        <th key={i} scope="col" className={className}>
          {label}
        </th>
      ))}
    </>
  );
}

/** The one row a table shows when it has nothing to list. */
export function EmptyRow({
  colSpan,
  className,
  children,
}: {
  colSpan: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={colSpan} className={className}>
        {/* Kept in view on a phone, where the table scrolls sideways and the cell is wider than the screen. */}
        <div className="sticky left-0 max-w-[calc(100vw-4rem)]">{children}</div>
      </td>
    </tr>
  );
}

/** The header of an AdminTable: a label a column (each a plain header cell), or the header cells themselves. */
type TableHead = { labels: ReactNode[] } | { header: ReactNode; columnCount: number };

/**
 * The admin pages' table: a white bordered box that scrolls sideways on a phone, a grey header row, then a row per
 * item (the caller's <tr>), or one row saying `empty` when there is none.
 */
export function AdminTable<Row>({
  rows,
  row,
  empty,
  className = '',
  cellClass = 'px-3 py-2',
  testId,
  ...head
}: TableHead & {
  rows: Row[];
  row: (item: Row) => ReactNode;
  empty: ReactNode;
  /** Classes of the box, such as its margin. */
  className?: string;
  /** The padding of the header cells, as the rows' cells have it. */
  cellClass?: string;
  testId?: string;
}) {
  const columnCount = 'labels' in head ? head.labels.length : head.columnCount;
  return (
    <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {'labels' in head ? (
              <HeaderCells className={`${cellClass} font-semibold`} labels={head.labels} />
            ) : (
              head.header
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <EmptyRow colSpan={columnCount} className="px-3 py-6 text-center text-slate-500">
              {empty}
            </EmptyRow>
          ) : (
            rows.map(row)
          )}
        </tbody>
      </table>
    </div>
  );
}
