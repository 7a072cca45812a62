import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';

/** A browser-side subscription key pair: what the user agent keeps private. */
export interface SubscriptionKeys {
  /** Uncompressed P-256 public key, base64url (the subscription's `p256dh`). */
  p256dh: string;
  /** 16-byte auth secret, base64url. */
  auth: string;
  /** The private key, kept by the fake to decrypt. */
  privateKey: Buffer;
}

export function createSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    privateKey: ecdh.getPrivateKey(),
  };
}

/**
 * Decrypts an RFC 8291 `aes128gcm` Web Push body (RFC 8188 header: salt, record
 * size, key id = the sender's ephemeral public key) with the subscription's
 * private key and auth secret. Throws when the body does not decrypt.
 */
export function decryptAes128gcm(body: Buffer, keys: SubscriptionKeys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize)
    throw new Error('multi-record bodies are not used by Web Push');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const uaPublic = Buffer.from(keys.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
  const ikm = Buffer.from(
    hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), keyInfo, 32),
  );
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing the last-record padding delimiter (0x02)');
  return padded.subarray(0, end);
}

/** Verifies a VAPID `Authorization: vapid t=<jwt>, k=<key>` header; returns the JWT claims when valid. */
export function verifyVapid(
  header: string | undefined,
  expectedPublicKey: string,
): { claims: Record<string, any>; valid: boolean; problem?: string } {
  const t = /t=([^,\s]+)/.exec(header ?? '')?.[1];
  const k = /k=([^,\s]+)/.exec(header ?? '')?.[1];
  if (!header?.startsWith('vapid ') || !t || !k)
    return { claims: {}, valid: false, problem: 'missing vapid t= and k=' };
  if (k !== expectedPublicKey)
    return { claims: {}, valid: false, problem: 'unexpected VAPID public key' };
  const [h, c, s] = t.split('.');
  try {
    const raw = Buffer.from(k, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));
    const valid =
      header.alg === 'ES256' &&
      verify(
        'sha256',
        Buffer.from(`${h}.${c}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(s, 'base64url'),
      );
    return { claims, valid, problem: valid ? undefined : 'bad VAPID signature' };
  } catch (error) {
    return { claims: {}, valid: false, problem: (error as Error).message };
  }
}
