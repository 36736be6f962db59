import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** The spec's copy feedback: 'Copied!' toast, and the button shows it for 2 seconds. */
export const COPIED_MS = 2000;

export function CopyAction({ label, text }: { label: string; text: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      toast.success('Copied!', { description: 'Content copied to clipboard' });
    } catch {
      toast.error('Error', { description: 'Could not copy. Select the text and copy it by hand.' });
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy} disabled={!text}>
      {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {isCopied ? 'Copied' : label}
    </Button>
  );
}
