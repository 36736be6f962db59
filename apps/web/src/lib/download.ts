import { api } from './api-client';

/**
 * The file name a Content-Disposition header gives (`filename*` wins over `filename`, RFC 6266),
 * without folders or characters a file system refuses; `fallback` when there is none.
 */
export function filenameFromContentDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  // Parameter names and the charset are case-insensitive (RFC 6266, RFC 8187).
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  try {
    name = extended ? decodeURIComponent(extended.trim()) : undefined;
  } catch {
    name = undefined;
  }
  // A `filename*` that is blank or will not decode leaves the plain `filename` to name the file.
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  // No folders, no control characters, nothing Windows refuses.
  const safe = name
    ?.split(/[/\\]/)
    .pop()
    ?.replace(/[<>:"|?*]/g, '_')
    // `s`: without it `.` skips line breaks, the control characters most likely to slip in.
    .replace(/./gsu, (ch) => (ch.charCodeAt(0) < 0x20 ? '_' : ch))
    .trim();
  return safe && safe !== '.' && safe !== '..' ? safe : fallback;
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads an API file with the signed-in user's token (a plain link could not send it) and
 * saves it under the name the server gives. Failures are ApiErrors, like every other call.
 */
export async function downloadApiFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<string> {
  const response = await api.stream(path, { signal });
  const blob = await response.blob();
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, filename);
  return filename;
}
