import { randomBytes } from 'node:crypto';
import type { OtlpReceiver } from '../helpers/otlp-receiver.js';
import type { FeatureName } from './consumer-variants.js';

/** One HTTP check of the running consumer app. */
export interface ProbeResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** What the probes can reach: the app's URL, its log so far, the OTLP receiver. */
export interface ProbeContext {
  url: string;
  log: () => string;
  receiver: OtlpReceiver;
  features: FeatureName[];
}

type Probe = (ctx: ProbeContext) => Promise<string>;

class ProbeFailure extends Error {}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ProbeFailure(message);
}

async function http(
  ctx: ProbeContext,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; type: string; text: string; json: () => any }> {
  const res = await fetch(`${ctx.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json: () => JSON.parse(text),
  };
}

const metrics: Probe = async (ctx) => {
  const ping = await http(ctx, 'GET', '/ping');
  expect(ping.status === 200, `GET /ping answered ${ping.status}: ${ping.text}`);
  const res = await http(ctx, 'GET', '/metrics');
  expect(res.status === 200, `GET /metrics answered ${res.status}: ${res.text.slice(0, 200)}`);
  expect(
    res.type.startsWith('text/plain') && res.type.includes('version=0.0.4'),
    `GET /metrics content-type is "${res.type}", expected Prometheus text 0.0.4`,
  );
  expect(
    res.text.includes('# TYPE consumer_pings_total counter') &&
      /^consumer_pings_total\{route="ping"\} 1$/m.test(res.text),
    `/metrics lacks consumer_pings_total{route="ping"} 1:\n${res.text.slice(0, 600)}`,
  );
  expect(
    /^process_cpu_user_seconds_total /m.test(res.text),
    '/metrics lacks the Node runtime metrics (process_cpu_user_seconds_total)',
  );
  return `Prometheus text, ${res.text.split('\n').filter((l) => l.startsWith('# TYPE')).length} families`;
};

const health: Probe = async (ctx) => {
  const res = await http(ctx, 'GET', '/health');
  expect(res.status === 200, `GET /health answered ${res.status}: ${res.text}`);
  const body = res.json();
  expect(body.status === 'healthy', `GET /health status is ${JSON.stringify(body.status)}`);
  const names = JSON.stringify(body.checks ?? {});
  expect(names.includes('event_loop'), `GET /health lists no event_loop check: ${res.text}`);
  const ready = await http(ctx, 'GET', '/health/ready');
  expect(
    ready.status === 200 && Object.keys(ready.json().checks ?? {}).includes('event_loop'),
    `GET /health/ready answered ${ready.status}: ${ready.text}`,
  );
  const live = await http(ctx, 'GET', '/health/live');
  expect(live.status === 200, `GET /health/live answered ${live.status}: ${live.text}`);
  return `200 ${body.status}; /health/ready and /health/live 200 (examples/health.controller.ts)`;
};

const tracing: Probe = async (ctx) => {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  const res = await http(ctx, 'GET', '/orders/42', {
    headers: { traceparent: `00-${traceId}-${parentId}-01` },
  });
  expect(
    res.status === 200 && res.json().id === '42',
    `GET /orders/42 answered ${res.status}: ${res.text}`,
  );
  const find = () =>
    ctx.receiver.spans().find((s) => s.traceId === traceId && s.name === 'OrdersService.find');
  const server = () =>
    ctx.receiver.spans().find((s) => s.traceId === traceId && s.parentSpanId === parentId);
  await ctx.receiver.waitFor(() => Boolean(find() && server()), 20_000).catch(() => undefined);
  const spans = ctx.receiver.spans();
  expect(
    find(),
    `no OrdersService.find span of trace ${traceId} reached the OTLP receiver (got ${spans.length} spans: ${spans.map((s) => s.name).join(', ')})`,
  );
  expect(server(), `no span of trace ${traceId} has the incoming span ${parentId} as parent`);
  expect(
    find()!.parentSpanId === server()!.spanId,
    `OrdersService.find's parent is ${find()!.parentSpanId}, expected the request span ${server()!.spanId} (${server()!.name})`,
  );
  return `trace ${traceId.slice(0, 8)}…: ${server()!.name} (parent ${parentId.slice(0, 8)}…) → OrdersService.find`;
};

const terminus: Probe = async (ctx) => {
  const res = await http(ctx, 'GET', '/terminus/health');
  expect(res.status === 200, `GET /terminus/health answered ${res.status}: ${res.text}`);
  const body = res.json();
  expect(
    body.status === 'ok' && body.info?.['memory.heap']?.status === 'up',
    `terminus answered ${res.text}`,
  );
  return "terminus ok, Herald's memory.heap check up";
};

/** Whether the app's output shows `text` within `timeoutMs`: its stdout reaches us after the HTTP answer. */
async function logged(ctx: ProbeContext, text: string, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!ctx.log().includes(text)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

const mail: Probe = async (ctx) => {
  const res = await http(ctx, 'POST', '/mail', { body: { to: 'ada@example.com' } });
  expect(res.status === 201, `POST /mail answered ${res.status}: ${res.text}`);
  const body = res.json();
  expect(
    body.backend === 'log' && body.accepted?.[0] === 'ada@example.com' && body.messageId,
    `POST /mail answered ${res.text}`,
  );
  expect(
    await logged(ctx, `email ${body.messageId} to a***@example.com ("Welcome") recorded, not sent`),
    `the log driver logged no line for ${body.messageId}`,
  );
  const welcome = await http(ctx, 'POST', '/mail/welcome', {
    body: { to: 'ada@example.com', name: 'Ada' },
  });
  expect(welcome.status === 201, `POST /mail/welcome answered ${welcome.status}: ${welcome.text}`);
  const templated = welcome.json();
  expect(
    templated.subject === 'Welcome, Ada' &&
      templated.text === 'Hello Ada, see the guide [https://example.com/start]',
    `the template mail was not rendered by Handlebars and html-to-text: ${welcome.text}`,
  );
  expect(
    await logged(ctx, `email ${templated.messageId} to a***@example.com ("Welcome, Ada")`),
    `the log driver logged no line for ${templated.messageId}`,
  );
  if (ctx.features.includes('metrics')) {
    const scrape = await http(ctx, 'GET', '/metrics');
    const line = scrape.text
      .split('\n')
      .find((l) => l.startsWith('notification_sent_total{') && l.includes('channel="mail"'));
    expect(line?.endsWith(' 2'), `/metrics counts no two mail sends: ${line ?? 'no line'}`);
  }
  return `messages ${body.messageId} (text) and ${templated.messageId} (Handlebars template, text from html-to-text) via the log driver`;
};

const inbox: Probe = async (ctx) => {
  const sent = await http(ctx, 'POST', '/inbox/alice', {
    body: { title: 'Build finished', body: 'All green' },
  });
  expect(sent.status === 201, `POST /inbox/alice answered ${sent.status}: ${sent.text}`);
  const id = sent.json().id as string;
  // The recipe's routes (examples/inbox.controller.ts), as the signed-in user.
  const as = (user: string) => ({ headers: { 'x-consumer-user': user } });
  const anonymous = await http(ctx, 'GET', '/admin/notifications/inbox');
  expect(
    anonymous.status === 401,
    `GET /admin/notifications/inbox without a user answered ${anonymous.status}`,
  );
  const page = await http(ctx, 'GET', '/admin/notifications/inbox', as('alice'));
  const before = page.json();
  expect(
    page.status === 200 && before.unread_count === 1 && before.notifications?.[0]?.id === id,
    `GET /admin/notifications/inbox as alice answered ${page.status}: ${page.text}`,
  );
  const other = (await http(ctx, 'GET', '/admin/notifications/inbox', as('bob'))).json();
  expect(other.unread_count === 0 && other.notifications.length === 0, "bob sees alice's message");
  const stolen = await http(ctx, 'POST', `/admin/notifications/read/${id}`, as('bob'));
  expect(stolen.status === 404, `bob marking alice's message read answered ${stolen.status}`);
  const read = await http(ctx, 'POST', `/admin/notifications/read/${id}`, as('alice'));
  expect(
    read.status === 200 && read.json().changed === true && read.json().unread_count === 0,
    `POST /admin/notifications/read/${id} answered ${read.status}: ${read.text}`,
  );
  const hooks = (await http(ctx, 'GET', '/inbox/hooks')).json();
  expect(
    hooks.sent?.includes(id),
    `INBOX_SENT_HOOK did not announce ${id}: ${JSON.stringify(hooks)}`,
  );
  return `message ${id} stored, read back and marked read through examples/inbox.controller.ts; hook fired`;
};

/**
 * The dual-package hazard: the ES module app's `.cjs` module got @herald/contracts
 * and @herald/monitor through require(); token, MonitorModule class and the
 * injected collector must be the ones `import` gave, and Node must have loaded
 * the ES module build for require() (`module-sync`), not the CommonJS copy.
 */
const dualLoad: Probe = async (ctx) => {
  const res = await http(ctx, 'GET', '/dual-load');
  expect(res.status === 200, `GET /dual-load answered ${res.status}: ${res.text}`);
  const body = res.json() as Record<string, unknown>;
  for (const key of ['sameToken', 'sameModuleClass', 'sameCollector']) {
    expect(body[key] === true, `GET /dual-load: ${key} is ${String(body[key])}: ${res.text}`);
  }
  const file = String(body.monitorFile);
  expect(
    !file.includes('/dist/cjs/'),
    `require('@herald/monitor') loaded the CommonJS copy (${file}); Node should take module-sync`,
  );
  return `require() and import share METRICS_COLLECTOR, MonitorModule and the collector; require → ${file.slice(file.indexOf('@herald/'))}`;
};

/** The probes of each feature, in the order they run (`monitor` only configures, the others probe it). */
export const PROBES: Record<Exclude<FeatureName, 'monitor'>, Probe> = {
  metrics,
  health,
  tracing,
  terminus,
  mail,
  inbox,
  'inbox-memory': inbox,
  'dual-load': dualLoad,
};

/** Runs the probes of the app's features; a failure is reported, never thrown. */
export async function runProbes(ctx: ProbeContext): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const feature of ctx.features) {
    if (feature === 'monitor') continue;
    try {
      results.push({ name: feature, ok: true, detail: await PROBES[feature](ctx) });
    } catch (error) {
      results.push({ name: feature, ok: false, detail: (error as Error).message });
    }
  }
  return results;
}
