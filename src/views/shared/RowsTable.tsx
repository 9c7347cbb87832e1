import type { ReactNode } from 'react';
import { TableScroll } from '../ui/TableScroll';

/**
 * One column of a RowsTable: its heading and each row's cell. `rowHeader`: the cell names its row (a th of the row's
 * scope); `className` styles the heading and the cells (right-aligned numbers).
 */
export type Column<Row> = { heading: string; cell: (row: Row) => ReactNode; rowHeader?: boolean; className?: string };

type Naming = { caption: string } | { 'aria-label': string } | { 'aria-labelledby': string };

/**
 * A table of records, a row each, drawn from its columns, in its own scroll box; `cards`: rows with actions are
 * cards on a phone (TableScroll). Named by a caption, an aria-label or the heading it is labelled by.
 */
export function RowsTable<Row>({
  rows,
  rowKey,
  columns,
  className,
  cards = false,
  ...naming
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  className: string;
  cards?: boolean;
} & Naming) {
  const caption = 'caption' in naming ? naming.caption : undefined;
  const label = 'aria-label' in naming ? naming['aria-label'] : undefined;
  const labelledBy = 'aria-labelledby' in naming ? naming['aria-labelledby'] : undefined;
  return (
    <TableScroll cards={cards}>
      <table className={className} aria-label={label} aria-labelledby={labelledBy}>
        {caption !== undefined && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.className}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                column.rowHeader ? (
                  <th key={index} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
