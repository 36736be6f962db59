import { type Block, EXTERNAL_REL, type Inline, parseMarkdown } from '@giftrelay/markdown';
import { Link } from 'react-router';
import { CodeBlock } from './code-block';

function InlineContent({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, i) => {
        const key = `${i}-${part.type}`;
        switch (part.type) {
          case 'strong':
            return <strong key={key}>{part.text}</strong>;
          case 'em':
            return <em key={key}>{part.text}</em>;
          case 'code':
            return <code key={key}>{part.text}</code>;
          case 'link':
            return part.external ? (
              <a key={key} href={part.href} rel={EXTERNAL_REL}>
                {part.text}
              </a>
            ) : (
              <Link key={key} to={part.href}>
                {part.text}
              </Link>
            );
          default:
            return part.text;
        }
      })}
    </>
  );
}

function BlockElement({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return (
        <Heading id={block.id}>
          <InlineContent content={block.content} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p>
          <InlineContent content={block.content} />
        </p>
      );
    case 'quote':
      return (
        <blockquote>
          <p>
            <InlineContent content={block.content} />
          </p>
        </blockquote>
      );
    case 'code':
      return <CodeBlock code={block.code} language={block.language} />;
    case 'rule':
      return <hr />;
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the article's own order, never reordered.
        <li key={i}>
          <InlineContent content={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard to scroll it.
        <div className="overflow-x-auto" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.header.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                  <th key={i} scope="col">
                    <InlineContent content={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                    <td key={c}>
                      <InlineContent content={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

export function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the document's own order, never reordered.
        <BlockElement key={i} block={block} />
      ))}
    </>
  );
}
