import { get } from 'node:https';
import { rootCertificates } from 'node:tls';

/** What a GET to SNS answered. */
export interface SnsHttpsAnswer {
  status: number;
  body: string;
}

/** Largest answer read from SNS (a signing certificate is ~2 KB). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * GETs an SNS URL over HTTPS (Node's CA roots, plus `extraCa` when given),
 * at most `MAX_ANSWER_BYTES`, within `timeoutMs`. No redirects are followed.
 */
export function snsHttpsGet(
  url: URL,
  timeoutMs: number,
  extraCa?: string,
): Promise<SnsHttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      {
        timeout: timeoutMs,
        ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}),
        headers: { 'user-agent': 'Herald SNS subscriber' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}
