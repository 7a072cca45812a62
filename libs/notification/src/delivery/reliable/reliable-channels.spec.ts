import type { PushMessage, PushSendResult } from '@herald/contracts';
import { DeliveryError } from '../../errors/delivery.error.js';
import { InMemorySmsChannel } from '../../memory/in-memory-sms-channel.js';
import { createDeliveryService } from './create-delivery-service.js';
import { ReliablePushChannel, ReliableSmsChannel } from './reliable-channels.js';

/** A push backend that declares `dead-*` tokens gone and fails `busy-*` tokens transiently. */
class TokenAwarePush {
  readonly name = 'fcm';
  sent: string[] = [];
  async send(message: PushMessage): Promise<PushSendResult> {
    if (message.token.startsWith('dead-'))
      throw new DeliveryError('UNREGISTERED', { reason: 'dead_token', backend: this.name });
    if (message.token.startsWith('busy-'))
      throw new DeliveryError('503', {
        reason: 'provider_unavailable',
        backend: this.name,
        retryAfterMs: 0,
      });
    this.sent.push(message.token);
    return {
      token: message.token,
      success: true,
      messageId: `m-${message.token}`,
      backend: this.name,
    };
  }
  async sendBatch(messages: PushMessage[]): Promise<PushSendResult[]> {
    return Promise.all(messages.map((m) => this.send(m)));
  }
}

describe('reliable channels (inline)', () => {
  it('SMS: records the send and makes a repeated idempotency key a no-op', async () => {
    const service = createDeliveryService({ retryAttempts: 2, retryBaseMs: 0 });
    const raw = new InMemorySmsChannel();
    service.register('sms', raw);
    const sms = new ReliableSmsChannel(service, [raw.name]);
    expect(sms.name).toBe(raw.name);
    const first = await sms.send({ to: '+15551234567', body: 'code 1', idempotencyKey: 'otp-1' });
    const again = await sms.send({ to: '+15551234567', body: 'code 1', idempotencyKey: 'otp-1' });
    expect(again.deliveryId).toBe(first.deliveryId);
    expect(raw.sent).toHaveLength(1);
    // Without a key, inline sends are never deduplicated.
    await sms.send({ to: '+15551234567', body: 'same' });
    await sms.send({ to: '+15551234567', body: 'same' });
    expect(raw.sent).toHaveLength(3);
    expect(await service.engine.store.get(first.deliveryId)).toMatchObject({
      status: 'sent',
      providerMessageId: first.messageId,
    });
  });

  it('SMS: an unknown backend name fails permanently, naming the known ones', async () => {
    const service = createDeliveryService();
    service.register('sms', new InMemorySmsChannel());
    const sms = new ReliableSmsChannel(service, ['nope']);
    await expect(sms.send({ to: '+15551234567', body: 'x' })).rejects.toThrow(
      /no sms backend named "nope".*known: sms:/,
    );
  });

  it('push: sendBatch reports per-token outcomes without rejecting', async () => {
    const service = createDeliveryService({ retryAttempts: 2, retryBaseMs: 0 });
    const backend = new TokenAwarePush();
    service.register('push', backend);
    const push = new ReliablePushChannel(service, ['fcm']);
    const results = await push.sendBatch([
      { token: 'ok-1', title: 'a' },
      { token: 'dead-1', title: 'b' },
      { token: 'busy-1', title: 'c' },
    ]);
    expect(results.map((r) => [r.token, r.success])).toEqual([
      ['ok-1', true],
      ['dead-1', false],
      ['busy-1', false],
    ]);
    expect(results[1]).toMatchObject({
      dead: true,
      error: { code: 'dead_token', permanent: true },
    });
    expect(results[2]).toMatchObject({
      dead: false,
      error: { code: 'provider_unavailable', permanent: false },
    });
    const counts = await service.engine.store.countByStatus();
    expect(counts).toMatchObject({ sent: 1, failed: 1, dead: 1 });
  });
});
