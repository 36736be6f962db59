import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from './button';

interface ExportButtonProps {
  /** "Export CSV", "Download CSV". */
  label: string;
  isPending: boolean;
  /** Starts the download; resolves to the saved file's name. */
  onExport: () => Promise<string>;
}

/**
 * Downloads what a list shows as CSV and says how it went. While it runs the button is marked busy
 * rather than disabled, so keyboard focus stays on it.
 */
export function ExportButton({ label, isPending, onExport }: ExportButtonProps) {
  const run = () => {
    if (isPending) return;
    onExport().then(
      (name) => toast.success('Export ready', { description: `${name} is in your downloads.` }),
      (err: unknown) =>
        toast.error('Error', { description: (err instanceof Error && err.message) || 'Please try again.' }),
    );
  };
  return (
    <Button variant="outline" aria-disabled={isPending} onClick={run}>
      <Download aria-hidden className="size-4" />
      {isPending ? 'Exporting...' : label}
    </Button>
  );
}
