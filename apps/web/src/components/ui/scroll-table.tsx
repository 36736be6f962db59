import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen, reachable by keyboard to scroll it (the
 * batches feature's pattern, here for any feature).
 */
export function ScrollTable({
  label,
  headings,
  busy,
  children,
}: {
  label: string;
  headings: string[];
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border focus-visible:outline-2">
      <table className="w-full min-w-[48rem] text-left text-sm" aria-busy={busy}>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </section>
  );
}
