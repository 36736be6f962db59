import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { showToast } from './lazy-toast';

/**
 * Copies text, says so ('Copied!') and shows a tick for the spec's 2 seconds. Articles render it
 * without the runtime: the toaster loads with the first copy, and no class merging (a `className`
 * replaces the default colours).
 */
export function CopyButton({ text, label = 'Copy', className }: { text: string; label?: string; className?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      void showToast((toast) => toast.success('Copied!', { description: 'Content copied to clipboard' }));
    } catch {
      void showToast((toast) =>
        toast.error('Error', { description: 'Could not copy. Select the text and copy it by hand.' }),
      );
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={label}
      className={`inline-flex h-8 w-8 items-center justify-center rounded-md ${className ?? 'text-slate-300 hover:bg-white/10 hover:text-white'}`}
    >
      {isCopied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
    </button>
  );
}
