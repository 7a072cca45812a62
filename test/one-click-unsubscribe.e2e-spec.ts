import { createServer, type AddressInfo } from 'node:net';
import { Global, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAILER, type MailerProtocol } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  DeliverySuppressedError,
  Mailable,
  MailerModule,
  NOTIFICATION_PREFERENCES,
  NotificationModule,
  signUnsubscribeToken,
  SuppressionModule,
  SuppressionService,
} from '@herald/notification';
import { keepAliveClient } from './helpers/keep-alive-client.js';

const SECRET = 'one-click-test-secret-0123456789abcdef';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const preferenceChanges: unknown[] = [];

@Global()
@Module({
  providers: [
    {
      provide: NOTIFICATION_PREFERENCES,
      useValue: { applyUnsubscribe: (change: unknown) => void preferenceChanges.push(change) },
    },
  ],
  exports: [NOTIFICATION_PREFERENCES],
})
class PreferencesModule {}

/**
 * RFC 8058 end to end: a real SMTP server on loopback receives the mail with
 * `List-Unsubscribe` and `List-Unsubscribe-Post`; POSTing the one-click body
 * to the URL suppresses the address for the category; forged, tampered and
 * expired tokens answer 403.
 */
describe('one-click unsubscribe (RFC 8058) over real SMTP and HTTP', () => {
  let smtp: SMTPServer;
  let app: INestApplication;
  let base: string;
  const received: Array<{ to: string; headers: Map<string, unknown>; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          void simpleParser(raw).then((parsed) => {
            received.push({
              to: String(parsed.to && 'text' in parsed.to ? parsed.to.text : ''),
              headers: parsed.headers,
              raw,
            });
            cb();
          }, cb);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const moduleRef = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        PreferencesModule,
        NotificationModule.forRoot({
          delivery: { enabled: true, queue: 'inline', store: 'memory', retry_attempts: 1 },
        }),
        MailerModule.forRoot({
          backends: [
            {
              name: 'smtp',
              primary: true,
              driver: 'smtp',
              from_email: 'news@herald.test',
              smtp: {
                host: '127.0.0.1',
                port: (smtp.server.address() as AddressInfo).port,
                pool: false,
              },
            },
          ],
        }),
        SuppressionModule.forRoot({
          unsubscribe: {
            secret: SECRET,
            url: `${base}/mail/unsubscribe`,
            route: 'mail/unsubscribe',
          },
        }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const mailer = () => app.get<MailerProtocol>(MAILER);
  const newsletter = (to = 'Reader@Example.com') => ({
    to: [to],
    subject: 'Our news',
    text: 'x',
    metadata: { category: 'newsletter' },
  });
  /** The URL of `List-Unsubscribe` in the raw message (header lines unfolded). */
  const unsubscribeUrl = (raw: string) => {
    const unfolded = raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(unfolded)?.[1];
    expect(url).toBeDefined();
    return url!;
  };
  const post = (url: string, body = 'List-Unsubscribe=One-Click') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('a Mailable marks its category: a newsletter Mailable carries the headers', async () => {
    await mailer().send(
      new Mailable().to('builder@example.com').subject('News').text('x').category('newsletter'),
    );
    expect(unsubscribeUrl(received.at(-1)!.raw)).toContain('/mail/unsubscribe?token=');
  });

  it('marks non-transactional mail with both headers; transactional and uncategorised mail carry none', async () => {
    await mailer().send(newsletter());
    const news = received.at(-1)!;
    expect(news.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    const url = new URL(unsubscribeUrl(news.raw));
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/mail/unsubscribe`);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(news.raw).not.toContain(SECRET);

    await mailer().send(
      new Mailable().to('reader@example.com').subject('Reset').text('x').category('transactional'),
    );
    await mailer().send({ to: ['reader@example.com'], subject: 'Receipt', text: 'x' });
    for (const mail of received.slice(-2)) {
      expect(mail.headers.has('list-unsubscribe')).toBe(false);
      expect(mail.headers.has('list-unsubscribe-post')).toBe(false);
    }
  });

  it('POST with the one-click body suppresses the address for that category; the next send is suppressed', async () => {
    await mailer().send(newsletter('fan@example.com'));
    const url = unsubscribeUrl(received.at(-1)!.raw);
    const response = await post(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: true, category: 'newsletter' });
    const { entries } = await app
      .get(SuppressionService)
      .list({ channel: 'mail', address: 'fan@example.com' });
    expect(entries).toMatchObject([
      { reason: 'unsubscribe', category: 'newsletter', source: 'one-click' },
    ]);
    expect(preferenceChanges).toContainEqual({
      channel: 'mail',
      address: 'fan@example.com',
      category: 'newsletter',
      source: 'one-click',
    });

    const count = received.length;
    const error = await mailer()
      .send(newsletter('FAN@example.com'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliverySuppressedError);
    expect(received.length).toBe(count);
    await mailer().send({
      ...newsletter('fan@example.com'),
      subject: 'Order',
      metadata: { category: 'orders' },
    });
    expect(received.length).toBe(count + 1);
    expect((await post(url)).status).toBe(200); // a second click changes nothing and still answers 200
  });

  it('answers 403 for forged, tampered and expired tokens and changes nothing', async () => {
    await mailer().send(newsletter('victim@example.com'));
    const url = new URL(unsubscribeUrl(received.at(-1)!.raw));
    const token = url.searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const withToken = (t: string) => {
      const copy = new URL(url);
      copy.searchParams.set('token', t);
      return copy.toString();
    };
    const far = Math.floor(Date.now() / 1000) + 3600;
    const forged = signUnsubscribeToken('another-secret-another-secret-0123', {
      address: 'victim@example.com',
      category: null,
      expiresAt: far,
    });
    const otherPayload = Buffer.from(
      JSON.stringify({ a: 'someone@example.com', c: 'newsletter', e: far }),
    ).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = signUnsubscribeToken(SECRET, {
      address: 'victim@example.com',
      category: 'newsletter',
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    for (const bad of [
      forged,
      `${otherPayload}.${signature}`,
      `${payload}.${flipped}`,
      expired,
      'garbage',
      '',
    ]) {
      const response = await post(withToken(bad));
      expect([bad, response.status]).toEqual([bad, 403]);
      expect(await response.text()).not.toContain(SECRET);
    }
    const noToken = await post(`${base}/mail/unsubscribe`);
    expect(noToken.status).toBe(403);
    expect(
      (await app.get(SuppressionService).list({ channel: 'mail', address: 'victim@example.com' }))
        .total,
    ).toBe(0);
  });

  it('accepts the one-click body as multipart/form-data too (RFC 8058 allows both)', async () => {
    await mailer().send(newsletter('multi@example.com'));
    const url = unsubscribeUrl(received.at(-1)!.raw);
    const wrong = new FormData();
    wrong.set('List-Unsubscribe', 'Later');
    expect((await fetch(url, { method: 'POST', body: wrong })).status).toBe(400);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await fetch(url, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const { entries } = await app
      .get(SuppressionService)
      .list({ channel: 'mail', address: 'multi@example.com' });
    expect(entries).toMatchObject([{ reason: 'unsubscribe', category: 'newsletter' }]);
  });

  it('answers 400 to a validly signed token naming an unusable address or category, and 403 to an expiry far in the future', async () => {
    const far = Math.floor(Date.now() / 1000) + 3600;
    const signed = (a: string, c: string | null, e = far) =>
      `${base}/mail/unsubscribe?token=${signUnsubscribeToken(SECRET, { address: a, category: c, expiresAt: e })}`;
    const cases: Array<[string, string, number]> = [
      ['address "not an email"', signed('not an email', 'newsletter'), 400],
      ['address with NUL', signed('nul\u0000@example.com', 'newsletter'), 400],
      ['address __proto__', signed('__proto__', 'newsletter'), 400],
      ['address of 2,000 characters', signed(`${'a'.repeat(2000)}@example.com`, null), 400],
      ['category __proto__', signed('ok@example.com', '__proto__'), 400],
      ['category with NUL', signed('ok@example.com', 'news\u0000'), 400],
      ['category of 2,000 characters', signed('ok@example.com', 'c'.repeat(2000)), 400],
      ['expiry 1e300', signed('ok@example.com', 'newsletter', 1e300), 403],
      ['expiry in ten years', signed('ok@example.com', 'newsletter', far + 10 * 366 * 86_400), 403],
    ];
    for (const [name, url, status] of cases) {
      const answer = await post(url);
      expect([name, answer.status]).toEqual([name, status]);
      const text = await answer.text();
      expect(JSON.parse(text).message).toMatch(
        status === 400
          ? /^unsubscribe token refused: its (address|category) must /
          : /^unsubscribe token refused: (malformed|valid until too far in the future)$/,
      );
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/\bat [\w.]+ \(/);
      expect([name, (await fetch(url)).status]).toEqual([name, status]); // the GET page too
    }
    expect(
      (await app.get(SuppressionService).list({ channel: 'mail', address: 'ok@example.com' }))
        .total,
    ).toBe(0);
  });

  it('refuses a JSON body (415: RFC 8058 posts a form) and a 1 MB multipart body (413) on a connection that stays usable', async () => {
    await mailer().send(newsletter('json@example.com'));
    const url = unsubscribeUrl(received.at(-1)!.raw);
    const json = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { message: string }).message).toMatch(
      /application\/x-www-form-urlencoded or multipart\/form-data/,
    );
    const client = keepAliveClient();
    try {
      const boundary = 'herald-boundary';
      const big = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="pad"\r\n\r\n`),
        Buffer.alloc(1024 * 1024, 'x'),
        Buffer.from(
          `\r\n--${boundary}\r\ncontent-disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
        ),
      ]);
      for (const type of [
        `multipart/form-data; boundary=${boundary}`,
        'text/plain',
        'application/octet-stream',
      ]) {
        const tooLarge = await client.send(url, { headers: { 'content-type': type }, body: big });
        expect([type, tooLarge.status]).toEqual([type, 413]);
        expect(JSON.parse(tooLarge.body).message).toContain('over the limit of 16384 bytes');
        const next = await client.send(url, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect([type, next.status, next.connection]).toEqual([type, 200, tooLarge.connection]);
        expect(tooLarge.connection).toBe(1);
      }
    } finally {
      client.close();
    }
  });

  it('refuses a POST without the one-click body (400) and shows a confirmation form on GET without unsubscribing', async () => {
    await mailer().send(newsletter('careful@example.com'));
    const url = unsubscribeUrl(received.at(-1)!.raw);
    expect((await post(url, 'List-Unsubscribe=Maybe')).status).toBe(400);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(
      (await app.get(SuppressionService).list({ channel: 'mail', address: 'careful@example.com' }))
        .total,
    ).toBe(0);
  });
});
