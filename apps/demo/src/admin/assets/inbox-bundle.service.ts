import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';

/** The bundle `scripts/build-inbox-bundle.js` writes (`npm run build`). */
export const INBOX_BUNDLE_FILE = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'libs',
  'inbox-client',
  'dist',
  'browser',
  'herald-inbox.js',
);

/** The bundle in memory: its bytes, its strong ETag and its versioned URL. */
export interface InboxBundle {
  code: Buffer;
  etag: string;
  /** `/assets/herald-inbox-<16 hex of its SHA-256>.js`: cacheable for a year. */
  url: string;
}

/**
 * The browser bundle of `<herald-inbox>` + `HeraldInboxClient`, read once when
 * the demo starts. Missing (the build has not run) it is `undefined`: the
 * pages keep their server-rendered fallback and the demo says how to fix it.
 */
@Injectable()
export class InboxBundleService {
  private readonly logger = new Logger('InboxBundle');
  readonly bundle: InboxBundle | undefined;

  constructor() {
    this.bundle = InboxBundleService.read(INBOX_BUNDLE_FILE);
    if (!this.bundle) {
      this.logger.warn(
        `${INBOX_BUNDLE_FILE} is missing: the pages show no <herald-inbox> until "npm run build" makes it`,
      );
    }
  }

  static read(file: string): InboxBundle | undefined {
    let code: Buffer;
    try {
      code = readFileSync(file);
    } catch {
      return undefined;
    }
    const sha = createHash('sha256').update(code).digest('hex');
    return { code, etag: `"${sha}"`, url: `/assets/herald-inbox-${sha.slice(0, 16)}.js` };
  }
}
