import { createServer } from 'node:net';
import { FakeApnsServer } from './fake-apns.server.js';
import { FakeFcmServer } from './fake-fcm.server.js';
import { FakeSendgridServer } from './fake-sendgrid.server.js';
import { FakeTwilioServer } from './fake-twilio.server.js';
import { FakeWebPushServer } from './fake-web-push.server.js';

/** A port that was free a moment ago (the system picks it, the probe gives it back). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const FAKES = [
  () => new FakeTwilioServer(),
  () => new FakeSendgridServer(),
  () => new FakeFcmServer(),
  () => new FakeWebPushServer('BPublicKeyNotUsedHere'),
  () => new FakeApnsServer(),
];

describe('fake provider servers: start({ port })', () => {
  it.each(FAKES.map((make) => [make().constructor.name, make] as const))(
    '%s listens on the fixed port it is given, and on a free one by default',
    async (_name, make) => {
      const port = await freePort();
      const fixed = await make().start({ port });
      const random = await make().start();
      try {
        expect(new URL(fixed.url).port).toBe(String(port));
        expect(new URL(fixed.url).hostname).toBe('127.0.0.1');
        expect(Number(new URL(random.url).port)).toBeGreaterThan(0);
        expect(new URL(random.url).port).not.toBe(String(port));
      } finally {
        await fixed.stop();
        await random.stop();
      }
    },
  );

  it('answers on the fixed port (a request reaches the fake)', async () => {
    const port = await freePort();
    const twilio = await new FakeTwilioServer().start({ port });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/2010-04-01/Accounts/nope/Messages.json`, {
        method: 'POST',
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(twilio.received).toHaveLength(1);
    } finally {
      await twilio.stop();
    }
  });

  it('a taken port rejects with the server, the port and what to do, instead of hanging', async () => {
    const first = await new FakeSendgridServer().start();
    const port = Number(new URL(first.url).port);
    try {
      await expect(new FakeSendgridServer().start({ port })).rejects.toThrow(
        `FakeSendgridServer could not listen on 127.0.0.1:${port} (EADDRINUSE); pick another port or 0 for a free one`,
      );
    } finally {
      await first.stop();
    }
  });

  it.each([-1, 65536, 1.5, Number.NaN])(
    'port %p is refused with the allowed range',
    async (port) => {
      await expect(new FakeFcmServer().start({ port })).rejects.toThrow(
        `FakeFcmServer.start({ port }): port must be an integer from 0 (a free port) to 65535, got ${port}`,
      );
    },
  );
});
