import { HeraldConfigError, type MetricsCollectorProtocol } from '@herald/contracts';
import { CircuitBreakerRegistry } from '../delivery/failover/circuit-breaker.registry.js';
import type { DeliveryJob, DeliveryQueue } from '../delivery/queue/delivery-queue.protocol.js';
import { MAIL_ADAPTER, SMS_ADAPTER } from '../delivery/reliable/channel-adapters.js';
import { DeliveryEngine } from '../delivery/reliable/delivery-engine.js';
import { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { MemoryDeliveryStore } from '../delivery/stores/memory-delivery.store.js';
import { DeliverySuppressedError } from '../errors/delivery-suppressed.error.js';
import { SuppressionInputError } from './errors/suppression-input.error.js';
import { UnsubscribeTokenError } from './errors/unsubscribe-token.error.js';
import { normalizeAddress } from './normalize-address.util.js';
import { MemorySuppressionStore } from './stores/memory-suppression.store.js';
import { SuppressionDeliveryGuard } from './suppression-delivery.guard.js';
import { isHardBounce, suppressionReasonOf } from './suppression-feedback.js';
import { SuppressionService } from './suppression.service.js';
import { checkUnsubscribeClaim } from './unsubscribe/check-unsubscribe-claim.util.js';
import { resolveUnsubscribeOptions } from './unsubscribe/resolve-unsubscribe-options.util.js';
import { UnsubscribeHeadersGuard } from './unsubscribe/unsubscribe-headers.guard.js';
import {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from './unsubscribe/unsubscribe-token.util.js';

const SECRET = 's'.repeat(40);

describe('normalizeAddress', () => {
  it('lower-cases e-mail, writes phones in E.164, keeps push tokens', () => {
    expect(normalizeAddress('mail', '  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalizeAddress('sms', '+1 (555) 010-0001')).toBe('+15550100001');
    expect(normalizeAddress('sms', '0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizeAddress('push', 'AbC:tok')).toBe('AbC:tok');
  });

  it('names the field and what is allowed', () => {
    expect(() => normalizeAddress('sms', '555-0100')).toThrow(
      /suppression: address must be a phone number in E\.164 form/,
    );
    expect(() => normalizeAddress('mail', 'not-an-address')).toThrow(SuppressionInputError);
    expect(() => normalizeAddress('mail', '')).toThrow(/must be a non-empty string/);
  });
});

describe('SuppressionService', () => {
  const events: Array<[string, unknown]> = [];
  const service = new SuppressionService(new MemorySuppressionStore(), () => ({
    emit: (event: string, payload: unknown) => events.push([event, payload]),
  }));

  it('validates channel, reason, category, source, paging and ids', async () => {
    await expect(
      service.add({ channel: 'fax' as never, address: 'x', reason: 'manual' }),
    ).rejects.toThrow('suppression: channel must be one of sms, push, mail (got "fax")');
    await expect(
      service.add({ channel: 'mail', address: 'a@b.c', reason: 'soft_bounce' as never }),
    ).rejects.toThrow(/reason must be one of hard_bounce, complaint/);
    await expect(
      service.add({
        channel: 'mail',
        address: 'a@b.c',
        reason: 'manual',
        category: 'x'.repeat(256),
      }),
    ).rejects.toThrow(/category must be a string of at most 255/);
    await expect(service.list({ limit: 501 })).rejects.toThrow(
      /limit must be an integer from 1 to 500/,
    );
    await expect(service.list({ offset: -1 })).rejects.toThrow(/offset must be an integer from 0/);
    await expect(service.lift('nope')).rejects.toThrow(/id must be the 64-character hex id/);
  });

  it('refuses control characters in category, source and a list filter, and offsets past a safe integer', async () => {
    const add = (extra: object) =>
      service.add({ channel: 'mail', address: 'c@d.example', reason: 'manual', ...extra });
    await expect(add({ category: 'news\u0000' })).rejects.toThrow(
      'suppression: category must not contain control characters (U+0000 at index 4)',
    );
    await expect(add({ source: 'admin:\u0000' })).rejects.toMatchObject({ field: 'source' });
    await expect(service.list({ address: 'a\u0000b' })).rejects.toMatchObject({
      field: 'address',
    });
    for (const offset of [1e20, 2 ** 63, Number.MAX_SAFE_INTEGER + 1])
      await expect(service.list({ offset })).rejects.toThrow(
        `suppression: offset must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`,
      );
    expect((await service.list({ offset: Number.MAX_SAFE_INTEGER })).entries).toEqual([]);
  });

  it('fires added once per new entry and lifted for what was lifted', async () => {
    events.length = 0;
    const entry = await service.add({ channel: 'mail', address: 'X@Y.io', reason: 'manual' });
    await service.add({ channel: 'mail', address: 'x@y.io', reason: 'complaint' });
    expect(events.map(([e]) => e)).toEqual(['notification.suppression.added']);
    expect(await service.liftAddress('mail', 'x@y.io', 'complaint')).toEqual([]);
    expect((await service.liftAddress('mail', 'x@y.io')).map((e) => e.id)).toEqual([entry.id]);
    expect(events.map(([e]) => e)).toEqual([
      'notification.suppression.added',
      'notification.suppression.lifted',
    ]);
  });

  it('an address that cannot be normalised is never suppressed (the provider refuses it)', async () => {
    expect(await service.checkMany([{ channel: 'sms', address: 'garbage' }])).toEqual([undefined]);
  });
});

describe('isHardBounce', () => {
  it.each([
    [{ category: 'bounce', reason: '550 5.1.1 user unknown' }, true],
    [{}, true],
    [{ category: 'blocked' }, false],
    [{ category: 'soft' }, false],
    [{ reason: '452 4.2.2 mailbox full' }, false],
    [{ reason: '4.4.7 delivery time expired' }, false],
    [{ reason: 'temporary failure' }, false],
  ])('%j → %s', (event, hard) => expect(isHardBounce(event)).toBe(hard));
});

describe('suppressionReasonOf', () => {
  it.each([
    [{ channel: 'mail', status: 'complained' }, 'complaint'],
    [{ channel: 'mail', status: 'bounced', reason: '550 5.1.1' }, 'hard_bounce'],
    [{ channel: 'mail', status: 'bounced', category: 'blocked' }, undefined],
    [{ channel: 'mail', status: 'delivered' }, undefined],
    [
      {
        channel: 'sms',
        status: 'failed',
        reason: '21610: Attempt to send to unsubscribed recipient',
      },
      'sms_stop',
    ],
    [{ channel: 'sms', status: 'failed', reason: '30003 unreachable' }, undefined],
    [{ channel: 'mail', status: 'failed', reason: 'Bounced Address' }, 'hard_bounce'],
    [{ channel: 'mail', status: 'failed', reason: 'Spam Reporting Address' }, 'complaint'],
    [{ channel: 'mail', status: 'failed', reason: 'Unsubscribed Address' }, 'unsubscribe'],
    [{ channel: 'mail', status: 'failed', reason: 'Invalid' }, undefined],
  ] as const)('%j → %s', (event, reason) => expect(suppressionReasonOf(event)).toBe(reason));
});

/** `text` (base64url of 32 bytes) with its last character changed only in the 2 bits decoding ignores. */
function otherSpelling(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(text.at(-1)!);
  const other = text.slice(0, -1) + alphabet[last ^ 1];
  expect(Buffer.from(other, 'base64url')).toEqual(Buffer.from(text, 'base64url'));
  return other;
}

describe('unsubscribe tokens', () => {
  const claim = { address: 'a@b.io', category: 'news', expiresAt: 2_000_000_000 };

  it('round-trips and refuses tampering, another key, expiry and junk', () => {
    const token = signUnsubscribeToken(SECRET, claim);
    const soon = 1_999_000_000_000; // epoch ms, 1,000,000 s before the claim expires
    expect(verifyUnsubscribeToken(SECRET, token, soon)).toEqual(claim);
    const problem = (t: unknown, now = soon) => {
      try {
        verifyUnsubscribeToken(SECRET, t, now);
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(UnsubscribeTokenError);
        expect((error as Error).message).not.toContain(SECRET);
        return (error as UnsubscribeTokenError).problem;
      }
    };
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ a: 'z@b.io', c: null, e: 2_000_000_000 })).toString(
      'base64url',
    );
    expect(problem(`${other}.${signature}`)).toBe('forged');
    expect(problem(signUnsubscribeToken('t'.repeat(40), claim))).toBe('forged');
    expect(problem(`${payload}.${signature.slice(1)}`)).toBe('forged');
    // the same signature bytes spelt otherwise (the last character's unused bits): not the token signed
    expect(problem(`${payload}.${otherSpelling(signature)}`)).toBe('forged');
    expect(problem(token, 2_000_000_000_000)).toBe('expired');
    expect(problem(undefined)).toBe('malformed');
    expect(problem('a.b.c')).toBe('malformed');
  });

  it('refuses an expiry further than the TTL (+ one day) from now, and one that is no integer', () => {
    const now = 1_700_000_000_000;
    const at = (expiresAt: number) => signUnsubscribeToken(SECRET, { ...claim, expiresAt });
    const problem = (token: string, ttl?: number) => {
      try {
        verifyUnsubscribeToken(SECRET, token, now, ttl);
        return 'accepted';
      } catch (error) {
        return (error as UnsubscribeTokenError).problem;
      }
    };
    expect(problem(at(1e300))).toBe('malformed');
    expect(problem(at(1_700_000_000 + 1.5))).toBe('malformed');
    expect(problem(at(1_700_000_000 + 3600), 3600)).toBe('accepted');
    expect(problem(at(1_700_000_000 + 3600 + 86_400), 3600)).toBe('accepted');
    expect(problem(at(1_700_000_000 + 3600 + 86_401), 3600)).toBe('far_future');
    expect(problem(at(1_700_000_000 + 368 * 86_400))).toBe('far_future');
    const error = new UnsubscribeTokenError('far_future');
    expect(error.message).toBe('unsubscribe token is valid until too far in the future');
    expect(error.code).toBe('HERALD_UNSUBSCRIBE_TOKEN_FAR_FUTURE');
  });

  it.each([
    ['not an email', 'news', 'address'],
    ['a\u0000b@example.com', 'news', 'address'],
    ['__proto__', 'news', 'address'],
    [`${'a'.repeat(2000)}@example.com`, 'news', 'address'],
    ['a@example.com', '__proto__', 'category'],
    ['a@example.com', 'news\u0000', 'category'],
    ['a@example.com', 'c'.repeat(2000), 'category'],
    ['a@example.com', '', 'category'],
  ])('refuses a signed claim naming %j / %j (%s)', (address, category, field) => {
    expect(() => checkUnsubscribeClaim({ address, category, expiresAt: 1 })).toThrow(
      expect.objectContaining({ field }),
    );
  });

  it('normalises the address of a usable claim', () => {
    expect(
      checkUnsubscribeClaim({ address: ' Fan@Example.com', category: null, expiresAt: 1 }),
    ).toEqual({ address: 'fan@example.com', category: null, expiresAt: 1 });
  });
});

describe('resolveUnsubscribeOptions', () => {
  it('applies defaults', () => {
    expect(resolveUnsubscribeOptions({ secret: SECRET, url: 'https://x.io/u' })).toEqual({
      secret: SECRET,
      url: 'https://x.io/u',
      route: 'unsubscribe',
      ttlSeconds: 5_184_000,
      transactionalCategories: ['transactional', 'security'],
    });
  });

  it('lists every problem as path: message, never the secret', () => {
    const error = (() => {
      try {
        resolveUnsubscribeOptions({
          secret: 'short-secret',
          url: 'http://example.com/u',
          ttlSeconds: 5,
        });
      } catch (e) {
        return e as HeraldConfigError;
      }
    })();
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect(error!.message).toContain(
      'SuppressionModule.unsubscribe.secret: must be a string of at least 32',
    );
    expect(error!.message).toContain('SuppressionModule.unsubscribe.url: must be https://');
    expect(error!.message).toContain(
      'SuppressionModule.unsubscribe.ttlSeconds: must be an integer of at least 60',
    );
    expect(error!.message).not.toContain('short-secret');
  });
});

describe('UnsubscribeHeadersGuard', () => {
  const guard = new UnsubscribeHeadersGuard(
    resolveUnsubscribeOptions({ secret: SECRET, url: 'https://x.io/u?src=mail' }),
    () => 1_000_000,
  );
  const mail = (extra: object = {}) => ({ to: ['Ann@X.io'], subject: 's', text: 't', ...extra });

  it('adds both headers to non-transactional mail for one recipient only', async () => {
    const [news, receipt, none, two, own] = await guard.screen([
      { channel: 'mail', message: mail(), meta: { category: 'news' } },
      { channel: 'mail', message: mail({ metadata: { category: 'transactional' } }) },
      { channel: 'mail', message: mail() },
      {
        channel: 'mail',
        message: mail({ to: ['a@x.io', 'b@x.io'], metadata: { category: 'news' } }),
      },
      {
        channel: 'mail',
        message: mail({
          metadata: { category: 'news' },
          headers: { 'list-unsubscribe': '<mailto:u@x.io>' },
        }),
      },
    ]);
    const headers = (news as { message: { headers: Record<string, string> } }).message.headers;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe'])![1]);
    expect(url.searchParams.get('src')).toBe('mail');
    expect(verifyUnsubscribeToken(SECRET, url.searchParams.get('token'), 1_000_000)).toEqual({
      address: 'ann@x.io',
      category: 'news',
      expiresAt: 1_000 + 5_184_000,
    });
    for (const verdict of [receipt, none, two, own]) expect(verdict).toEqual({ action: 'send' });
  });
});

describe('DeliveryService with the suppression guard', () => {
  function setup(queue?: DeliveryQueue) {
    const store = new MemoryDeliveryStore();
    const counted: Array<[string, number, unknown]> = [];
    const metrics = {
      increment: (name: string, value: number, tags: unknown) =>
        void counted.push([name, value, tags]),
    } as unknown as MetricsCollectorProtocol;
    const delivery = new DeliveryService({
      engine: new DeliveryEngine({ store, breakers: new CircuitBreakerRegistry(), metrics }),
      queue,
    });
    const sent: unknown[] = [];
    delivery.register('sms', {
      name: 'tw',
      send: async (m: unknown) => (sent.push(m), { messageId: 'm1', backend: 'tw' }),
    });
    const suppressions = new SuppressionService(new MemorySuppressionStore());
    const unguard = delivery.guard(new SuppressionDeliveryGuard(suppressions));
    return { store, delivery, sent, suppressions, unguard, counted };
  }

  it('queued mode: a suppressed message gets a suppressed record and no job; the others are enqueued', async () => {
    const jobs: DeliveryJob[] = [];
    const queue: DeliveryQueue = {
      name: 'q',
      enqueue: async (job) => void jobs.push(job),
      counts: async () => ({ waiting: 0, delayed: 0, active: 0, failed: 0, completed: 0 }),
      close: async () => undefined,
    };
    const { store, delivery, suppressions, counted } = setup(queue);
    await suppressions.add({ channel: 'sms', address: '+15550100001', reason: 'sms_stop' });
    const outcomes = await delivery.sendMany([
      { adapter: SMS_ADAPTER, chain: ['tw'], message: { to: '+15550100001', body: 'a' } },
      { adapter: SMS_ADAPTER, chain: ['tw'], message: { to: '+15550100002', body: 'b' } },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['suppressed', 'queued']);
    expect(outcomes[0].error).toBeInstanceOf(DeliverySuppressedError);
    expect(jobs.map((j) => (j.message as { to: string }).to)).toEqual(['+15550100002']);
    expect((await store.get(outcomes[0].deliveryId))?.lastError).toMatch(/^suppressed: sms_stop/);
    await expect(
      delivery.send(SMS_ADAPTER, ['tw'], { to: '+15550100001', body: 'c' }),
    ).rejects.toMatchObject({
      reason: 'suppressed',
      code: 'HERALD_DELIVERY_SUPPRESSED',
      permanent: true,
    });
    expect(jobs).toHaveLength(1);
    expect(counted.filter(([name]) => name === 'herald_delivery_suppressed_total')).toEqual([
      ['herald_delivery_suppressed_total', 1, { channel: 'sms' }],
      ['herald_delivery_suppressed_total', 1, { channel: 'sms' }],
    ]);
  });

  it('inline mode: removing the guard lets sends through; a mail to suppressed addresses only is not sent', async () => {
    const { delivery, sent, suppressions, unguard } = setup();
    delivery.register('email', {
      name: 'sg',
      send: async (m: unknown) => (
        sent.push(m),
        { messageId: 'e1', backend: 'sg', accepted: [], rejected: [] }
      ),
    });
    await suppressions.add({ channel: 'mail', address: 'a@x.io', reason: 'hard_bounce' });
    const error = await delivery
      .send(MAIL_ADAPTER, ['sg'], { to: ['A@x.io'], cc: ['c@x.io'], subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliverySuppressedError);
    expect(sent).toEqual([]);
    unguard();
    await delivery.send(MAIL_ADAPTER, ['sg'], { to: ['a@x.io'], subject: 's', text: 't' });
    expect(sent).toHaveLength(1);
  });
});
