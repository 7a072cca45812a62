import { DeliveryError } from '../errors/delivery.error.js';
import { Mailable } from '../mailer/mailable.js';
import { InMemoryChatChannel } from './in-memory-chat-channel.js';
import { InMemoryMailer } from './in-memory-mailer.js';
import { InMemoryPushChannel } from './in-memory-push-channel.js';
import { InMemorySmsChannel } from './in-memory-sms-channel.js';

describe('in-memory channels of the test kit', () => {
  it('InMemorySmsChannel records messages and fails on demand', async () => {
    const sms = new InMemorySmsChannel();
    await sms.send({ to: '+15550000001', body: 'a' });
    sms.failNext();
    await expect(sms.send({ to: '+15550000001', body: 'b' })).rejects.toMatchObject({
      reason: 'provider_unavailable',
      transient: true,
    });
    await sms.send({ to: '+15550000002', body: 'c' });
    expect(sms.sentTo('+15550000001').map((m) => m.body)).toEqual(['a']);
    expect(sms.sent).toHaveLength(2);
    sms.reset();
    expect(sms.sent).toHaveLength(0);
  });

  it('InMemoryPushChannel reports tokens marked dead, like a real backend', async () => {
    const push = new InMemoryPushChannel().markDead('stale');
    const results = await push.sendBatch([{ token: 'live' }, { token: 'stale' }]);
    expect(results.map((r) => [r.token, r.success, r.dead])).toEqual([
      ['live', true, undefined],
      ['stale', false, true],
    ]);
    await expect(push.send({ token: 'stale' })).rejects.toBeInstanceOf(DeliveryError);
    expect(push.sent.map((m) => m.token)).toEqual(['live']);
  });

  it('InMemoryMailer builds Mailables, validates like a real mailer, and records', async () => {
    const mailer = new InMemoryMailer();
    const result = await mailer.send(
      new Mailable()
        .to('a@example.com')
        .bcc('b@example.com')
        .subject('Hi {{n}}')
        .template({ text: 'x' }, { n: 1 }),
    );
    expect(result).toMatchObject({
      backend: 'memory',
      accepted: ['a@example.com', 'b@example.com'],
    });
    expect(mailer.sentTo('b@example.com')[0]).toMatchObject({
      subject: 'Hi 1',
      from: 'noreply@example.com',
    });
    await expect(
      mailer.send({ to: ['a@example.com'], subject: 'x\nBcc: c@example.com', text: 't' }),
    ).rejects.toMatchObject({ reason: 'bad_request' });
    expect(mailer.sent).toHaveLength(1);
  });

  it('InMemoryChatChannel records copies, threads replies and fails on demand, queued', async () => {
    const chat = new InMemoryChatChannel('ops');
    const message = { to: '#deploys', text: 'deployed' };
    const first = await chat.send(message);
    expect(first).toEqual({ messageId: 'chat-1', threadId: 'chat-1', backend: 'ops' });
    message.text = 'changed after sending';
    expect(chat.sent[0].text).toBe('deployed');
    chat.failNext().failNext();
    for (let i = 0; i < 2; i++)
      await expect(chat.send({ to: '#deploys', text: 'x' })).rejects.toMatchObject({
        reason: 'provider_unavailable',
        channel: 'chat',
        backend: 'ops',
      });
    const reply = await chat.send({ to: '#other', text: 'r', threadId: first.messageId });
    expect(reply).toMatchObject({ messageId: 'chat-2', threadId: 'chat-1' });
    expect(chat.sentTo('#deploys')).toHaveLength(1);
    chat.failNext();
    chat.reset();
    expect(chat.sent).toHaveLength(0);
    await expect(chat.send({ to: '#deploys', text: 'after reset' })).resolves.toBeDefined();
  });

  it('InMemoryMailer validates before an injected failure, which names the mail channel', async () => {
    const mailer = new InMemoryMailer().failNext();
    await expect(
      mailer.send({ to: ['a@example.com'], subject: 'x\nBcc: c@example.com', text: 't' }),
    ).rejects.toMatchObject({ reason: 'bad_request' });
    await expect(
      mailer.send({ to: ['a@example.com'], subject: 's', text: 't' }),
    ).rejects.toMatchObject({ reason: 'provider_unavailable', channel: 'mail', backend: 'memory' });
    expect((await mailer.send({ to: ['a@example.com'], subject: 's', text: 't' })).messageId).toBe(
      '<memory-1@herald.test>',
    );
  });
});
