import type { ErrorCode, ErrorResponse } from '../../contracts/errors.contract';

/** An error answer of the API, with its code, user-facing message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Every call carries this header; the server refuses state-changing calls without it (CSRF defence).
const CSRF_HEADER = { 'x-requested-with': 'haat' };

/**
 * The vendor the vendor dashboard acts for (the header's switcher): sent as X-Haat-Vendor with every
 * call of the vendor API, where the server checks the account's membership and role at each request.
 * Null: the account acts for itself (a vendor's owner).
 */
let actingVendorId: string | null = null;
export const setActingVendorId = (id: string | null) => {
  actingVendorId = id;
};
export const getActingVendorId = () => actingVendorId;
/** The headers that name the acting vendor, for a call of the vendor API (also the document downloads). */
export const vendorHeaders = (path: string): Record<string, string> =>
  actingVendorId && path.startsWith('/api/vendor') ? { 'x-haat-vendor': actingVendorId } : {};

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let res: Response;
  const headers = { ...CSRF_HEADER, ...vendorHeaders(path) };
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach Haat. Check your connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as ErrorResponse | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? 'INTERNAL',
      err?.message ?? 'Something went wrong. Please try again.',
      err?.fields,
    );
  }
  return data as T;
}

/** Typed calls to the Haat API; types come from `src/contracts/`. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** Builds a query string from defined values only. */
export function toQuery(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
