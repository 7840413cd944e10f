import type { ApiErrorBody, ErrorCode } from '#shared/errors.ts';

/** A non-successful reply: message is "status: body" as the spec's client builds it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | null,
    bodyText: string,
    /** A 429's or 503's Retry-After in seconds, when it gave one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${bodyText}`);
  }
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
  /** The server's own words, for toasts that show "the server message". */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

export async function throwIfNotOk(response: Response) {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  throw new ApiError(response.status, body, text, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

/** Same-origin JSON call; the HttpOnly session cookie travels with it. Extra headers: e.g. Idempotency-Key. */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options: { headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** Query function for GETs; with `on401: 'null'` a signed-out reply is data, not an error. */
export function getJson<T>(url: string, options: { on401?: 'throw' | 'null' } = {}) {
  return async (): Promise<T | null> => {
    const response = await fetch(url, { credentials: 'include' });
    if (options.on401 === 'null' && response.status === 401) {
      // Read to its end: an unread reply stays an open request, and the page never goes network-idle.
      await response.arrayBuffer();
      return null;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
