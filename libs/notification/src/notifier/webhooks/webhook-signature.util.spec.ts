import { Webhook } from 'standardwebhooks';
import {
  generateWebhookSecret,
  signWebhook,
  webhookSecretKey,
  webhookSecretProblem,
} from './webhook-signature.util.js';

describe('Standard Webhooks signatures', () => {
  const body = JSON.stringify({ type: 'invoice.paid', data: { id: 'inv_1', total: 12.5 } });

  it('signs as the reference implementation verifies, with a generated whsec_ secret', () => {
    const secret = generateWebhookSecret();
    expect(webhookSecretProblem(secret)).toBeUndefined();
    const ts = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': signWebhook([webhookSecretKey(secret)], 'msg_1', ts, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // and exactly what the reference signer writes
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('msg_1', new Date(ts * 1000), body),
    );
  });

  it('carries one signature per key, each verifying with its own secret, a third secret failing', () => {
    const [a, b, c] = [generateWebhookSecret(), generateWebhookSecret(), generateWebhookSecret()];
    const ts = Math.floor(Date.now() / 1000);
    const signature = signWebhook([webhookSecretKey(a), webhookSecretKey(b)], 'msg_2', ts, body);
    expect(signature.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(ts),
      'webhook-signature': signature,
    };
    expect(() => new Webhook(a).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(b).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(c).verify(body, headers)).toThrow();
    expect(() => new Webhook(a).verify(`${body} `, headers)).toThrow();
  });

  it.each([
    [undefined, /must be a string "whsec_"/],
    ['sk_abc', /must be a string "whsec_"/],
    ['whsec_not base64!', /followed by base64/],
    [`whsec_${Buffer.alloc(8).toString('base64')}`, /24 to 64 bytes .*holds 8/],
  ])('explains why %p is not a secret, without quoting it', (secret, message) => {
    const problem = webhookSecretProblem(secret);
    expect(problem).toMatch(message);
    if (typeof secret === 'string' && secret.length > 6)
      expect(problem).not.toContain(secret.slice(6));
  });
});
