import type { MailerProtocol, MailMessage, MailSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import { MemoryDeliveryStore } from '../delivery/stores/memory-delivery.store.js';
import { RetryingMailer } from './retrying-mailer.js';

/** A mailer that fails with the scripted errors first, then accepts. */
class FlakyMailer implements MailerProtocol {
  sent: MailMessage[] = [];
  calls: number[] = [];
  constructor(
    readonly name: string,
    private readonly failures: DeliveryError[],
  ) {}
  async send(mail: MailMessage | { build(): MailMessage }): Promise<MailSendResult> {
    this.calls.push(Date.now());
    const failure = this.failures.shift();
    if (failure) throw failure;
    const message = 'build' in mail ? mail.build() : mail;
    this.sent.push(message);
    return {
      messageId: `<${this.sent.length}@${this.name}>`,
      backend: this.name,
      accepted: ['x'],
      rejected: [],
    };
  }
}

const mail: MailMessage = { to: ['ada@example.com'], subject: 'Hi', text: 'Hello' };
const unavailable = (retryAfterMs?: number) =>
  new DeliveryError('421 try later', {
    reason: 'provider_unavailable',
    statusCode: 421,
    retryAfterMs,
  });

describe('RetryingMailer', () => {
  afterEach(() => jest.useRealTimers());

  it('retries transient failures with backoff and tracks the record to sent', async () => {
    jest.useFakeTimers({ now: 0 });
    const store = new MemoryDeliveryStore();
    const inner = new FlakyMailer('smtp', [unavailable(), unavailable(2500)]);
    const mailer = new RetryingMailer(inner, {
      store,
      policy: { attempts: 3, baseDelayMs: 1000, random: () => 0.5 },
    });
    const sending = mailer.send(mail);
    await jest.advanceTimersByTimeAsync(0);
    const id = (await store.list())[0].id;
    expect((await store.get(id))?.status).toBe('retrying');
    await jest.advanceTimersByTimeAsync(3000);
    const result = await sending;
    expect(inner.calls).toEqual([0, 500, 3000]); // 500 = jitter of 1000, then Retry-After 2500
    expect(result).toMatchObject({ messageId: '<1@smtp>', deliveryId: id });
    expect(await store.get(id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      backend: 'smtp',
      providerMessageId: '<1@smtp>',
      recipient: 'ada@example.com',
    });
    expect(String(await store.get(id))).toContain('to a***@example.com: sent');
  });

  it('does not retry a permanent failure and marks the record failed', async () => {
    const inner = new FlakyMailer('smtp', [
      new DeliveryError('550 no such user', { reason: 'invalid_recipient' }),
    ]);
    const mailer = new RetryingMailer(inner, { policy: { attempts: 5, baseDelayMs: 0 } });
    await expect(mailer.send(mail)).rejects.toMatchObject({ reason: 'invalid_recipient' });
    expect(inner.calls).toHaveLength(1);
    expect((await mailer.store.list())[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('fails over to a fallback mailer and builds Mailables', async () => {
    const primary = new FlakyMailer('smtp', [unavailable()]);
    const fallback = new FlakyMailer('sendgrid', []);
    const mailer = new RetryingMailer(primary, { fallbacks: [fallback], policy: { attempts: 1 } });
    const result = await mailer.send({ build: () => mail });
    expect(result.backend).toBe('sendgrid');
    expect(fallback.sent[0].subject).toBe('Hi');
    expect((await mailer.store.list())[0]).toMatchObject({ status: 'sent', backend: 'sendgrid' });
  });

  it('makes a repeated send with the same idempotency key a no-op', async () => {
    const inner = new FlakyMailer('smtp', []);
    const mailer = new RetryingMailer(inner);
    const first = await mailer.send({ ...mail, idempotencyKey: 'welcome:42' });
    const second = await mailer.send({ ...mail, idempotencyKey: 'welcome:42' });
    expect(inner.sent).toHaveLength(1);
    expect(second.deliveryId).toBe(first.deliveryId);
    expect(second.messageId).toBe(first.messageId);
  });

  it('ends dead after the last attempt', async () => {
    const inner = new FlakyMailer('smtp', [unavailable(), unavailable()]);
    const mailer = new RetryingMailer(inner, { policy: { attempts: 2, baseDelayMs: 0 } });
    await expect(mailer.send(mail)).rejects.toBeInstanceOf(DeliveryError);
    expect((await mailer.store.list())[0]).toMatchObject({ status: 'dead', attempts: 2 });
  });
});
