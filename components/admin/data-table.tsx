// A console table: its header row and rows, scrolling sideways inside its card on a narrow screen
// instead of widening the page; a line instead of the table when there is nothing to show.
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

interface DataTableProps {
  label: string;
  columns: ReactNode[];
  empty: string;
  rowCount: number;
  children: ReactNode;
  className?: string;
}

export function DataTable({ label, columns, empty, rowCount, children, className }: DataTableProps) {
  if (rowCount === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <div className={cn("-mx-2 max-w-full overflow-x-auto px-2", className)}>
      <table aria-label={label} className="w-full min-w-max border-collapse text-sm">
        <thead>
          <tr className="border-border border-b text-left">
            {columns.map((column, index) => (
              <th key={index} scope="col" className="text-muted-foreground px-2 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-border divide-y">{children}</tbody>
      </table>
    </div>
  );
}

/** One cell; `wrap` lets long text (an error message) break instead of widening the table. */
export function Cell({ children, wrap, className }: { children: ReactNode; wrap?: boolean; className?: string }) {
  return <td className={cn("px-2 py-2 align-top", wrap ? "max-w-xs min-w-48 break-words whitespace-normal" : "whitespace-nowrap", className)}>{children}</td>;
}
