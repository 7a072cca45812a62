import { generateKeyPairSync } from 'node:crypto';
import { Logger, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { HeraldConfigError } from '@herald/contracts';
import request from 'supertest';
import { MemoryDeliveryStore } from '../delivery/stores/memory-delivery.store.js';
import { sendgridSignature } from './sendgrid/sendgrid-signature.util.js';
import { twilioSignature } from './twilio/twilio-signature.util.js';
import { NotificationWebhooksModule } from './webhooks.module.js';

describe('NotificationWebhooksModule', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const apps: INestApplication[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    jest.restoreAllMocks();
  });

  async function start(
    imports: Parameters<typeof Test.createTestingModule>[0]['imports'],
    rawBody = true,
    bodyParser = true,
  ) {
    const moduleRef = await Test.createTestingModule({ imports }).compile();
    const app = moduleRef.createNestApplication({ rawBody, bodyParser, logger: false });
    await app.init();
    apps.push(app);
    return app;
  }

  async function seeded() {
    const store = new MemoryDeliveryStore();
    await store.create({ id: 'dlv_1', channel: 'email', backend: 'sg', recipient: 'a@b.test' });
    await store.transition('dlv_1', 'sending');
    await store.transition('dlv_1', 'sent', { providerMessageId: 'msg1' });
    return store;
  }

  function signedEvents(body: string, timestamp = String(Math.floor(Date.now() / 1000))) {
    return {
      'content-type': 'application/json',
      'x-twilio-email-event-webhook-timestamp': timestamp,
      'x-twilio-email-event-webhook-signature': sendgridSignature(
        privateKey,
        timestamp,
        Buffer.from(body),
      ),
    };
  }

  it('mounts each route where `routes` says, leaves out a `false` one, and 404s an unconfigured provider', async () => {
    const store = await seeded();
    const app = await start([
      NotificationWebhooksModule.forRootAsync({
        useFactory: () => ({
          store,
          sendgrid: {
            publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
          },
        }),
        routes: { sendgridEvents: 'hooks/sg', twilioInbound: false },
      }),
    ]);
    const body = JSON.stringify([{ event: 'delivered', sg_message_id: 'msg1.filter0001' }]);
    const answer = await request(app.getHttpServer())
      .post('/hooks/sg')
      .set(signedEvents(body))
      .send(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 1, updated: 1 });
    expect((await store.get('dlv_1'))?.status).toBe('delivered');
    await request(app.getHttpServer()).post('/webhooks/sendgrid/events').send(body).expect(404);
    await request(app.getHttpServer()).post('/webhooks/twilio/inbound').send('a=b').expect(404);
    // Twilio is left out of the options: its status route answers 404 with the option to set
    const twilio = await request(app.getHttpServer())
      .post('/webhooks/twilio/status')
      .type('form')
      .send('MessageSid=SM1');
    expect(twilio.status).toBe(404);
    expect(twilio.body.message).toContain('twilio.authToken');
    const vonage = await request(app.getHttpServer())
      .post('/webhooks/vonage/dlr')
      .type('form')
      .send('messageId=A1&status=delivered');
    expect(vonage.status).toBe(404);
    expect(vonage.body.message).toContain('vonage.signatureSecret');
  });

  it('checks a Twilio signature against the public URL behind a proxy, with rotated tokens', async () => {
    const store = new MemoryDeliveryStore();
    const app = await start([
      NotificationWebhooksModule.forRoot({
        store,
        twilio: { authToken: ['old-token', 'new-token'], publicUrl: 'https://api.example.com/' },
      }),
    ]);
    const form = { MessageSid: 'SMx', MessageStatus: 'delivered', AccountSid: 'AC1' };
    const url = 'https://api.example.com/webhooks/twilio/status?x=1';
    const post = (signature: string) =>
      request(app.getHttpServer())
        .post('/webhooks/twilio/status?x=1')
        .set('x-twilio-signature', signature)
        .type('form')
        .send(new URLSearchParams(form).toString());
    expect((await post(twilioSignature('new-token', url, form))).status).toBe(200);
    expect((await post(twilioSignature('old-token', url, form))).status).toBe(200);
    expect((await post(twilioSignature('other-token', url, form))).status).toBe(403);
    const local = url.replace('https://api.example.com', 'http://127.0.0.1');
    expect((await post(twilioSignature('new-token', local, form))).status).toBe(403);
  });

  it('verifies SendGrid events without rawBody: true: the routes read their body before the app parsers', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const app = await start(
      [
        NotificationWebhooksModule.forRoot({
          store: await seeded(),
          sendgrid: {
            publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          },
        }),
      ],
      false,
    );
    const body = JSON.stringify([{ event: 'delivered', sg_message_id: 'msg1' }]);
    const answer = await request(app.getHttpServer())
      .post('/webhooks/sendgrid/events')
      .set(signedEvents(body))
      .send(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 1, updated: 1 });
    expect(errors).not.toHaveBeenCalled();
  });

  it('applies its own bodyLimit (413 above it, with the option named), under a global prefix too', async () => {
    const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const moduleRef = await Test.createTestingModule({
      imports: [
        NotificationWebhooksModule.forRoot({
          store: await seeded(),
          bodyLimit: 2000,
          sendgrid: {
            publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          },
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ rawBody: true, logger: false });
    app.setGlobalPrefix('api');
    await app.init();
    apps.push(app);
    const batch = (size: number) => {
      const event = { event: 'open', sg_message_id: 'msg1', pad: '' };
      event.pad = 'x'.repeat(size - JSON.stringify([event]).length);
      return JSON.stringify([event]);
    };
    const post = (body: string) =>
      request(app.getHttpServer())
        .post('/api/webhooks/sendgrid/events')
        .set(signedEvents(body))
        .send(body);
    expect((await post(batch(2000))).status).toBe(200);
    const over = await post(batch(2001));
    expect(over.status).toBe(413);
    expect(over.body.message).toContain('bodyLimit');
    expect(warnings.mock.calls.map(([m]) => String(m)).join('\n')).toMatch(
      /refused \(413\): webhook body of 2001 bytes on \/api\/webhooks\/sendgrid\/events is over the limit of 2000 bytes/,
    );
  });

  it('accepts a signed 301 KB batch in an app made as the guide shows (NestFactory.create, rawBody: true, default JSON limit)', async () => {
    const store = await seeded();
    @Module({
      imports: [
        NotificationWebhooksModule.forRoot({
          store,
          sendgrid: {
            publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          },
        }),
      ],
    })
    class GuideApp {}
    const app = await NestFactory.create(GuideApp, { rawBody: true, logger: false });
    await app.init();
    apps.push(app);
    const events: object[] = [{ event: 'delivered', sg_message_id: 'msg1.filter' }];
    let size = JSON.stringify(events).length;
    while (size < 301 * 1024) {
      const event = { event: 'open', sg_message_id: `other${events.length}`, ip: '192.0.2.1' };
      events.push(event);
      size += JSON.stringify(event).length + 1;
    }
    const body = JSON.stringify(events);
    expect(body.length).toBeGreaterThanOrEqual(301 * 1024);
    const answer = await request(app.getHttpServer())
      .post('/webhooks/sendgrid/events')
      .set(signedEvents(body))
      .send(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: events.length, updated: 1 });
  });

  it('honours X-Forwarded-Host only when the proxy is trusted (twilio.trustProxy or Express trust proxy)', async () => {
    const form = { MessageSid: 'SMevil', MessageStatus: 'delivered' };
    const evil = 'https://evil.example/webhooks/twilio/status';
    const replay = (app: INestApplication) =>
      request(app.getHttpServer())
        .post('/webhooks/twilio/status')
        .set('x-forwarded-host', 'evil.example')
        .set('x-forwarded-proto', 'https')
        .set('x-twilio-signature', twilioSignature('tok', evil, form))
        .type('form')
        .send(new URLSearchParams(form).toString());
    const store = new MemoryDeliveryStore();
    const byDefault = await start([
      NotificationWebhooksModule.forRoot({ store, twilio: { authToken: 'tok' } }),
    ]);
    expect((await replay(byDefault)).status).toBe(403);
    const trusting = await start([
      NotificationWebhooksModule.forRoot({ store, twilio: { authToken: 'tok', trustProxy: true } }),
    ]);
    expect((await replay(trusting)).status).toBe(200);
    const moduleRef = await Test.createTestingModule({
      imports: [NotificationWebhooksModule.forRoot({ store, twilio: { authToken: 'tok' } })],
    }).compile();
    const express = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    express.set('trust proxy', 'loopback');
    await express.init();
    apps.push(express);
    expect((await replay(express)).status).toBe(200);
    const distrusting = await start([
      NotificationWebhooksModule.forRoot({
        store,
        twilio: { authToken: 'tok', trustProxy: false },
      }),
    ]);
    expect((await replay(distrusting)).status).toBe(403);
  });

  it('reads the body itself when the app has no body parser', async () => {
    const store = await seeded();
    const app = await start(
      [
        NotificationWebhooksModule.forRoot({
          store,
          twilio: { authToken: 'tok' },
          sendgrid: {
            publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          },
        }),
      ],
      false,
      false,
    );
    const body = JSON.stringify([{ event: 'bounce', sg_message_id: 'msg1.x', reason: 'gone' }]);
    const answer = await request(app.getHttpServer())
      .post('/webhooks/sendgrid/events')
      .set(signedEvents(body))
      .send(body);
    expect(answer.body).toEqual({ received: 1, updated: 1 });
    expect(await store.get('dlv_1')).toMatchObject({ status: 'bounced', providerReason: 'gone' });
    const form = 'MessageSid=SM9&MessageStatus=delivered';
    const url = 'http://hooks.test/webhooks/twilio/status';
    const twilio = await request(app.getHttpServer())
      .post('/webhooks/twilio/status')
      .set('x-twilio-signature', twilioSignature('tok', url, new URLSearchParams(form)))
      .set('host', 'hooks.test')
      .type('form')
      .send(form);
    expect(twilio.status).toBe(200);
  });

  it("follows Twilio's OptOutType over the keyword, and ignores other inbound messages", async () => {
    const app = await start([
      EventEmitterModule.forRoot(),
      NotificationWebhooksModule.forRoot({
        store: new MemoryDeliveryStore(),
        twilio: { authToken: 'tok' },
      }),
    ]);
    const seen: Array<[string, unknown]> = [];
    app.get(EventEmitter2).onAny((event, payload) => seen.push([String(event), payload]));
    const inbound = async (form: Record<string, string>) => {
      const body = new URLSearchParams(form);
      const answer = await request(app.getHttpServer())
        .post('/webhooks/twilio/inbound')
        .set('host', 'hooks.test')
        .set(
          'x-twilio-signature',
          twilioSignature('tok', 'http://hooks.test/webhooks/twilio/inbound', body),
        )
        .type('form')
        .send(body.toString());
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/xml/);
    };
    await inbound({ MessageSid: 'SM1', From: '+15550001', Body: 'arret', OptOutType: 'STOP' });
    await inbound({ MessageSid: 'SM2', From: '+15550001', Body: 'STOP please' });
    await inbound({ MessageSid: 'SM3', From: '+15550001', Body: 'help', OptOutType: 'HELP' });
    await inbound({ MessageSid: 'SM4', From: '+15550001', Body: 'unstop' });
    expect(
      seen.map(([event, payload]) => [event, (payload as { keyword: string }).keyword]),
    ).toEqual([
      ['notification.sms.opt_out', 'ARRET'],
      ['notification.sms.opt_in', 'UNSTOP'],
    ]);
  });

  it('refuses bad options at bootstrap, listing every problem without the secrets', async () => {
    const attempt = start([
      NotificationWebhooksModule.forRoot({
        store: new MemoryDeliveryStore(),
        twilio: {
          authToken: '',
          publicUrl: 'api.example.com',
          trustProxy: 'yes' as unknown as boolean,
        },
        sendgrid: { publicKey: 'c2VjcmV0LWtleQ==', toleranceSeconds: -1 },
        vonage: {
          signatureSecret: ['vonage-secret-value', ''],
          signatureMethod: 'sha3' as 'sha256',
          toleranceSeconds: Number.NaN,
        },
        bodyLimit: 0,
      }),
    ]);
    await expect(attempt).rejects.toBeInstanceOf(HeraldConfigError);
    const error = (await attempt.catch((e: HeraldConfigError) => e)) as HeraldConfigError;
    expect(error.problems.map((p) => p.path)).toEqual([
      'twilio.authToken',
      'twilio.publicUrl',
      'twilio.trustProxy',
      'bodyLimit',
      'sendgrid.toleranceSeconds',
      'sendgrid.publicKey',
      'vonage.signatureSecret',
      'vonage.signatureMethod',
      'vonage.toleranceSeconds',
    ]);
    expect(error.message).not.toContain('c2VjcmV0LWtleQ==');
    expect(error.message).not.toContain('vonage-secret-value');
  });

  it('refuses to start without delivery records to update', async () => {
    await expect(
      start([NotificationWebhooksModule.forRoot({ twilio: { authToken: 't' } })]),
    ).rejects.toThrow(/enable notification\.delivery/);
  });
});
