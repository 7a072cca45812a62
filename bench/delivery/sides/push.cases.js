/**
 * Push cases of bench/delivery/drivers.bench.js (FCM, APNs, APNs sendBatch,
 * Web Push). `fake` and `info` run in the parent; `herald` and `peer` each
 * in a process of their own (side.js). The peers reuse what the parent
 * obtained once through Herald (FCM access token, APNs provider JWT), so they
 * pay no token cost at all.
 */
const PEER =
  'the same request by hand: node:http keep-alive agent, no validation, tracing or error mapping';

async function pushChannel(name, driver, config) {
  const { NamedPushConfig } = require('@herald/contracts');
  const { createPushChannel, DeliveryTelemetry } = require('@herald/notification');
  return createPushChannel(
    new NamedPushConfig({ name, driver, [driver]: config }).validate(),
    new DeliveryTelemetry(),
  );
}

const tok = (i) => i.toString(16).padStart(64, '0');

/** The APNs fake, and a provider JWT obtained through one Herald send. */
const apns = {
  fake: () => new (require('@herald/notification/testing').FakeApnsServer)().start(),
  async info(fake) {
    const push = await pushChannel('ios', 'apns', fake.driverConfig());
    await push.send({ token: tok(0), title: 'Hi', body: 'there' });
    await push.close();
    return { config: fake.driverConfig(), jwt: fake.received[0].headers.authorization };
  },
};

/** The same APNs streams by hand on one HTTP/2 session. */
function apnsPeer(info) {
  const http2 = require('node:http2');
  const session = http2.connect(info.config.baseUrl, { ca: info.config.ca });
  // the payload of each message built per request, as Herald builds it
  const send = (i, title = 'Hi', text = 'there') =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ aps: { alert: { title, body: text } } });
      const s = session.request({
        ':method': 'POST',
        ':path': `/3/device/${tok(i)}`,
        authorization: info.jwt,
        'apns-topic': info.config.bundleId,
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
  return { send, close: () => session.close() };
}

module.exports = {
  'push.fcm': {
    peerIs: PEER,
    fake: () => new (require('@herald/notification/testing').FakeFcmServer)().start(),
    async info(fake) {
      const push = await pushChannel('fcm', 'fcm', fake.driverConfig());
      await push.send({ token: 'device-0', title: 'Hi', body: 'there' });
      await push.close();
      return {
        config: fake.driverConfig(),
        token: [...fake.issuedTokens.keys()][0],
        url: `${fake.url}/v1/projects/${fake.projectId}/messages:send`,
      };
    },
    async herald(info) {
      const push = await pushChannel('fcm', 'fcm', info.config);
      return {
        send: (i) =>
          push.send({ token: `device-${i}`, title: 'Hi', body: 'there', data: { n: String(i) } }),
        close: () => push.close(),
      };
    },
    peer(info) {
      const raw = require('./raw-http');
      return {
        send: (i) =>
          raw.rawPost(
            info.url,
            { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
            JSON.stringify({
              message: {
                token: `device-${i}`,
                notification: { title: 'Hi', body: 'there' },
                data: { n: String(i) },
              },
            }),
          ),
        close: raw.close,
      };
    },
  },

  'push.apns': {
    peerIs: 'the same HTTP/2 streams by hand on one session with a precomputed JWT',
    ...apns,
    async herald(info) {
      const push = await pushChannel('ios', 'apns', info.config);
      return {
        send: (i) => push.send({ token: tok(i), title: 'Hi', body: 'there' }),
        close: () => push.close(),
      };
    },
    peer: apnsPeer,
  },

  'push.apns.sendBatch10k': {
    peerIs: 'the same 10,000 HTTP/2 streams by hand on one session, 1,000 in flight',
    unit: 'tokens/s',
    rounds: 3,
    sends: Number(process.env.BENCH_APNS_BATCH ?? 10000),
    ...apns,
    async herald(info) {
      const push = await pushChannel('ios', 'apns', info.config);
      return {
        async batch(n) {
          const messages = Array.from({ length: n }, (_, i) => ({
            token: tok(i),
            title: 'Batch',
            body: `n${i}`,
          }));
          const results = await push.sendBatch(messages);
          const failed = results.filter((r) => !r.success).length;
          if (failed > 0) throw new Error(`sendBatch: ${failed} of ${n} failed`);
          if (push.driver.connectionsOpened !== 1)
            throw new Error(`sendBatch opened ${push.driver.connectionsOpened} connections, not 1`);
        },
        close: () => push.close(),
      };
    },
    peer(info) {
      const peer = apnsPeer(info);
      return {
        async batch(n) {
          let next = 0;
          await Promise.all(
            Array.from({ length: 1000 }, async () => {
              while (next < n) {
                const i = next++;
                await peer.send(i, 'Batch', `n${i}`);
              }
            }),
          );
        },
        close: peer.close,
      };
    },
  },

  'push.webpush': {
    peerIs: 'web-push generateRequestDetails (same encryption + VAPID) posted with node:http',
    sends: Number(process.env.BENCH_SENDS ?? 1500) / 4,
    rounds: 3,
    async fake() {
      const vapid = require('web-push').generateVAPIDKeys();
      const fake = await new (require('@herald/notification/testing').FakeWebPushServer)(
        vapid.publicKey,
      ).start();
      fake.vapid = vapid;
      return fake;
    },
    info: (fake) => ({ vapid: fake.vapid, subscription: fake.createSubscription() }),
    async herald(info) {
      const push = await pushChannel('web', 'webpush', {
        vapidPublicKey: info.vapid.publicKey,
        vapidPrivateKey: info.vapid.privateKey,
        subject: 'mailto:bench@herald.test',
      });
      const token = JSON.stringify(info.subscription);
      return {
        send: (i) => push.send({ token, title: 'Hi', body: `n${i}` }),
        close: () => push.close(),
      };
    },
    peer(info) {
      const webPush = require('web-push');
      const raw = require('./raw-http');
      const options = {
        vapidDetails: {
          subject: 'mailto:bench@herald.test',
          publicKey: info.vapid.publicKey,
          privateKey: info.vapid.privateKey,
        },
        TTL: 60,
        contentEncoding: 'aes128gcm',
      };
      return {
        send(i) {
          const d = webPush.generateRequestDetails(
            info.subscription,
            JSON.stringify({ title: 'Hi', body: `n${i}` }),
            options,
          );
          return raw.rawPost(d.endpoint, d.headers, d.body);
        },
        close: raw.close,
      };
    },
  },
};
