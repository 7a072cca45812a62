import { X509Certificate, type KeyObject } from 'node:crypto';
import { snsHttpsGet } from './sns-https-get.util.js';

/** How many signing certificates are kept (SNS uses one per region at a time). */
const MAX_CERTIFICATES = 50;
/** How long a certificate download may take. */
const FETCH_TIMEOUT_MS = 5000;

/**
 * The public keys of SNS signing certificates, fetched once per
 * `SigningCertURL` (HTTPS, allow-listed host: checked by the caller) and
 * kept; a failed fetch is not kept, so the next message tries again.
 */
export class SnsCertificateCache {
  private readonly keys = new Map<string, Promise<KeyObject>>();

  constructor(private readonly extraCa?: string) {}

  key(url: URL): Promise<KeyObject> {
    const href = url.href;
    let key = this.keys.get(href);
    if (!key) {
      key = this.fetch(url);
      this.keys.set(href, key);
      if (this.keys.size > MAX_CERTIFICATES) this.keys.delete(this.keys.keys().next().value!);
      key.catch(() => this.keys.delete(href));
    }
    return key;
  }

  private async fetch(url: URL): Promise<KeyObject> {
    const answer = await snsHttpsGet(url, FETCH_TIMEOUT_MS, this.extraCa);
    if (answer.status !== 200)
      throw new Error(`the certificate URL answered HTTP ${answer.status}`);
    const certificate = new X509Certificate(answer.body);
    const now = Date.now();
    if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now)
      throw new Error(`the certificate is not valid now (valid to ${certificate.validTo})`);
    if (certificate.publicKey.asymmetricKeyType !== 'rsa')
      throw new Error('the certificate does not hold an RSA key');
    return certificate.publicKey;
  }
}
