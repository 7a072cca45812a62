import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { ApnsDriverConfig } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import { ApnsPushDriver } from '../push/drivers/apns/apns-push.driver.js';
import { HttpClient, transportError } from './http-client.util.js';

const PLANT = 'S3CRETplant';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('HttpClient: a push or mail send that fails never shows the URL credentials', () => {
  const client = new HttpClient({ channel: 'push', backend: 'android', provider: 'FCM' });
  afterAll(() => client.close());

  it.each([
    `fcm:${PLANT}@fcm.example/v1`,
    `http://u:${PLANT}@fcm.example:port/v1`,
    `https//u:${PLANT}@fcm.example/v1`,
    `ftp://u:${PLANT}@fcm.example/v1?token=${PLANT}`,
  ])('an invalid URL %s is a DeliveryError without the credential', async (url) => {
    const error = await client.request(url, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toMatch(
      /FCM URL of backend "android" is not an http\(s\) URL/,
    );
    expect(inspect(error, { depth: 5 })).not.toContain(PLANT);
  });

  it('a refused connection to a URL with credentials is a DeliveryError without them', async () => {
    const url = `http://u:${PLANT}@127.0.0.1:${await closedPort()}/v1/messages?access_token=${PLANT}`;
    const error = await client.request(url, { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).message).toContain('ECONNREFUSED');
    expect(inspect(error, { depth: 5 })).not.toContain(PLANT);
  });
});

describe('transportError', () => {
  const context = { channel: 'push', backend: 'ios', provider: 'APNs' } as const;

  it('does not keep a Node URL error (its `input` is the whole URL) as the cause', () => {
    const invalid = Object.assign(new TypeError('Invalid URL'), {
      code: 'ERR_INVALID_URL',
      input: `https://u:${PLANT}@apns.example:port`,
    });
    const error = transportError(context, invalid);
    expect(error.message).toContain('Invalid URL');
    expect(inspect(error, { depth: 5 })).not.toContain(PLANT);
  });

  it('an APNs send to a malformed base_url fails without the credential', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const driver = new ApnsPushDriver(
      'ios',
      new ApnsDriverConfig({
        teamId: 'TEAM',
        keyId: 'KEY',
        bundleId: 'dev.herald.app',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        baseUrl: `https://u:${PLANT}@apns.example:port`,
        timeout: 2,
      }),
    );
    try {
      const error = await driver.send({ token: 'a'.repeat(64), title: 't' }, {}).catch((e) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect(inspect(error, { depth: 5 })).not.toContain(PLANT);
    } finally {
      driver.close();
    }
  });
});
