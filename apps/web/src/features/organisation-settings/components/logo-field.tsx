import type { OrganisationSettings } from '@giftrelay/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRemoveOrganisationLogo } from '../api/remove-organisation-logo';
import { useUploadOrganisationLogo } from '../api/upload-organisation-logo';
import { fileToBase64, isLogoType, logoFileProblem } from '../utils/settings-form';

/** Upload (PNG or SVG, checked on the server), preview and removal of the organisation's logo. */
export function LogoField({ settings, disabled }: { settings: OrganisationSettings; disabled: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadOrganisationLogo();
  const remove = useRemoveOrganisationLogo();
  const busy = upload.isPending || remove.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem || !isLogoType(file.type)) {
      setError(problem ?? 'Choose a PNG or SVG file');
      return;
    }
    setError(undefined);
    upload.mutate(
      { media_type: file.type, data: await fileToBase64(file) },
      {
        onSuccess: () => toast.success('Logo updated', { description: 'It appears on the next email sent.' }),
        onError: (err) => {
          // The server's reason, e.g. "this SVG is refused: it has a <script>".
          const message = err.message.replace(/^body\.data: /, '') || 'Please try again.';
          setError(message);
          toast.error('Error', { description: message });
        },
      },
    );
  };

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        Logo
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-32 items-center justify-center rounded-lg border bg-white p-2">
          {settings.logo ? (
            <img
              src={settings.logo.url}
              alt="Current logo"
              className="max-h-full max-w-full object-contain"
              data-testid="logo-preview"
            />
          ) : (
            <span className="text-xs text-slate-600">No logo</span>
          )}
        </div>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/svg+xml"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => void choose(e)}
          disabled={disabled || busy}
          data-testid="logo-input"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={disabled || busy} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden className="size-4" />
            {upload.isPending ? 'Uploading...' : settings.logo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {settings.logo && (
            <Button
              type="button"
              variant="ghost"
              disabled={disabled || busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success('Logo removed'),
                  onError: (err) => toast.error('Error', { description: err.message || 'Please try again.' }),
                })
              }
            >
              <Trash2 aria-hidden className="size-4" />
              {remove.isPending ? 'Removing...' : 'Remove logo'}
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        PNG or SVG, at most 512 KB. SVGs with scripts or links to other sites are refused.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
