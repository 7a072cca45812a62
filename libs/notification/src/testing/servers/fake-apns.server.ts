import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import * as http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { verifyJwt } from '../../utils/jwt.util.js';
import type { InjectedFailure } from './fake-provider-server.js';
import { listenOnLoopback, type FakeServerStartOptions } from './listen-on-loopback.util.js';
import { createSelfSignedCertificate } from './self-signed-certificate.js';

/** One notification the fake APNs received. */
export interface ApnsReceived {
  token: string;
  headers: http2.IncomingHttpHeaders;
  payload: any;
  jwt: { header: Record<string, any>; claims: Record<string, any>; valid: boolean };
  status: number;
  reason?: string;
  /** Which HTTP/2 connection carried it (1 = the first). */
  connection: number;
}

const PUSH_TYPES = new Set([
  'alert',
  'background',
  'voip',
  'complication',
  'fileprovider',
  'mdm',
  'location',
  'liveactivity',
  'pushtotalk',
]);

/**
 * APNs on 127.0.0.1 over HTTP/2 with TLS (a self-signed certificate made at
 * start). It checks what Apple checks: the ES256 provider token (`kid`, `iss`,
 * `iat` no older than an hour, signature against the key it generated), the
 * `apns-topic`, `apns-push-type`, `apns-priority`, `apns-expiration`, and the
 * payload (JSON with `aps`, at most 4 KB). Tokens in `deadTokens` answer 410
 * `Unregistered`.
 *
 * @example
 * const apns = await new FakeApnsServer().start();
 * // push backend: { driver: 'apns', apns: apns.driverConfig() }
 */
export class FakeApnsServer {
  readonly teamId = 'HERALDTEAM';
  readonly keyId = 'HERALDKEY1';
  readonly bundleId = 'dev.herald.app';
  /** PEM (PKCS#8) of the generated .p8 key; give it to the driver. */
  readonly privateKey: string;
  /** The self-signed certificate the client must trust (`apns.ca`). */
  readonly ca: string;
  readonly received: ApnsReceived[] = [];
  readonly deadTokens = new Set<string>();
  readonly idempotencyCounts = new Map<string, number>();
  delayMs = 0;
  /** HTTP/2 connections accepted so far. */
  connections = 0;
  /** When set, provider tokens issued before this (seconds) are `ExpiredProviderToken`. */
  expireTokensIssuedBefore?: number;
  private readonly publicKey: KeyObject;
  private readonly verified = new Map<string, ApnsReceived['jwt']>();
  private readonly tls: { key: string; cert: string };
  private server?: http2.Http2SecureServer;
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private readonly failures: Array<InjectedFailure & { left: number; reason?: string }> = [];

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.publicKey = pair.publicKey;
    this.tls = createSelfSignedCertificate();
    this.ca = this.tls.cert;
  }

  /** Starts listening on 127.0.0.1, on `options.port` or (default) a free port. */
  async start(options: FakeServerStartOptions = {}): Promise<this> {
    const server = http2.createSecureServer({
      key: this.tls.key,
      cert: this.tls.cert,
      settings: { maxConcurrentStreams: 1000 },
    });
    server.on('session', (session) => {
      this.connections++;
      (session as any).heraldConnection = this.connections;
      this.sessions.add(session);
      session.on('close', () => this.sessions.delete(session));
    });
    // a client that cancels a stream (timeouts) must not crash the fake
    server.on('stream', (stream, headers) =>
      this.onStream(stream, headers).catch(() => stream.destroy()),
    );
    await listenOnLoopback(server, options, 'FakeApnsServer');
    this.server = server;
    return this;
  }

  get url(): string {
    if (!this.server) throw new Error('FakeApnsServer is not started; await start() first');
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The `apns` sub-object of a push backend pointing at this server. */
  driverConfig(): Record<string, unknown> {
    return {
      teamId: this.teamId,
      keyId: this.keyId,
      privateKey: this.privateKey,
      bundleId: this.bundleId,
      baseUrl: this.url,
      ca: this.ca,
    };
  }

  /** Next matching request(s) answer `status` with `{ reason }` (default reason from the status). */
  failNext(failure: (InjectedFailure & { reason?: string }) | number): this {
    const f = typeof failure === 'number' ? { status: failure } : failure;
    this.failures.push({ ...f, left: f.times ?? 1 });
    return this;
  }

  /** HTTP/2 connections open right now (a closed client leaves none). */
  get openConnections(): number {
    return this.sessions.size;
  }

  /** Closes every open connection (the client must reconnect). */
  dropConnections(): void {
    for (const s of this.sessions) s.destroy();
  }

  reset(): void {
    this.received.length = 0;
    this.idempotencyCounts.clear();
    this.failures.length = 0;
    this.delayMs = 0;
    this.expireTokensIssuedBefore = undefined;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sessions) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async onStream(
    stream: http2.ServerHttp2Stream,
    headers: http2.IncomingHttpHeaders,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const token = decodeURIComponent(String(headers[':path'] ?? '').replace(/^\/3\/device\//, ''));
    const auth = /^bearer (.+)$/i.exec(String(headers.authorization ?? ''))?.[1] ?? '';
    // like APNs, verify a provider token once and trust it for its lifetime
    const jwt = this.verified.get(auth) ?? verifyJwt(auth, this.publicKey);
    if (jwt.valid && !this.verified.has(auth)) {
      if (this.verified.size > 100) this.verified.clear();
      this.verified.set(auth, jwt);
    }
    let payload: any;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      payload = undefined;
    }
    const apnsId = typeof headers['apns-id'] === 'string' ? headers['apns-id'] : undefined;
    if (apnsId) this.idempotencyCounts.set(apnsId, (this.idempotencyCounts.get(apnsId) ?? 0) + 1);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const entry: ApnsReceived = {
      token,
      headers,
      payload,
      jwt,
      status: 200,
      connection: (stream.session as any)?.heraldConnection ?? 0,
    };
    const injected = this.takeFailure(entry);
    const [status, reason] = injected ?? this.check(headers, token, jwt, payload, raw.length);
    entry.status = status;
    entry.reason = reason;
    this.received.push(entry);
    if (stream.destroyed || stream.closed) return;
    const id = apnsId ?? randomUUID().toUpperCase();
    const extra: Record<string, string> = {};
    const retry = injected && this.lastRetryAfter;
    if (retry) extra['retry-after'] = retry;
    if (status === 200) {
      stream.respond({ ':status': 200, 'apns-id': id });
      stream.end();
    } else {
      stream.respond({
        ':status': status,
        'apns-id': id,
        'content-type': 'application/json',
        ...extra,
      });
      stream.end(JSON.stringify(status === 410 ? { reason, timestamp: Date.now() } : { reason }));
    }
  }

  private lastRetryAfter?: string;

  private takeFailure(entry: ApnsReceived): [number, string] | undefined {
    const index = this.failures.findIndex(
      (f) => !f.match || f.match({ path: `/3/device/${entry.token}` } as any),
    );
    if (index < 0) return undefined;
    const f = this.failures[index];
    if (--f.left <= 0) this.failures.splice(index, 1);
    this.lastRetryAfter = f.headers?.['retry-after'] ?? f.headers?.['Retry-After'];
    const status = f.status ?? 500;
    const reasons: Record<number, string> = {
      400: 'BadDeviceToken',
      403: 'InvalidProviderToken',
      410: 'Unregistered',
      413: 'PayloadTooLarge',
      429: 'TooManyRequests',
      500: 'InternalServerError',
      503: 'ServiceUnavailable',
    };
    return [status, f.reason ?? reasons[status] ?? 'InternalServerError'];
  }

  private check(
    headers: http2.IncomingHttpHeaders,
    token: string,
    jwt: ApnsReceived['jwt'],
    payload: any,
    size: number,
  ): [number, string?] {
    if (headers[':method'] !== 'POST' || !String(headers[':path']).startsWith('/3/device/'))
      return [405, 'MethodNotAllowed'];
    if (!headers.authorization) return [403, 'MissingProviderToken'];
    const now = Math.floor(Date.now() / 1000);
    if (
      !jwt.valid ||
      jwt.header.alg !== 'ES256' ||
      jwt.header.kid !== this.keyId ||
      jwt.claims.iss !== this.teamId
    )
      return [403, 'InvalidProviderToken'];
    if (
      typeof jwt.claims.iat !== 'number' ||
      now - jwt.claims.iat > 3600 ||
      (this.expireTokensIssuedBefore !== undefined &&
        jwt.claims.iat < this.expireTokensIssuedBefore)
    ) {
      return [403, 'ExpiredProviderToken'];
    }
    if (headers['apns-topic'] !== this.bundleId)
      return [400, headers['apns-topic'] ? 'DeviceTokenNotForTopic' : 'MissingTopic'];
    const pushType = headers['apns-push-type'];
    if (pushType !== undefined && !PUSH_TYPES.has(String(pushType)))
      return [400, 'InvalidPushType'];
    const priority = headers['apns-priority'];
    if (priority !== undefined && !['5', '10', '1'].includes(String(priority)))
      return [400, 'BadPriority'];
    if (pushType === 'background' && priority === '10') return [400, 'BadPriority'];
    const expiration = headers['apns-expiration'];
    if (expiration !== undefined && !/^\d+$/.test(String(expiration)))
      return [400, 'BadExpirationDate'];
    const collapse = headers['apns-collapse-id'];
    if (collapse !== undefined && Buffer.byteLength(String(collapse)) > 64)
      return [400, 'BadCollapseId'];
    if (!/^[0-9a-fA-F]{64}$/.test(token) && !/^[0-9a-zA-Z_-]{8,200}$/.test(token))
      return [400, 'BadDeviceToken'];
    if (size > 4096) return [413, 'PayloadTooLarge'];
    if (!payload || typeof payload.aps !== 'object') return [400, 'PayloadEmpty'];
    if (this.deadTokens.has(token)) return [410, 'Unregistered'];
    return [200];
  }
}
