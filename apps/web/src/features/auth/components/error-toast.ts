import { toast } from 'sonner';

/** The spec's error toast: 'Error' with the message, or 'An error occurred'. */
// One id for every auth error: a new error replaces the last, and success can clear it, so a
// failed attempt's toast never follows the person onto the page a later success leads to.
const AUTH_ERROR_TOAST = 'auth-error';

export function toastError(err: unknown) {
  const message = err instanceof Error && err.message ? err.message : 'An error occurred';
  toast.error('Error', { description: message, id: AUTH_ERROR_TOAST });
}

/** Clears the last auth error's toast, once an attempt succeeded. */
export function dismissErrorToast() {
  toast.dismiss(AUTH_ERROR_TOAST);
}
