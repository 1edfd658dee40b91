// The soak's HTTP side: keep-alive connections to nginx, cookies per person, and a record of every
// answer by route (time, outcome, error kind, and whether it fell in the restart window).
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders; json<T>(): T };

/** One person's cookies (name to value), as a browser keeps them; path and expiry do not matter here. */
export class Jar {
  private readonly cookies = new Map<string, string>();

  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  take(setCookie: string[] | undefined): void {
    for (const c of setCookie ?? []) {
      const pair = c.split(';')[0];
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  }
}

/** What became of one request: answered as hoped, answered after one retry, refused as the scenario allows, or an error. */
export type Outcome = 'ok' | 'retried' | 'refused' | 'error';

export type RouteStats = {
  requests: number;
  ok: number;
  retried: number;
  refused: number;
  errors: number;
  times: number[];
};
export type ErrorKind = { route: string; kind: string; total: number; inRestart: number; example: string };

/** The restart window: from the SIGTERM until a few seconds after the process is ready again (open while it restarts). */
export type Window = { from: number; to: number | null };

/** Every answer of the run, by route and error kind. */
export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  readonly errors = new Map<string, ErrorKind>();
  /** Refusals the scenarios allow, by route and message. */
  readonly refusals = new Map<string, number>();
  /** Failures that a retry of the same GET then answered, by kind. */
  readonly retriedKinds = new Map<string, number>();
  window: Window | null = null;

  inWindow(start: number, end: number): boolean {
    const w = this.window;
    return w !== null && end >= w.from && (w.to === null || start <= w.to);
  }

  record(route: string, outcome: Outcome, a: { start: number; end: number; kind?: string; example?: string }): void {
    const r = this.routes.get(route) ?? { requests: 0, ok: 0, retried: 0, refused: 0, errors: 0, times: [] };
    this.routes.set(route, r);
    r.requests++;
    if (outcome === 'error') {
      r.errors++;
      const key = `${route}\u0000${a.kind}`;
      const e = this.errors.get(key) ?? {
        route,
        kind: a.kind ?? 'unknown',
        total: 0,
        inRestart: 0,
        example: a.example ?? '',
      };
      this.errors.set(key, e);
      e.total++;
      if (this.inWindow(a.start, a.end)) e.inRestart++;
      return;
    }
    r[outcome]++;
    if (outcome === 'refused')
      this.refusals.set(
        `${route}: ${a.kind} '${a.example}'`,
        (this.refusals.get(`${route}: ${a.kind} '${a.example}'`) ?? 0) + 1,
      );
    if (outcome === 'retried' && a.kind) this.retriedKinds.set(a.kind, (this.retriedKinds.get(a.kind) ?? 0) + 1);
    r.times.push(a.end - a.start);
  }
}

type Attempt = { answer: Answer } | { failure: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A status and its error code from the body, e.g. "503 UNAVAILABLE". */
function kindOf(a: Answer): { kind: string; example: string } {
  try {
    const body = a.json<{ error?: { code?: string; message?: string } }>();
    return {
      kind: `HTTP ${a.status}${body.error?.code ? ` ${body.error.code}` : ''}`,
      example: (body.error?.message ?? '').slice(0, 140),
    };
  } catch {
    return { kind: `HTTP ${a.status}`, example: a.body.toString('utf8').slice(0, 140).replace(/\s+/g, ' ') };
  }
}

/** Requests to one address over at most `connections` keep-alive connections, each recorded. */
export class Client {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    base: string,
    connections: number,
    private readonly recorder: Recorder,
  ) {
    this.url = new URL(base);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  close(): void {
    this.agent.destroy();
  }

  private attempt(method: string, path: string, o: { jar?: Jar; json?: unknown }): Promise<Attempt> {
    const body = o.json === undefined ? undefined : Buffer.from(JSON.stringify(o.json));
    const headers: http.OutgoingHttpHeaders = { 'accept-encoding': 'gzip', 'x-requested-with': 'haat' };
    const cookie = o.jar?.header();
    if (cookie) headers.cookie = cookie;
    // A POST without a body sends no content type, as the web client does (an empty JSON body is refused).
    if (body) headers['content-type'] = 'application/json';
    return new Promise((resolve) => {
      const req = http.request(
        { host: this.url.hostname, port: this.url.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => resolve({ failure: `network ${(e as NodeJS.ErrnoException).code ?? e.message}` }));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            o.jar?.take(res.headers['set-cookie']);
            let decoded: Buffer | null = null;
            const text = () => (decoded ??= res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw);
            resolve({
              answer: {
                status: res.statusCode ?? 0,
                body: raw,
                headers: res.headers,
                json: <T>() => JSON.parse(text().toString('utf8')) as T,
              },
            });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (e) => resolve({ failure: `network ${(e as NodeJS.ErrnoException).code ?? e.message}` }));
      req.end(body);
    });
  }

  /**
   * Sends one request and records it under `route`; answers the answer when it is 2xx or 304 (or a
   * status in `refusals`, which the scenario allows), else null. A GET that fails with a network
   * error, 502, 503 or 504 is tried once more, as a browser's reload would: answered then, it counts as retried.
   */
  async call(
    route: string,
    method: string,
    path: string,
    o: { jar?: Jar; json?: unknown; refusals?: number[] } = {},
  ): Promise<Answer | null> {
    const start = performance.now();
    let first = await this.attempt(method, path, o);
    let retriedFrom: string | undefined;
    const failed = (a: Attempt) => 'failure' in a || [502, 503, 504].includes(a.answer.status);
    if (method === 'GET' && failed(first)) {
      retriedFrom = 'failure' in first ? first.failure : kindOf(first.answer).kind;
      await sleep(200);
      first = await this.attempt(method, path, o);
    }
    const end = performance.now();
    if ('failure' in first) {
      this.recorder.record(route, 'error', { start, end, kind: first.failure, example: path });
      return null;
    }
    const a = first.answer;
    if ((a.status >= 200 && a.status < 300) || a.status === 304) {
      this.recorder.record(route, retriedFrom ? 'retried' : 'ok', { start, end, kind: retriedFrom });
      return a;
    }
    if (o.refusals?.includes(a.status)) {
      this.recorder.record(route, 'refused', { start, end, ...kindOf(a) });
      return null;
    }
    this.recorder.record(route, 'error', { start, end, ...kindOf(a) });
    return null;
  }
}
