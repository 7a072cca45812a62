import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PEM key and certificate for `localhost` / `127.0.0.1`. */
export interface SelfSignedCertificate {
  key: string;
  cert: string;
}

/**
 * A fresh self-signed P-256 certificate (RSA 2048 with `keyType: 'rsa'`, as
 * SNS signing certificates are) for `localhost` and `127.0.0.1`, made with
 * the `openssl` command (no package needed; ~20 ms). Give `cert` to the
 * client as its trusted CA.
 */
export function createSelfSignedCertificate(
  commonName = 'localhost',
  keyType: 'ec' | 'rsa' = 'ec',
): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'herald-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        ...(keyType === 'rsa' ? ['rsa:2048'] : ['ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']),
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } catch (error) {
    throw new Error(
      `Could not create a self-signed certificate with openssl (is it installed?): ${(error as Error).message}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
