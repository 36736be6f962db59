import { CodeBlock } from '@/components/ui/code-block';
import { getPublicUrl } from '@/lib/public-url';
import { type ApiExample, formatResponse, toCurl } from '../example-basics';

export function ApiExampleBlock({ example }: { example: ApiExample }) {
  return (
    <section aria-labelledby={`example-${example.id}`} className="mt-10">
      <h3 id={`example-${example.id}`} className="text-lg font-semibold">
        {example.title}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className="rounded bg-secondary px-1.5 py-0.5 font-semibold text-secondary-foreground">
          {example.method}
        </span>
        <span className="break-all">{example.path.split('?')[0]}</span>
      </p>
      <p className="mt-2 text-muted-foreground">{example.description}</p>
      <CodeBlock code={toCurl(example, getPublicUrl())} language="sh" data-example-id={example.id} />
      <p className="text-sm font-medium">
        Answer: <span className="font-mono">{example.response.status}</span>
      </p>
      <CodeBlock
        code={formatResponse(example)}
        language={example.response.contentType === 'text/csv' ? 'csv' : 'json'}
      />
    </section>
  );
}
