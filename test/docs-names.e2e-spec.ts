import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryDeliveryStore, type DeliveryStore } from '@herald/notification';
import {
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  sendgridPublicKey,
  verifySendgridSignature,
} from '../libs/notification/src/webhooks/sendgrid/sendgrid-signature.util.js';
import { TWILIO_SIGNATURE_HEADER } from '../libs/notification/src/webhooks/webhooks.constants.js';

const doc = (name: string) => readFileSync(join(__dirname, '..', 'docs', name), 'utf8');

/** What the guides name, checked against the code they describe. */
describe('names the guides give', () => {
  it('docs/webhooks.md names every signature header the webhook routes read', () => {
    const text = doc('webhooks.md').toLowerCase();
    for (const header of [
      TWILIO_SIGNATURE_HEADER,
      SENDGRID_SIGNATURE_HEADER,
      SENDGRID_TIMESTAMP_HEADER,
    ]) {
      expect(text).toContain(`\`${header}\``);
    }
  });

  it("a SendGrid signature made as docs/webhooks.md describes it is one Herald's check accepts", () => {
    const text = doc('webhooks.md');
    expect(text).toContain(
      'the signature is base64 of a DER-encoded ECDSA\nP-256 signature (SHA-256) over the timestamp string followed by the raw request body',
    );
    expect(text).toContain('the verification key is the base64 DER public key');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const timestamp = '1767225600';
    const body = Buffer.from('[{"event":"delivered"}]');
    // as described: DER (node's default for ECDSA), base64, over timestamp + body
    const signature = sign('sha256', Buffer.concat([Buffer.from(timestamp), body]), privateKey);
    const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(
      verifySendgridSignature(
        sendgridPublicKey(key),
        signature.toString('base64'),
        timestamp,
        body,
      ),
    ).toBe(true);
  });

  it('docs/reliable-delivery.md names DeliveryStore, the type of DELIVERY_STORE', () => {
    expect(doc('reliable-delivery.md')).toContain(
      '`DELIVERY_STORE`, whose type is `DeliveryStore`',
    );
    const store: DeliveryStore = new MemoryDeliveryStore(); // the exported type fits the stores
    expect(typeof store.findByProviderMessageId).toBe('function');
  });
});
