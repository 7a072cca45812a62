import { generateKeyPairSync } from 'node:crypto';
import {
  sendgridPublicKey,
  sendgridSignature,
  verifySendgridSignature,
} from './sendgrid-signature.util.js';

describe('SendGrid Signed Event Webhook signature', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const der = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const body = Buffer.from('[{"event":"delivered","sg_message_id":"abc.filter"}]');

  it('reads the key as base64 DER or PEM and verifies timestamp + raw body', () => {
    const signature = sendgridSignature(privateKey, '1700000000', body);
    for (const key of [der, ` ${der}\n`, pem])
      expect(verifySendgridSignature(sendgridPublicKey(key), signature, '1700000000', body)).toBe(
        true,
      );
    const key = sendgridPublicKey(der);
    expect(verifySendgridSignature(key, signature, '1700000001', body)).toBe(false);
    expect(verifySendgridSignature(key, signature, '1700000000', Buffer.from(`${body} `))).toBe(
      false,
    );
    expect(verifySendgridSignature(key, 'not base64 at all', '1700000000', body)).toBe(false);
  });

  it('refuses a key that is not an ECDSA P-256 public key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey;
    expect(() => sendgridPublicKey(rsa.export({ format: 'pem', type: 'spki' }).toString())).toThrow(
      /P-256/,
    );
    expect(() =>
      sendgridPublicKey(p384.export({ format: 'der', type: 'spki' }).toString('base64')),
    ).toThrow(/P-256/);
    expect(() => sendgridPublicKey('bm90IGEga2V5')).toThrow();
  });
});
