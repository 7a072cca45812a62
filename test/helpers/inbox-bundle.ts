import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INBOX_BUNDLE_FILE } from '../../apps/demo/src/admin/assets/inbox-bundle.service.js';

/**
 * Builds the `<herald-inbox>` browser bundle when it is missing (a test run
 * without `npm run build`): the in-process demo reads it when it starts.
 */
export function ensureInboxBundle(): string {
  if (!existsSync(INBOX_BUNDLE_FILE)) {
    execFileSync(
      process.execPath,
      [join(__dirname, '..', '..', 'scripts', 'build-inbox-bundle.js')],
      {
        stdio: 'pipe',
      },
    );
  }
  return INBOX_BUNDLE_FILE;
}
