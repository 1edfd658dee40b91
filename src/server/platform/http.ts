import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contracts/errors.contract';
import { AppError } from './app-error';
import type { Config } from './config';

/** The header that carries the request id, in (from a trusted proxy) and out (always). */
export const REQUEST_ID_HEADER = 'x-request-id';

type Body = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; totalPaise?: number; requestId: string };
};

/** An error answer's body: the request id joins every one, so a user's report can be found in the log. */
export function errorBody(req: FastifyRequest, error: Omit<Body['error'], 'requestId'>): Body {
  return { error: { ...error, requestId: req.id } };
}

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
const BAD_CHARACTERS = 'Some text contains a character that is not allowed. Please remove it and try again.';

// PostgreSQL cannot store some text (a NUL character): 22021 and 22P05, on the driver's error or the ORM's cause.
// installInputGuard refuses NUL up front; this is the backstop for text that reaches SQL another way.
const TEXT_NOT_STORABLE = new Set(['22021', '22P05']);
function isUnstorableText(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (TEXT_NOT_STORABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** The one error handler: AppError, validation and Fastify errors become `{ error: { code, message, fields? } }`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(
        errorBody(req, {
          code: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.totalPaise !== undefined ? { totalPaise: err.totalPaise } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') ||
          'body';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Please check the form and try again.';
      return reply.status(400).send(errorBody(req, { code: 'VALIDATION_FAILED', message: first, fields }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its contract');
      return reply.status(500).send(errorBody(req, { code: 'INTERNAL', message: GENERIC_500 }));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(
          errorBody(req, { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' }),
        );
    }
    if (status === 413) {
      return reply
        .status(413)
        .send(errorBody(req, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): safe to describe.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type.'
          : err.code?.startsWith('FST_ERR_CTP')
            ? 'The request body is not valid JSON.'
            : 'The request is not valid.';
      return reply
        .status(status === 404 ? 404 : 400)
        .send(errorBody(req, { code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', message }));
    }
    if (isUnstorableText(err)) {
      return reply.status(400).send(errorBody(req, { code: 'VALIDATION_FAILED', message: BAD_CHARACTERS }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(req, { code: 'INTERNAL', message: GENERIC_500 }));
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_SITE_MESSAGE = 'This request was blocked for your security. Please reload the page and try again.';

/** True when the request says it comes from another site: `Sec-Fetch-Site: cross-site`, or an Origin whose host is not ours. */
function isCrossSite(req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    // `null` (a sandboxed frame, a redirect across sites) is not a URL and is refused too.
    return new URL(origin).host.toLowerCase() !== req.host.toLowerCase();
  } catch {
    return true;
  }
}

/**
 * The API route a request reached: the pattern the router matched (`/api/orders/:id`), so that
 * another spelling of the same path (`/%61pi/orders/...`) is the same route. Null when no route matched.
 */
export function matchedRoute(req: FastifyRequest): string | null {
  return req.routeOptions.url ?? null;
}

/**
 * CSRF defence for cookie sessions: state-changing calls must carry `x-requested-with: haat`,
 * a header a cross-site form cannot send and a cross-site script cannot add without CORS approval,
 * and must not name another site as their origin (defence in depth, should CORS ever be opened).
 * The check looks at the route the router matched, never the raw address, and covers every
 * state-changing request, unmatched ones too (they can only answer 404 after it). `exempt` names
 * route patterns (webhooks, signed by their sender instead), compared whole.
 */
export function installCsrfCheck(app: FastifyInstance, exempt: string[] = []): void {
  const exempted = new Set(exempt);
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const route = matchedRoute(req);
    if (route !== null && exempted.has(route)) return;
    if (req.headers['x-requested-with'] !== 'haat' || isCrossSite(req)) {
      throw new AppError('CSRF_REJECTED', CROSS_SITE_MESSAGE);
    }
  });
}

/** True when a string anywhere in `value` (keys included) holds a NUL character. */
function containsNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses NUL characters in the body, query and path of API calls with a 400: PostgreSQL text
 * cannot hold them, so they would otherwise fail deep in a query as a 500.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.body) || containsNul(req.query) || containsNul(req.params)) {
      throw new AppError('VALIDATION_FAILED', BAD_CHARACTERS);
    }
  });
}

/** Fastify's own routing errors (a malformed address such as `/%`) in the API's error format. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  // Answered before any hook runs: the request id header and the log line are written here too.
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, req.id)
    .send(errorBody(req, { code: 'VALIDATION_FAILED', message: 'The address is not valid.' }));
  logRequest(req, reply);
}

// What we accept from a proxy as a request id: short, and nothing that could forge a log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/**
 * Fastify's genReqId: a random UUID, or the `x-request-id` a trusted proxy sent (TRUST_PROXY set)
 * when it is sane, so that one id follows the request through the proxy's log and ours.
 */
export function requestIdGenerator(trustProxy: Config['TRUST_PROXY']): (req: IncomingMessage) => string {
  return (req) => {
    const incoming = trustProxy === false ? undefined : req.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}

/**
 * One log line per request (Fastify's own pair of lines is turned off with disableRequestLogging):
 * method, matched route pattern (never the raw URL, which may carry tokens), status, duration and
 * who called; the request id is in every line of the request (`requestId`) and in the answer's
 * `x-request-id` header.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onResponse', async (req, reply) => logRequest(req, reply));
}

function logRequest(req: FastifyRequest, reply: FastifyReply): void {
  req.log.info(
    {
      method: req.method,
      route: matchedRoute(req),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(req.user ? { userId: req.user.id } : {}),
      ...(req.admin ? { adminId: req.admin.id } : {}),
    },
    'request',
  );
}

/** Answers a CSV download named `fileName`: UTF-8 with a byte order mark (so spreadsheets read ₹ and Indian names), never cached. */
export function sendCsvFile(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(`\ufeff${csv}`);
}
