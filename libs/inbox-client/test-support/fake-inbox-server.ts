import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-memory server of the inbox contract (docs/inbox-contract.md): the
 * routes under `/admin/notifications` and the live stream, with bearer tokens
 * it issues itself, and switches for what a client must survive: a dropped
 * stream, a 503, a restart (a new instance: the replay buffer is gone, the
 * messages are kept as a database keeps them), a refused token.
 *
 * @example
 * const server = await FakeInboxServer.start();
 * const client = new HeraldInboxClient({ baseUrl: server.baseUrl, token: () => server.token('ada') });
 * server.send('ada', { title: 'Hello' });
 * await server.close();
 */

export type Severity = 'low' | 'normal' | 'high' | 'critical';

export interface StoredMessage {
  id: string;
  userId: string;
  title: string;
  body: string;
  category: string | null;
  actionUrl: string | null;
  data: Record<string, unknown> | null;
  readAt: Date | null;
  seenAt: Date | null;
  archivedAt: Date | null;
  snoozedUntil: Date | null;
  tags: string[];
  severity: Severity;
  actions: Array<{ label: string; url?: string; actionId?: string }>;
  createdAt: Date;
  expiresAt: Date;
}

export interface SendInput {
  title: string;
  body?: string;
  category?: string;
  actionUrl?: string;
  data?: Record<string, unknown>;
  tags?: string[];
  severity?: Severity;
  actions?: Array<{ label: string; url?: string; actionId?: string }>;
  createdAt?: Date;
}

interface Filter {
  status?: 'inbox' | 'archived' | 'snoozed' | 'all';
  read?: boolean;
  seen?: boolean;
  tags?: string[];
  severity?: Severity[];
}

interface StreamEvent {
  id: string;
  userId: string;
  type: string;
  data: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeInboxServerOptions {
  /** Events kept for `Last-Event-ID` replay (all users together). @default 100 */
  replay?: number;
  /** Heartbeat comment interval; 0 sends none. @default 0 */
  heartbeatMs?: number;
  /** Port to listen on. @default a free one */
  port?: number;
}

const STATUSES = ['inbox', 'archived', 'snoozed', 'all'];
const SEVERITIES = ['low', 'normal', 'high', 'critical'];
const BASE = '/admin/notifications';

class BadRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class FakeInboxServer {
  /** Every request, oldest first. */
  readonly requests: RecordedRequest[] = [];
  /** Action ids run: `{ userId, messageId, actionId }`. */
  readonly actionsRun: Array<{ userId: string; messageId: string; actionId: string }> = [];
  /** When set, a request without `Authorization` belongs to this user (the app's own session). */
  sessionUser?: string;
  private readonly messages = new Map<string, StoredMessage>();
  private readonly tokens = new Map<string, string>();
  private readonly prefs = new Map<string, Map<string, boolean>>();
  private readonly streams = new Set<{ userId: string; res: ServerResponse }>();
  private readonly failures: Array<{
    status: number;
    match: (method: string, path: string) => boolean;
  }> = [];
  private events: StreamEvent[] = [];
  private instance = randomBytes(3).toString('hex');
  private seq = 0;
  private server!: Server;
  private port = 0;

  private constructor(private readonly options: FakeInboxServerOptions) {}

  static async start(options: FakeInboxServerOptions = {}): Promise<FakeInboxServer> {
    const fake = new FakeInboxServer(options);
    await fake.listen(options.port ?? 0);
    return fake;
  }

  /** `http://127.0.0.1:<port>/admin/notifications`: the client's `baseUrl`. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}${BASE}`;
  }

  /** A bearer token for `userId`, valid until `revoke()`. */
  token(userId: string): string {
    const token = `t_${randomBytes(9).toString('base64url')}`;
    this.tokens.set(token, userId);
    return token;
  }

  revoke(token?: string): void {
    if (token) this.tokens.delete(token);
    else this.tokens.clear();
  }

  /** The next `count` requests that `match` answer `status` (a 503 of a restart, a 500, ...). */
  failNext(
    count: number,
    status: number,
    match: (method: string, path: string) => boolean = () => true,
  ): void {
    for (let i = 0; i < count; i++) this.failures.push({ status, match });
  }

  /** Delivers a message to `userId`, live to their open streams. */
  send(userId: string, input: SendInput): StoredMessage {
    const createdAt = input.createdAt ?? new Date();
    const message: StoredMessage = {
      id: randomUUID(),
      userId,
      title: input.title,
      body: input.body ?? '',
      category: input.category ?? null,
      actionUrl: input.actionUrl ?? null,
      data: input.data ?? null,
      readAt: null,
      seenAt: null,
      archivedAt: null,
      snoozedUntil: null,
      tags: input.tags ?? [],
      severity: input.severity ?? 'normal',
      actions: input.actions ?? [],
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * 86_400_000),
    };
    this.messages.set(message.id, message);
    this.publish(userId, 'inbox.sent', json(message));
    return message;
  }

  /** What the store holds for `userId` (changes here are not streamed). */
  stored(userId: string): StoredMessage[] {
    return [...this.messages.values()].filter((m) => m.userId === userId);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** Ends every open stream from the server's side (a proxy timeout, a deploy). */
  dropStreams(): void {
    for (const s of this.streams) s.res.end();
    this.streams.clear();
  }

  /** Stops, and listens again on the same port as a new instance: no replay of what came before. */
  async restart(between?: () => void | Promise<void>): Promise<void> {
    await this.stop();
    this.events = [];
    this.seq = 0;
    this.instance = randomBytes(3).toString('hex');
    await between?.();
    await this.listen(this.port);
  }

  close(): Promise<void> {
    return this.stop();
  }

  private stop(): Promise<void> {
    this.dropStreams();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private listen(port: number): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private publish(userId: string, type: string, data: unknown): void {
    const event = { id: `${this.instance}-${++this.seq}`, userId, type, data };
    this.events.push(event);
    if (this.events.length > (this.options.replay ?? 100)) this.events.shift();
    for (const s of this.streams) if (s.userId === userId) s.res.write(frame(event));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    let body: unknown;
    try {
      const raw = await readBody(req);
      this.requests.push({
        method,
        path: url.pathname + url.search,
        headers: req.headers,
        body: raw,
      });
      body = raw ? JSON.parse(raw) : undefined;
      this.requests[this.requests.length - 1].body = body;
      const failure = this.failures.findIndex((f) => f.match(method, url.pathname));
      if (failure >= 0) {
        const [{ status }] = this.failures.splice(failure, 1);
        return send(res, status, { statusCode: status, message: 'injected failure' });
      }
      if (!url.pathname.startsWith(`${BASE}/`)) throw new BadRequest(404, 'not found');
      const userId = this.user(req, url);
      const route = url.pathname.slice(BASE.length + 1);
      if (method === 'GET' && route === 'stream') return this.stream(req, res, url, userId);
      send(res, 200, this.route(method, route, url.searchParams, body, userId));
    } catch (error) {
      const status =
        error instanceof BadRequest ? error.status : error instanceof SyntaxError ? 400 : 500;
      send(res, status, { statusCode: status, message: (error as Error).message });
    }
  }

  private user(req: IncomingMessage, url: URL): string {
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : url.searchParams.get('token');
    if (token) {
      const user = this.tokens.get(token);
      if (!user) throw new BadRequest(401, 'the token is not valid');
      return user;
    }
    if (this.sessionUser) return this.sessionUser;
    throw new BadRequest(401, 'sign in first');
  }

  private route(
    method: string,
    route: string,
    query: URLSearchParams,
    body: unknown,
    userId: string,
  ): unknown {
    const b = (body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && route === 'inbox') return this.inbox(userId, query);
    if (method === 'POST' && route === 'counts') {
      const tabs = b.tabs as Record<string, unknown> | undefined;
      if (!tabs || typeof tabs !== 'object') throw new BadRequest(400, 'tabs must be an object');
      const ids = Object.keys(tabs);
      if (ids.length > 20) throw new BadRequest(400, 'tabs: at most 20 tabs');
      return {
        counts: Object.fromEntries(
          ids.map((id) => [id, this.count(userId, filterOf(tabs[id], `tabs.${id}`))]),
        ),
      };
    }
    if (method === 'GET' && route === 'preferences') return { topics: this.topics(userId) };
    if (method === 'PUT' && route === 'preferences') return this.setPreference(userId, b);
    const bulk = /^bulk\/(seen|read|archive)$/.exec(route);
    if (method === 'POST' && bulk) {
      const filter = filterOf(b.filter, 'filter');
      const field = bulk[1] === 'seen' ? 'seenAt' : bulk[1] === 'read' ? 'readAt' : 'archivedAt';
      const now = new Date();
      let changed = 0;
      for (const m of this.stored(userId)) {
        if (m[field] || !matches(filter, m, now.getTime())) continue;
        m[field] = now;
        if (field === 'readAt') m.seenAt ??= now;
        changed++;
      }
      const change = bulk[1] === 'archive' ? 'archived' : bulk[1];
      if (changed) this.publish(userId, 'inbox.updated', { change, count: changed });
      return { changed, ...this.badge(userId) };
    }
    const one = /^messages\/([^/]+)(?:\/([a-z]+)(?:\/([^/]+))?)?$/.exec(route);
    if (!one) throw new BadRequest(404, `no route ${method} ${route}`);
    const id = decodeURIComponent(one[1]);
    const message = this.messages.get(id);
    if (!message || message.userId !== userId) throw new BadRequest(404, `message ${id} not found`);
    if (method === 'DELETE' && !one[2]) {
      this.messages.delete(id);
      this.publish(userId, 'inbox.deleted', { message_id: id });
      return { message_id: id, deleted: true, ...this.badge(userId) };
    }
    if (method !== 'POST') throw new BadRequest(404, `no route ${method} ${route}`);
    if (one[2] === 'actions' && one[3]) {
      const actionId = decodeURIComponent(one[3]);
      if (!message.actions.some((a) => a.actionId === actionId))
        throw new BadRequest(404, `message ${id} has no action ${actionId}`);
      this.actionsRun.push({ userId, messageId: id, actionId });
      return { message_id: id, action_id: actionId, done: true };
    }
    const now = new Date();
    let change: string;
    let changed: boolean;
    switch (one[2]) {
      case 'seen':
        changed = !message.seenAt;
        message.seenAt ??= now;
        change = 'seen';
        break;
      case 'read':
        changed = !message.readAt;
        message.readAt ??= now;
        message.seenAt ??= now;
        change = 'read';
        break;
      case 'unread':
        changed = !!message.readAt;
        message.readAt = null;
        change = 'unread';
        break;
      case 'archive':
        changed = !message.archivedAt;
        message.archivedAt ??= now;
        change = 'archived';
        break;
      case 'unarchive':
        changed = !!message.archivedAt;
        message.archivedAt = null;
        change = 'unarchived';
        break;
      case 'snooze': {
        const until = typeof b.until === 'string' ? new Date(b.until) : new Date(NaN);
        if (!(until.getTime() > now.getTime()))
          throw new BadRequest(400, 'until must be an ISO-8601 time in the future');
        message.snoozedUntil = until;
        changed = true;
        change = 'snoozed';
        break;
      }
      case 'unsnooze':
        changed = !!message.snoozedUntil;
        message.snoozedUntil = null;
        change = 'unsnoozed';
        break;
      default:
        throw new BadRequest(404, `no route ${method} ${route}`);
    }
    if (changed) this.publish(userId, 'inbox.updated', { message_id: id, change });
    return { message: json(message), changed, ...this.badge(userId) };
  }

  private inbox(userId: string, q: URLSearchParams): unknown {
    const limit = q.has('limit') ? Number(q.get('limit')) : 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new BadRequest(400, 'limit must be an integer from 1 to 100');
    const bool = (name: string) => {
      const v = q.get(name);
      if (v === null) return undefined;
      if (v !== 'true' && v !== 'false') throw new BadRequest(400, `${name} must be true or false`);
      return v === 'true';
    };
    const list = (name: string) => q.get(name)?.split(',').filter(Boolean);
    const filter = filterOf(
      {
        status: q.get('status') ?? undefined,
        read: q.get('unread_only') === 'true' ? false : bool('read'),
        seen: bool('seen'),
        tags: list('tags'),
        severity: list('severity'),
      },
      'query',
    );
    const now = Date.now();
    const all = this.stored(userId)
      .filter((m) => matches(filter, m, now))
      .sort((a, b) => listedAt(b, now) - listedAt(a, now) || (a.id < b.id ? 1 : -1));
    const offset = q.has('cursor')
      ? Number(Buffer.from(q.get('cursor')!, 'base64url').toString())
      : 0;
    if (!Number.isInteger(offset) || offset < 0) throw new BadRequest(400, 'cursor is not valid');
    const page = all.slice(offset, offset + limit);
    const next =
      offset + limit < all.length
        ? Buffer.from(String(offset + limit)).toString('base64url')
        : undefined;
    return {
      ...this.badge(userId),
      notifications: page.map(json),
      ...(next ? { next_cursor: next } : {}),
    };
  }

  private count(userId: string, filter: Filter): { unread: number; unseen: number; total: number } {
    const now = Date.now();
    const list = this.stored(userId).filter((m) => matches(filter, m, now));
    return {
      unread: list.filter((m) => !m.readAt).length,
      unseen: list.filter((m) => !m.seenAt).length,
      total: list.length,
    };
  }

  private badge(userId: string): { unread_count: number; unseen_count: number } {
    const c = this.count(userId, {});
    return { unread_count: c.unread, unseen_count: c.unseen };
  }

  private topics(userId: string) {
    const off = this.prefs.get(userId) ?? new Map<string, boolean>();
    return TOPICS.map((t) => ({
      ...t,
      channels: CHANNELS.map((channel) => ({
        channel,
        enabled: off.get(`${t.category}/${channel}`) ?? true,
      })),
    }));
  }

  private setPreference(userId: string, b: Record<string, unknown>): unknown {
    const { category, channel, enabled } = b;
    if (!TOPICS.some((t) => t.category === category))
      throw new BadRequest(
        400,
        `category must be one of ${TOPICS.map((t) => t.category).join(', ')}`,
      );
    if (!CHANNELS.includes(channel as string))
      throw new BadRequest(400, `channel must be one of ${CHANNELS.join(', ')}`);
    if (typeof enabled !== 'boolean') throw new BadRequest(400, 'enabled must be true or false');
    if (!this.prefs.has(userId)) this.prefs.set(userId, new Map());
    this.prefs.get(userId)!.set(`${category}/${channel}`, enabled);
    return { category, channel, enabled };
  }

  private stream(req: IncomingMessage, res: ServerResponse, url: URL, userId: string): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    res.write('retry: 2000\n\n');
    const last = String(req.headers['last-event-id'] ?? url.searchParams.get('lastEventId') ?? '');
    const mine = this.events.filter((e) => e.userId === userId);
    const at = last ? mine.findIndex((e) => e.id === last) : -1;
    if (at >= 0) mine.slice(at + 1).forEach((e) => res.write(frame(e)));
    else res.write(`event: sync\ndata: ${JSON.stringify(this.badge(userId))}\n\n`);
    const entry = { userId, res };
    this.streams.add(entry);
    const beat = this.options.heartbeatMs
      ? setInterval(() => res.write(': heartbeat\n\n'), this.options.heartbeatMs)
      : undefined;
    res.on('close', () => {
      clearInterval(beat);
      this.streams.delete(entry);
    });
  }
}

const TOPICS = [
  { category: 'billing', label: 'Billing' },
  { category: 'security', label: 'Security' },
];
const CHANNELS = ['email', 'sms', 'inbox'];

function frame(e: StreamEvent): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function filterOf(raw: unknown, field: string): Filter {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new BadRequest(400, `${field} must be an object`);
  const f = raw as Record<string, unknown>;
  if (f.status !== undefined && !STATUSES.includes(f.status as string))
    throw new BadRequest(400, `${field}.status must be one of ${STATUSES.join(', ')}`);
  for (const key of ['read', 'seen'])
    if (f[key] !== undefined && typeof f[key] !== 'boolean')
      throw new BadRequest(400, `${field}.${key} must be true or false`);
  if (
    f.tags !== undefined &&
    !(Array.isArray(f.tags) && f.tags.every((t) => typeof t === 'string'))
  )
    throw new BadRequest(400, `${field}.tags must be a list of strings`);
  if (
    f.severity !== undefined &&
    !(Array.isArray(f.severity) && f.severity.every((s) => SEVERITIES.includes(s as string)))
  )
    throw new BadRequest(400, `${field}.severity must list ${SEVERITIES.join(', ')}`);
  return f as Filter;
}

function matches(f: Filter, m: StoredMessage, now: number): boolean {
  const snoozed = !!m.snoozedUntil && m.snoozedUntil.getTime() > now;
  const status = f.status ?? 'inbox';
  if (status === 'inbox' && (m.archivedAt || snoozed)) return false;
  if (status === 'archived' && !m.archivedAt) return false;
  if (status === 'snoozed' && !snoozed) return false;
  if (f.read !== undefined && !!m.readAt !== f.read) return false;
  if (f.seen !== undefined && !!m.seenAt !== f.seen) return false;
  if (f.tags?.length && !f.tags.some((t) => m.tags.includes(t))) return false;
  return !f.severity?.length || f.severity.includes(m.severity);
}

function listedAt(m: StoredMessage, now: number): number {
  const end = m.snoozedUntil?.getTime();
  return end !== undefined && end <= now
    ? Math.max(end, m.createdAt.getTime())
    : m.createdAt.getTime();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The contract's `MessageJson`. */
export function json(m: StoredMessage): Record<string, unknown> {
  return {
    id: m.id,
    user_id: m.userId,
    title: m.title,
    body: m.body,
    category: m.category,
    action_url: m.actionUrl,
    data: m.data,
    read: !!m.readAt,
    read_at: iso(m.readAt),
    seen: !!m.seenAt,
    seen_at: iso(m.seenAt),
    archived: !!m.archivedAt,
    archived_at: iso(m.archivedAt),
    snoozed_until: iso(m.snoozedUntil),
    tags: m.tags,
    severity: m.severity,
    actions: m.actions.map((a) => ({
      label: a.label,
      ...(a.url ? { url: a.url } : {}),
      ...(a.actionId ? { action_id: a.actionId } : {}),
    })),
    created_at: m.createdAt.toISOString(),
    expires_at: m.expiresAt.toISOString(),
  };
}
