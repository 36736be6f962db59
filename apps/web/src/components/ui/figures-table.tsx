/** A chart's figures as a plain table (for screen readers): the first cell of each row is its header. */
export function FiguresTable({
  caption,
  head,
  rows,
  className,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  className?: string;
}) {
  return (
    <table className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={first}>
            <th scope="row">{first}</th>
            {rest.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
