/**
 * Sends per second through each Herald channel to the test kit's fake
 * provider servers on 127.0.0.1, side by side with the same requests made by
 * hand (node:http / node:http2 with a keep-alive agent and a precomputed
 * token: the floor a user could reach without Herald), and SMTP against
 * nodemailer used directly. Plus `sendBatch` of 10,000 APNs tokens over one
 * HTTP/2 connection. Throughput: a ratio below 1 means Herald is slower.
 */
const http = require('node:http');
const http2 = require('node:http2');
const { performance } = require('node:perf_hooks');
const { NamedSMSConfig, NamedPushConfig, NamedMailerConfig } = require('@herald/contracts');
const {
  createSmsChannel,
  createPushChannel,
  createMailerChannel,
  DeliveryTelemetry,
  TwilioWhatsAppChannel,
} = require('@herald/notification');
const {
  FakeTwilioServer,
  FakeFcmServer,
  FakeApnsServer,
  FakeWebPushServer,
  FakeSendgridServer,
  FakeVonageServer,
} = require('@herald/notification/testing');
const { compare, median, round } = require('../harness');

const SENDS = Number(process.env.BENCH_SENDS ?? 1500);
const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BATCH = Number(process.env.BENCH_APNS_BATCH ?? 10000);

/** Sends per second of `send(i)` run `total` times, `concurrency` in flight. */
async function throughput(send, total = SENDS, concurrency = CONCURRENCY) {
  for (let i = 0; i < 100; i++) await send(i); // warm-up
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await send(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

/**
 * Alternates peer and Herald for `rounds` rounds (so neither profits from
 * warming the fake server first or from a quiet moment of the machine) and
 * reports the median of each side.
 */
async function pair(
  heraldSend,
  peerSend,
  total = SENDS,
  concurrency = CONCURRENCY,
  rounds = ROUNDS,
) {
  const herald = [];
  const peer = [];
  for (let r = 0; r < rounds; r++) {
    peer.push(await throughput(peerSend, total, concurrency));
    herald.push(await throughput(heraldSend, total, concurrency));
  }
  return compare(median(herald), median(peer), 'sends/s');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function rawPost(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function twilio() {
  const fake = await new FakeTwilioServer().start();
  const sms = createSmsChannel(
    new NamedSMSConfig({
      name: 'tw',
      driver: 'twilio',
      twilio: {
        accountSid: fake.accountSid,
        authToken: fake.authToken,
        fromNumber: '+15005550006',
        baseUrl: fake.url,
      },
    }).validate(),
    new DeliveryTelemetry(),
  );
  const heraldSend = (i) => sms.send({ to: '+15551234567', body: `code ${i}` });
  const auth = `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;
  const url = `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`;
  const peerSend = (i) =>
    rawPost(
      url,
      { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({
        To: '+15551234567',
        From: '+15005550006',
        Body: `code ${i}`,
      }).toString(),
    );
  const result = await pair(heraldSend, peerSend);
  await sms.close();
  await fake.stop();
  return result;
}

async function vonage() {
  const fake = await new FakeVonageServer().start();
  const sms = createSmsChannel(
    new NamedSMSConfig({
      name: 'vg',
      driver: 'vonage',
      vonage: { apiKey: fake.apiKey, apiSecret: fake.apiSecret, from: 'Herald', baseUrl: fake.url },
    }).validate(),
    new DeliveryTelemetry(),
  );
  const heraldSend = (i) => sms.send({ to: '+447700900000', body: `code ${i}` });
  const url = `${fake.url}/sms/json`;
  const peerSend = (i) =>
    rawPost(
      url,
      { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      new URLSearchParams({
        api_key: fake.apiKey,
        api_secret: fake.apiSecret,
        from: 'Herald',
        to: '447700900000',
        text: `code ${i}`,
      }).toString(),
    );
  const result = await pair(heraldSend, peerSend);
  await sms.close();
  await fake.stop();
  return result;
}

async function whatsapp() {
  const fake = await new FakeTwilioServer().start();
  const template = `HX${'a1'.repeat(16)}`;
  fake.contentTemplates.set(template, 'Your code is {{1}}');
  const channel = new TwilioWhatsAppChannel({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    from: '+14155238886',
    baseUrl: fake.url,
  });
  const context = (i) => ({
    notificationId: `n-${i}`,
    deliveryId: `d-${i}`,
    notificationType: 'code',
    category: 'default',
    address: '+15551234567',
    idempotencyKey: '',
  });
  const heraldSend = (i) =>
    channel.send(
      { id: 'u' },
      { contentSid: template, contentVariables: { 1: String(i) } },
      context(i),
    );
  const auth = `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;
  const url = `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`;
  const peerSend = (i) =>
    rawPost(
      url,
      { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({
        To: 'whatsapp:+15551234567',
        From: 'whatsapp:+14155238886',
        ContentSid: template,
        ContentVariables: JSON.stringify({ 1: String(i) }),
      }).toString(),
    );
  const result = await pair(heraldSend, peerSend);
  channel.onApplicationShutdown();
  await fake.stop();
  return result;
}

async function fcm() {
  const fake = await new FakeFcmServer().start();
  const push = createPushChannel(
    new NamedPushConfig({ name: 'fcm', driver: 'fcm', fcm: fake.driverConfig() }).validate(),
    new DeliveryTelemetry(),
  );
  const heraldSend = (i) =>
    push.send({ token: `device-${i}`, title: 'Hi', body: 'there', data: { n: String(i) } });
  await heraldSend(0); // obtains the access token the peer reuses
  const token = [...fake.issuedTokens.keys()][0];
  const url = `${fake.url}/v1/projects/${fake.projectId}/messages:send`;
  const peerSend = (i) =>
    rawPost(
      url,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      JSON.stringify({
        message: {
          token: `device-${i}`,
          notification: { title: 'Hi', body: 'there' },
          data: { n: String(i) },
        },
      }),
    );
  const result = await pair(heraldSend, peerSend);
  await push.close();
  await fake.stop();
  return result;
}

async function apns() {
  const fake = await new FakeApnsServer().start();
  const push = createPushChannel(
    new NamedPushConfig({ name: 'ios', driver: 'apns', apns: fake.driverConfig() }).validate(),
    new DeliveryTelemetry(),
  );
  const tok = (i) => i.toString(16).padStart(64, '0');
  const heraldSend = (i) => push.send({ token: tok(i), title: 'Hi', body: 'there' });
  await heraldSend(0);
  const jwt = fake.received[0].headers.authorization;
  const session = http2.connect(fake.url, { ca: fake.ca });
  const rawSend = (i) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ aps: { alert: { title: 'Hi', body: 'there' } } });
      const s = session.request({
        ':method': 'POST',
        ':path': `/3/device/${tok(i)}`,
        authorization: jwt,
        'apns-topic': fake.bundleId,
        'apns-push-type': 'alert',
        'content-type': 'application/json',
      });
      let status = 0;
      s.on('response', (h) => (status = h[':status']));
      s.on('error', reject);
      s.resume();
      s.on('close', () => (status === 200 ? resolve() : reject(new Error(`HTTP ${status}`))));
      s.end(body);
    });
  const single = await pair(heraldSend, rawSend);

  // sendBatch of 10,000 tokens over one connection (the peer: the same streams by hand, 1,000 in flight)
  fake.received.length = 0;
  const connectionsBefore = fake.connections;
  const messages = Array.from({ length: BATCH }, (_, i) => ({
    token: tok(i),
    title: 'Batch',
    body: `n${i}`,
  }));
  const rawBatch = () => {
    let next = 0;
    return Promise.all(
      Array.from({ length: 1000 }, async () => {
        while (next < BATCH) await rawSend(next++);
      }),
    );
  };
  // Alternating rounds, median of each side.
  const heraldTimes = [];
  const peerTimes = [];
  let ok = 0;
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    const results = await push.sendBatch(messages);
    heraldTimes.push(performance.now() - t0);
    ok = results.filter((res) => res.success).length;
    const t1 = performance.now();
    await rawBatch();
    peerTimes.push(performance.now() - t1);
  }
  const heraldBatchMs = median(heraldTimes);
  const peerBatchMs = median(peerTimes);
  const batch = {
    ...compare(BATCH / (heraldBatchMs / 1000), BATCH / (peerBatchMs / 1000), 'tokens/s'),
    tokens: BATCH,
    delivered: ok,
    heraldMs: round(heraldBatchMs),
    peerMs: round(peerBatchMs),
    connectionsOpenedByHerald: push.driver.connectionsOpened,
    serverConnectionsDuringBatch: fake.connections - connectionsBefore,
  };
  session.close();
  await push.close();
  await fake.stop();
  return { single, batch };
}

async function webpush() {
  const webPush = require('web-push');
  const vapid = webPush.generateVAPIDKeys();
  const fake = await new FakeWebPushServer(vapid.publicKey).start();
  const sub = fake.createSubscription();
  const push = createPushChannel(
    new NamedPushConfig({
      name: 'web',
      driver: 'webpush',
      webpush: {
        vapidPublicKey: vapid.publicKey,
        vapidPrivateKey: vapid.privateKey,
        subject: 'mailto:bench@herald.test',
      },
    }).validate(),
    new DeliveryTelemetry(),
  );
  const token = JSON.stringify(sub);
  const heraldSend = (i) => push.send({ token, title: 'Hi', body: `n${i}` });
  const options = {
    vapidDetails: {
      subject: 'mailto:bench@herald.test',
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
    },
    TTL: 60,
    contentEncoding: 'aes128gcm',
  };
  const peerSend = (i) => {
    const d = webPush.generateRequestDetails(
      sub,
      JSON.stringify({ title: 'Hi', body: `n${i}` }),
      options,
    );
    return rawPost(d.endpoint, d.headers, d.body);
  };
  const result = await pair(heraldSend, peerSend, SENDS / 4, CONCURRENCY, 3);
  await push.close();
  await fake.stop();
  return result;
}

async function sendgrid() {
  const fake = await new FakeSendgridServer().start();
  const mailer = createMailerChannel(
    new NamedMailerConfig({
      name: 'sg',
      driver: 'sendgrid',
      fromEmail: 'noreply@herald.test',
      sendgrid: { apiKey: fake.apiKey, baseUrl: fake.url },
    }).validate(),
    new DeliveryTelemetry(),
  );
  const heraldSend = (i) =>
    mailer.send({ to: ['ada@example.com'], subject: `n${i}`, text: 'hello', html: '<p>hello</p>' });
  const peerSend = (i) =>
    rawPost(
      `${fake.url}/v3/mail/send`,
      { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      JSON.stringify({
        personalizations: [{ to: [{ email: 'ada@example.com' }] }],
        from: { email: 'noreply@herald.test' },
        subject: `n${i}`,
        content: [
          { type: 'text/plain', value: 'hello' },
          { type: 'text/html', value: '<p>hello</p>' },
        ],
      }),
    );
  const result = await pair(heraldSend, peerSend);
  await mailer.close();
  await fake.stop();
  return result;
}

async function smtp() {
  const { SMTPServer } = require('smtp-server');
  const nodemailer = require('nodemailer');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _s, cb) {
      stream.resume();
      stream.on('end', () => cb());
    },
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.server.address().port;
  const mailer = createMailerChannel(
    new NamedMailerConfig({
      name: 'smtp',
      driver: 'smtp',
      fromEmail: 'noreply@herald.test',
      smtp: { host: '127.0.0.1', port, pool: true, maxConnections: 5 },
    }).validate(),
    new DeliveryTelemetry(),
  );
  const n = SENDS / 4;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    pool: true,
    maxConnections: 5,
    ignoreTLS: true,
  });
  const result = await pair(
    (i) => mailer.send({ to: ['ada@example.com'], subject: `n${i}`, text: 'hello' }),
    (i) =>
      transport.sendMail({
        from: 'noreply@herald.test',
        to: 'ada@example.com',
        subject: `n${i}`,
        text: 'hello',
      }),
    n,
    10,
    1,
  );
  transport.close();
  await mailer.close();
  await new Promise((r) => server.close(r));
  return result;
}

async function run() {
  const a = await apns();
  const results = {
    'sms.twilio': await twilio(),
    'sms.vonage': await vonage(),
    'whatsapp.twilio': await whatsapp(),
    'push.fcm': await fcm(),
    'push.apns': a.single,
    'push.apns.sendBatch10k': a.batch,
    'push.webpush': await webpush(),
    'email.sendgrid': await sendgrid(),
    'email.smtp': await smtp(),
  };
  agent.destroy();
  return {
    results,
    peers: {
      'sms.twilio / sms.vonage / whatsapp.twilio / push.fcm / email.sendgrid':
        'the same request by hand: node:http keep-alive agent, no validation, tracing or error mapping',
      'push.apns': 'the same HTTP/2 streams by hand on one session with a precomputed JWT',
      'push.webpush':
        'web-push generateRequestDetails (same encryption + VAPID) posted with node:http',
      'email.smtp': 'nodemailer used directly (pooled), same server',
    },
  };
}

module.exports = { run };
