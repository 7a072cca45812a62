import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SloConfig } from '@herald/contracts';
import { SLOMonitor } from '../slo/slo.monitor.js';
import { HeraldValueError } from '../errors/herald-value.error.js';
import { AlertmanagerAlertDispatcher } from './alertmanager-alert.dispatcher.js';
import { buildAlertDispatcher } from './build-alert-dispatcher.util.js';

const PLANT = 'S3CRETplant';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
}

/** Everything written to stdout and stderr while `run` runs (Nest's logger writes there). */
async function captureOutput(run: () => Promise<unknown>): Promise<string> {
  let out = '';
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
      out += String(chunk);
      return true;
    }),
  );
  try {
    await run().catch((error: unknown) => (out += `${String(error)} ${(error as Error)?.stack}`));
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
  return out;
}

describe('AlertmanagerAlertDispatcher credentials', () => {
  let server: Server;
  let base: string;
  let port: number;
  const received: Received[] = [];
  let answer: { status: number; body: (req: Received) => string } = { status: 200, body: () => '' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const seen = { path: req.url ?? '', headers: req.headers };
        received.push(seen);
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body(seen));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
    answer = { status: 200, body: () => '' };
  });

  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('turns user:password@ in the URL into basic auth and posts to the URL without it', async () => {
    const password = `${PLANT}/with@odd:chars`;
    await new AlertmanagerAlertDispatcher({
      url: `http://herald:${encodeURIComponent(password)}@${base}/`,
    }).sendAlert('t', 'm', 'low');
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/api/v2/alerts');
    expect(received[0].headers.authorization).toBe(basic('herald', password));
  });

  it('sends username/password as basic auth and bearerToken as a bearer token', async () => {
    await new AlertmanagerAlertDispatcher({
      url: `http://${base}`,
      username: 'herald',
      password: PLANT,
      headers: { Authorization: 'Bearer not-this-one', 'x-scope': 'team' },
    }).sendAlert('t', 'm', 'low');
    await new AlertmanagerAlertDispatcher({ url: `http://${base}`, bearerToken: PLANT }).sendAlert(
      't',
      'm',
      'low',
    );
    expect(received.map((r) => r.headers.authorization)).toEqual([
      basic('herald', PLANT),
      `Bearer ${PLANT}`,
    ]);
    expect(received[0].headers['x-scope']).toBe('team');
  });

  it('buildAlertDispatcher passes the slo.alertmanager_* credentials', async () => {
    const slo = new SloConfig({
      alertmanagerUrl: `http://${base}`,
      alertmanagerBearerToken: PLANT,
      alertRoutes: { p0_page: 'alertmanager' },
    }).validate('monitor.slo');
    await buildAlertDispatcher(slo).sendAlert('t', 'm', 'high', { tier: 'P0_PAGE' });
    expect(received[0].headers.authorization).toBe(`Bearer ${PLANT}`);
    expect(JSON.stringify(slo)).not.toContain(PLANT);
  });

  it.each([
    ['two kinds of credentials', { url: `http://u:${PLANT}@am.example:9093`, bearerToken: PLANT }],
    [
      'basic auth and a bearer token',
      { url: 'http://am.example:9093', username: 'u', password: PLANT, bearerToken: PLANT },
    ],
    ['a URL without a scheme', { url: `am:${PLANT}@alertmanager:9093` }],
    ['a malformed URL', { url: `http://am:${PLANT} x@alertmanager:9093` }],
    ['a URL with a typo in the scheme', { url: `https//am:${PLANT}@alertmanager:9093` }],
    ['a list where the URL belongs', { url: [`http://am:${PLANT}@alertmanager:9093`] }],
    ['an ftp URL with a token', { url: `ftp://alertmanager/?token=${PLANT}` }],
  ])('refuses %s with a message that holds no credential', (_name, options) => {
    let error: unknown;
    try {
      new AlertmanagerAlertDispatcher(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldValueError);
    expect(`${(error as Error).message} ${(error as Error).stack}`).not.toContain(PLANT);
  });

  it('a refusing Alertmanager (401 echoing the credentials): the error and the log hold no credential', async () => {
    answer = {
      status: 401,
      body: (req) =>
        JSON.stringify({ error: 'unauthorized', got: req.headers.authorization, password: PLANT }),
    };
    const dispatcher = new AlertmanagerAlertDispatcher({ url: `http://am:${PLANT}@${base}` });
    const error = await dispatcher.sendAlert('t', 'm', 'low').catch((e: Error) => e);
    expect((error as Error).message).toMatch(/HTTP 401 .*check the Alertmanager credentials/);
    expect(`${(error as Error).message} ${(error as Error).stack}`).not.toContain(PLANT);
    expect((error as Error).message).not.toContain(Buffer.from(`am:${PLANT}`).toString('base64'));
  });

  it('an alert fired against a down Alertmanager is logged without the credential, on every alert', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const downPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const monitor = new SLOMonitor({
      alertDispatcher: buildAlertDispatcher({
        alertmanagerUrl: `http://herald:${PLANT}@127.0.0.1:${downPort}`,
        alertRoutes: {},
      }),
      suppressionWindowMs: 0,
    });
    monitor.register({
      name: 'checkout',
      metric: 'checkout.ms',
      percentile: 0.99,
      thresholdMs: 10,
      windowMs: 60_000,
    });
    for (let i = 0; i < 20; i++) monitor.recordSample('checkout.ms', 500);
    const output = await captureOutput(async () => {
      await monitor.evaluateAndDispatch();
      await monitor.evaluateAndDispatch();
    });
    expect(output).toContain('alert for SLO "checkout" failed');
    expect(output).toMatch(/unreachable: .*ECONNREFUSED/);
    expect(output).not.toContain(PLANT);
  });
});
