// `vouch serve`'s HTTP side, on node:http: routes, the bearer token, the limits, and a graceful close. It decides
// nothing itself: each request is one job for the pool (jobs.ts), answered as `vouch hook` answers the agent.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { GUARD_RULES } from '../guard/index.js';
import { type Agent, FORMAT, refusal } from '../integrations/hooks.js';
import { isAgent, type Job, type JobAnswer } from './jobs.js';
import { JobFailedError, type Pool, QueueFullError } from './pool.js';
import { oneLine } from './run.js';

export interface ServerOptions {
  pool: Pool;
  /** The bearer token every request but `GET /healthz` must carry; none: only loopback hosts are answered. */
  token?: string;
  /** Listening on a unix socket: the socket's file mode is the access control, and there is no Host to check. */
  socket?: boolean;
  maxBodyBytes: number;
  /** Bytes of request bodies held at once, read or waiting; past it a request is refused as busy (503). */
  maxHeldBytes?: number;
  /** A client has this long to send its headers, and this long for the whole request. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Each verdict's record, as one JSON line (`--log`). */
  log?(line: string): void;
  /** What went wrong that no response can say (a worker lost). */
  warn?(message: string): void;
}

export interface VouchServer {
  server: Server;
  /** Stops accepting, answers every request already accepted, closes idle keep-alive connections, then the pool. */
  shutdown(graceMs?: number): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A host name that only this machine answers (the Host header of a request, or the address to bind). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || /^127(?:\.\d{1,3}){3}$/.test(h) || /^::ffff:127(?:\.\d{1,3}){3}$/.test(h);
}

/** The host part of a Host header (`127.0.0.1:7341`, `[::1]:7341`, `localhost`). */
function hostOf(header: string): string {
  const v6 = /^\[([^\]]*)\](?::\d+)?$/.exec(header);
  if (v6) return v6[1]!;
  return header.replace(/:\d+$/, '');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A bearer token check in constant time (both sides hashed, so their lengths never show either). */
export function tokenMatcher(token: string): (header: string | undefined) => boolean {
  const want = digest(token);
  return (header) => {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
    return timingSafeEqual(digest(m ? m[1]! : ''), want) && m !== null;
  };
}

type Route = { kind: 'hook'; agent: Agent } | { kind: 'analyze' } | { kind: 'decide' } | { kind: 'health' };

function routeOf(method: string, path: string): Route | { status: number; error: string; allow?: string } {
  if (path === '/healthz') return method === 'GET' || method === 'HEAD' ? { kind: 'health' } : { status: 405, error: 'use GET', allow: 'GET, HEAD' };
  let route: Route | undefined;
  const hook = /^\/hook\/([^/]+)$/.exec(path);
  if (hook) {
    const agent = decodeURIComponent(hook[1]!);
    if (!isAgent(agent)) return { status: 404, error: `no hook for agent '${agent}'` };
    route = { kind: 'hook', agent };
  } else if (path === '/v1/analyze') route = { kind: 'analyze' };
  else if (path === '/v1/decide') route = { kind: 'decide' };
  if (!route) return { status: 404, error: `no route ${path} (POST /hook/<agent>, /v1/analyze, /v1/decide; GET /healthz)` };
  return method === 'POST' ? route : { status: 405, error: 'use POST', allow: 'POST' };
}

export function createVouchServer(options: ServerOptions): VouchServer {
  const maxHeld = options.maxHeldBytes ?? Math.max(64 * 1024 * 1024, 4 * options.maxBodyBytes);
  const authorized = options.token === undefined ? undefined : tokenMatcher(options.token);
  let held = 0;
  let active = 0;
  let closing = false;
  let drained: (() => void) | undefined;

  const server = createServer({
    headersTimeout: options.headersTimeoutMs ?? 10_000,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    // How often the timeouts above are checked (Node's default, 30 s, would let a slow client linger that long).
    connectionsCheckingInterval: 1_000,
    keepAliveTimeout: 5_000,
    maxHeaderSize: 16 * 1024,
  });

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const h: Record<string, string | number> = { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body), ...headers };
    if (closing) h.connection = 'close';
    res.writeHead(status, h);
    res.end(body);
  }

  /** A refusal for this route: in the agent's shape for a hook (the agent reads the body), else `{error}`. */
  function refuse(res: ServerResponse, route: Route | undefined, status: number, reason: string, rule: string = GUARD_RULES.badInput, headers?: Record<string, string>): void {
    if (route?.kind === 'hook') send(res, status, refusal(FORMAT[route.agent], `vouch serve: ${reason}`, rule).stdout, headers);
    else send(res, status, `${JSON.stringify({ error: reason })}\n`, headers);
  }

  function finish(): void {
    active--;
    if (closing && active === 0) drained?.();
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    active++;
    res.on('close', finish);
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const found = routeOf(req.method ?? 'GET', path);
    const route = 'kind' in found ? found : undefined;
    // Without a token only this machine may ask, and only by a loopback name: a web page that rebinds its own
    // domain to 127.0.0.1 sends that domain in Host, and is refused here.
    if (!options.socket && authorized === undefined && !isLoopbackHost(hostOf(req.headers.host ?? ''))) {
      req.resume();
      refuse(res, route, 403, `requests must name a loopback host (Host: ${JSON.stringify(req.headers.host ?? '')})`);
      return;
    }
    if (route?.kind === 'health') {
      req.resume();
      send(res, 200, `${JSON.stringify({ ok: !closing, threads: options.pool.threads, queued: options.pool.queued, pid: process.pid })}\n`);
      return;
    }
    if (authorized !== undefined && !authorized(req.headers.authorization)) {
      req.resume();
      refuse(res, route, 401, 'missing or wrong bearer token', GUARD_RULES.badInput, { 'www-authenticate': 'Bearer' });
      return;
    }
    if (!route) {
      req.resume();
      const bad = found as { status: number; error: string; allow?: string };
      send(res, bad.status, `${JSON.stringify({ error: bad.error })}\n`, bad.allow ? { allow: bad.allow } : {});
      return;
    }
    if (closing) {
      req.resume();
      refuse(res, route, 503, 'the server is shutting down');
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
      tooLarge(res, route);
      return;
    }
    readBody(req, res, route);
  });

  /** 413, and the connection closed once it is sent: the rest of the body is never kept. */
  function tooLarge(res: ServerResponse, route: Route): void {
    refuse(res, route, 413, `the request body is larger than ${options.maxBodyBytes} bytes`, GUARD_RULES.badInput, { connection: 'close' });
  }

  function readBody(req: IncomingMessage, res: ServerResponse, route: Route): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const release = () => {
      held -= size;
      size = 0;
    };
    res.on('close', release);
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      held += chunk.length;
      if (size > options.maxBodyBytes) {
        done = true;
        chunks.length = 0;
        tooLarge(res, route);
      } else if (held > maxHeld) {
        done = true;
        chunks.length = 0;
        refuse(res, route, 503, 'too many requests are being read at once', GUARD_RULES.badInput, { connection: 'close' });
      } else chunks.push(chunk);
    });
    req.on('error', () => {
      done = true;
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      const body = Buffer.concat(chunks, size).toString('utf8');
      chunks.length = 0;
      const job: Job = route.kind === 'hook' ? { kind: 'hook', agent: route.agent, body } : { kind: route.kind as 'analyze' | 'decide', body };
      options.pool.run(job).then(
        (answer: JobAnswer) => {
          for (const r of answer.records) options.log?.(JSON.stringify(r));
          send(res, answer.status, answer.body);
        },
        (err: unknown) => {
          if (err instanceof QueueFullError) refuse(res, route, 503, `busy: ${err.message}`);
          else {
            if (!(err instanceof JobFailedError)) options.warn?.(`a request failed: ${oneLine(err)}`);
            // The same answer `vouch hook` gives when it cannot decide: a denial, with the reason.
            if (route.kind === 'hook') refuse(res, route, 200, `vouch could not decide this call: ${oneLine(err)}`, GUARD_RULES.internalError);
            else refuse(res, route, 500, `vouch could not answer: ${oneLine(err)}`);
          }
        },
      );
    });
  }

  async function shutdown(graceMs = 10_000): Promise<void> {
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (active > 0) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, graceMs).unref();
      });
    }
    server.closeAllConnections();
    await closed;
    await options.pool.close();
  }

  return { server, shutdown };
}
