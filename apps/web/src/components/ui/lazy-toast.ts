import type { toast as sonnerToast } from 'sonner';

let loadToaster: () => Promise<unknown> = async () => {};

/** app/runtime.ts says how to load the toaster: it comes with the runtime. */
export function setToasterLoader(load: () => Promise<unknown>): void {
  loadToaster = load;
}

/**
 * A toast from code that pages without the runtime render (docs/decisions/006): sonner and the
 * toaster load with the first toast, not with the page, and the toast waits until the toaster
 * listens (sonner drops toasts sent before it mounts).
 */
export async function showToast(show: (toast: typeof sonnerToast) => void): Promise<void> {
  await loadToaster();
  const { toast, toasterMounted } = await import('./toaster');
  await toasterMounted;
  show(toast);
}
