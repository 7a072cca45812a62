import type { INestApplication } from '@nestjs/common';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { SseClient } from './helpers/sse-client.js';

interface LogJson {
  mode: string;
  counts: Record<string, number>;
  records: Array<{
    id: string;
    status: string;
    backend: string;
    attempts: number;
    recipient: string;
    lastError?: string;
    providerReason?: string;
    smsSegments?: number;
    smsEncoding?: string;
  }>;
}

describe('demo: the delivery log', () => {
  let app: INestApplication;
  let url: string;
  let auth: Record<string, string>;
  const saved = process.env.HERALD_NOTIFICATION__DELIVERY__RETRY_BASE;

  beforeAll(async () => {
    process.env.HERALD_NOTIFICATION__DELIVERY__RETRY_BASE = '0.01';
    ({ app, url } = await startDemoApp());
    auth = bearer(await loginAs(app, 'alice'));
  });
  afterAll(async () => {
    await app.close();
    if (saved === undefined) delete process.env.HERALD_NOTIFICATION__DELIVERY__RETRY_BASE;
    else process.env.HERALD_NOTIFICATION__DELIVERY__RETRY_BASE = saved;
  });

  const send = async (scenario: string) => {
    const res = await fetch(`${url}/admin/deliveries/send`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ scenario, to: '+15005550006' }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { deliveryId: string }).deliveryId;
  };
  const log = async (query = ''): Promise<LogJson> =>
    (
      await fetch(`${url}/admin/deliveries.json${query}`, { headers: auth })
    ).json() as Promise<LogJson>;
  const settled = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const record = (await log('?limit=200')).records.find((r) => r.id === id);
      if (record && ['sent', 'failed', 'dead'].includes(record.status)) return record;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`delivery ${id} did not settle`);
  };

  it('shows records reaching sent, failed and dead through retries and failover', async () => {
    const [ok, failover, flaky, permanent, dead] = await Promise.all(
      ['ok', 'failover', 'flaky', 'permanent', 'dead'].map(send),
    );
    expect(await settled(ok)).toMatchObject({ status: 'sent', backend: 'demo-log', attempts: 1 });
    expect(await settled(failover)).toMatchObject({ status: 'sent', backend: 'demo-log' });
    expect(await settled(flaky)).toMatchObject({
      status: 'sent',
      backend: 'demo-flaky',
      attempts: 3,
    });
    expect(await settled(permanent)).toMatchObject({ status: 'failed', attempts: 1 });
    const deadRecord = await settled(dead);
    expect(deadRecord).toMatchObject({ status: 'dead', attempts: 5 });
    expect(deadRecord.lastError).toMatch(/provider_unavailable|circuit_open/);
    const body = await log();
    expect(body.mode).toBe('inline');
    expect(body.records[0].recipient).not.toContain('5550006');
    expect((await log('?status=dead')).records.map((r) => r.id)).toContain(dead);
    expect(
      (await fetch(`${url}/admin/deliveries.json?status=nope`, { headers: auth })).status,
    ).toBe(400);
  });

  it('plays provider reports on a sent record: the log shows it move on, never back', async () => {
    const id = await send('ok');
    expect(await settled(id)).toMatchObject({ status: 'sent' });
    const stream = await SseClient.open(`${url}/admin/notifications/stream`, auth);
    const report = async (path: string, status: unknown) => {
      const res = await fetch(`${url}/admin/deliveries/${path}/feedback`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ status }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await report(id, 'delivered')).toEqual({
      status: 200,
      body: { result: 'updated', status: 'delivered' },
    });
    const live = await stream.waitFor(
      (e) => e.event === 'delivery.updated' && e.data.delivery_id === id,
    );
    stream.close();
    expect(live.data).toMatchObject({
      channel: 'sms',
      status: 'delivered',
      previous_status: 'sent',
    });
    expect(JSON.stringify(live.data)).not.toContain('5550006');
    expect((await report(id, 'delivered')).body).toEqual({
      result: 'unchanged',
      status: 'delivered',
    });
    expect((await report(id, 'complained')).body).toEqual({
      result: 'updated',
      status: 'complained',
    });
    expect((await report(id, 'delivered')).body.status).toBe('complained');
    const record = (await log('?status=complained&limit=200')).records.find((r) => r.id === id);
    expect(record).toMatchObject({ providerReason: 'simulated complained' });
    const page = await (await fetch(`${url}/admin/deliveries`, { headers: auth })).text();
    expect(page).toContain('provider report');
    expect(page).toContain('simulated complained');
    expect(page).toContain("addEventListener('delivery.updated'");
    expect(page).not.toContain('&lt;form');
    expect((await report(id, 'teleported')).status).toBe(400);
    expect((await report('dlv_missing', 'delivered')).status).toBe(404);
    expect((await report('bad id!', 'delivered')).status).toBe(400);
  });

  it('renders the log page in the admin shell, linked from the home page', async () => {
    const page = await (await fetch(`${url}/admin/deliveries`, { headers: auth })).text();
    expect(page).toContain('<h1>Deliveries</h1>');
    expect(page).toMatch(/data-status="sent"/);
    // each test SMS ("Herald demo (ok)") is one GSM-7 segment, kept on its record
    expect(page).toMatch(/<td class="sms-segments">\s*1 × GSM-7\s*<\/td>/);
    const { records } = await log('?limit=200');
    expect(records[0]).toMatchObject({ smsSegments: 1, smsEncoding: 'GSM-7' });
    const home = await (await fetch(`${url}/`, { headers: auth })).text();
    expect(home).toContain('href="/admin/deliveries"');
  });

  it('asks for a login', async () => {
    expect((await fetch(`${url}/admin/deliveries.json`)).status).toBe(401);
  });
});
