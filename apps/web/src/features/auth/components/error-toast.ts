import { toast } from 'sonner';

/** The spec's error toast: 'Error' with the message, or 'An error occurred'. */
export function toastError(err: unknown) {
  const message = err instanceof Error && err.message ? err.message : 'An error occurred';
  toast.error('Error', { description: message });
}
