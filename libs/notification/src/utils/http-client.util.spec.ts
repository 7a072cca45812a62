import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { DeliveryError } from '../errors/delivery.error.js';
import { HttpClient } from './http-client.util.js';

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
