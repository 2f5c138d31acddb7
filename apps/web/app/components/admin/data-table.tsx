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
