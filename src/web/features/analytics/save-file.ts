import { throwIfNotOk } from '#web/lib/api.ts';

/** Hands a file to the browser's downloads under the given name. */
export function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads one of the member's CSV files; a refusal (bad period) throws the API's error. */
export async function downloadCsv(url: string, fallbackName: string) {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveFile(named ?? fallbackName, await response.blob());
}

/** The member's date in their time zone, 'YYYY-MM-DD'. */
export function dayIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}
