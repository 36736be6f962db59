import { CopyButton } from './copy-button';

/**
 * Code on a dark panel in both themes, scrollable sideways on a phone, with a copy button. No
 * class merging (public pages do without tailwind-merge): a `className` replaces the margin.
 */
export function CodeBlock({
  code,
  language,
  className,
  ...rest
}: { code: string; language?: string; className?: string } & Record<`data-${string}`, string>) {
  return (
    <div className={`relative rounded-lg bg-slate-950 text-slate-100 ${className ?? 'my-6'}`}>
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-1.5">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-300">{language || 'text'}</span>
        <CopyButton text={code} label={`Copy ${language || 'code'}`} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard to scroll it. */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-relaxed focus-visible:outline-2">
        <code {...rest}>{code}</code>
      </pre>
    </div>
  );
}
