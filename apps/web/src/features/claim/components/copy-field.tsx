import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** A secret to read or copy, with the spec's 2-second copied state and its 'Copied!' toast. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success('Copied!', { description: 'Content copied to clipboard' });
    } catch {
      toast.error('Error', { description: 'Could not copy. Select the text and copy it instead.' });
    }
  };
  const id = `copy-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div>
      <span id={id} className="text-sm font-medium text-muted-foreground">
        {label}
      </span>
      <div className="mt-1 flex items-center gap-2">
        <output
          aria-labelledby={id}
          className="flex-1 select-all break-all rounded-md border bg-muted px-3 py-2 font-mono text-lg tracking-wider"
        >
          {value}
        </output>
        <Button
          variant="outline"
          size="icon"
          className="print:hidden"
          onClick={copy}
          aria-label={copied ? `${label} copied` : `Copy ${label}`}
        >
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
        </Button>
      </div>
    </div>
  );
}
