import type { AdminViewer } from '@herald/contracts';

/** Token of the pluggable `UserIdentifier` the admin routes rely on. */
export const USER_IDENTIFIER = 'DEMO:USER_IDENTIFIER';

/**
 * Identifies the user behind a request, or undefined (the guard then answers
 * 401). Replace the demo's with your own: `{ provide: USER_IDENTIFIER, useClass: ... }`.
 */
export interface UserIdentifier {
  identify(request: {
    headers: Record<string, string | string[] | undefined>;
    method?: string;
    query?: unknown;
  }): AdminViewer | undefined | Promise<AdminViewer | undefined>;
}
