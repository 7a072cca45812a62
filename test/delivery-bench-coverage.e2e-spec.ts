import { join } from 'node:path';
import { CHAT_DRIVERS, MAIL_DRIVERS, PUSH_DRIVERS, SMS_DRIVERS } from '@herald/contracts';

const SIDES = join(__dirname, '..', 'bench', 'delivery', 'sides');

/** The case names of bench/delivery/drivers.bench.js. */
function benchCases(): string[] {
  return ['sms', 'push', 'mail', 'chat', 'webhook'].flatMap((file) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Object.keys(require(join(SIDES, `${file}.cases.js`)) as Record<string, unknown>),
  );
}

describe('bench/delivery: every driver is measured against the same request by hand', () => {
  it('has a case for every driver the configuration accepts (the `log` drivers send nothing)', () => {
    const cases = benchCases();
    const prefix = {
      sms: SMS_DRIVERS,
      push: PUSH_DRIVERS,
      email: MAIL_DRIVERS,
      chat: CHAT_DRIVERS,
    };
    const missing = Object.entries(prefix).flatMap(([channel, drivers]) =>
      drivers
        .filter((driver) => driver !== 'log')
        .filter(
          (driver) =>
            !cases.some(
              (c) => c === `${channel}.${driver}` || c.startsWith(`${channel}.${driver}.`),
            ),
        )
        .map((driver) => `${channel}.${driver}`),
    );
    expect(missing).toEqual([]);
  });

  it('measures WhatsApp and outgoing webhooks, the notifier channels that are not configured backends', () => {
    expect(benchCases()).toEqual(expect.arrayContaining(['whatsapp.twilio', 'webhook.send']));
  });

  it('gives every case both sides, its fake and what the peer is', () => {
    for (const file of ['sms', 'push', 'mail', 'chat', 'webhook']) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const cases = require(join(SIDES, `${file}.cases.js`)) as Record<
        string,
        Record<string, unknown>
      >;
      for (const [name, spec] of Object.entries(cases))
        for (const key of ['fake', 'info', 'herald', 'peer'])
          expect({ name, key, type: typeof spec[key] }).toEqual({ name, key, type: 'function' });
      for (const [name, spec] of Object.entries(cases))
        expect({ name, peerIs: typeof spec.peerIs }).toEqual({ name, peerIs: 'string' });
    }
  });
});
