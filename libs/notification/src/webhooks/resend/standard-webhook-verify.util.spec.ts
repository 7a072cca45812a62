import { Webhook } from 'standardwebhooks';
import {
  generateWebhookSecret,
  webhookSecretKey,
} from '../../notifier/webhooks/webhook-signature.util.js';
import { verifyStandardWebhook } from './standard-webhook-verify.util.js';

describe('verifyStandardWebhook', () => {
  const secret = generateWebhookSecret();
  const keys = [webhookSecretKey(secret)];
  const body = '{"type":"email.delivered","data":{"email_id":"e1"}}';
  const now = new Date();
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = new Webhook(secret).sign('msg_1', now, body);

  it('accepts what the standardwebhooks package signs, among other signatures too', () => {
    expect(
      verifyStandardWebhook(keys, { id: 'msg_1', timestamp, signature }, Buffer.from(body)),
    ).toBe(true);
    const several = `v1,AAAA v2,xyz ${signature}`;
    expect(
      verifyStandardWebhook(
        keys,
        { id: 'msg_1', timestamp, signature: several },
        Buffer.from(body),
      ),
    ).toBe(true);
    const rotated = [webhookSecretKey(generateWebhookSecret()), ...keys];
    expect(
      verifyStandardWebhook(rotated, { id: 'msg_1', timestamp, signature }, Buffer.from(body)),
    ).toBe(true);
  });

  it('refuses another id, timestamp, body or key', () => {
    const ok = { id: 'msg_1', timestamp, signature };
    expect(verifyStandardWebhook(keys, { ...ok, id: 'msg_2' }, Buffer.from(body))).toBe(false);
    expect(
      verifyStandardWebhook(
        keys,
        { ...ok, timestamp: `${Number(timestamp) + 1}` },
        Buffer.from(body),
      ),
    ).toBe(false);
    expect(verifyStandardWebhook(keys, ok, Buffer.from(`${body} `))).toBe(false);
    expect(
      verifyStandardWebhook([webhookSecretKey(generateWebhookSecret())], ok, Buffer.from(body)),
    ).toBe(false);
    expect(
      verifyStandardWebhook(
        keys,
        { ...ok, signature: signature.replace('v1,', 'v2,') },
        Buffer.from(body),
      ),
    ).toBe(false);
  });
});
