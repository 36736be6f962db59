import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen, reachable by keyboard to scroll it. */
export function ScrollTable({ label, headings, children }: { label: string; headings: string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section aria-label={label} tabIndex={0} className="overflow-x-auto focus-visible:outline-2">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
