import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AdminViewer } from '@herald/contracts';
import { DEMO_USERS } from './demo-users.js';
import { requestCredential, SESSION_COOKIE } from './request-credential.util.js';
import type { UserIdentifier } from './user-identifier.interface.js';

export { SESSION_COOKIE };

/**
 * The demo's login: a user id signed with HMAC-SHA256 (`alice.<signature>`),
 * carried in the `herald_session` cookie (HttpOnly, SameSite=Lax) or as
 * `Authorization: Bearer <token>`. The key is `DEMO_AUTH_SECRET`, or random
 * per process (sessions then end with the process). Demo only: no passwords.
 */
@Injectable()
export class DemoAuthService implements UserIdentifier {
  private readonly secret = process.env.DEMO_AUTH_SECRET || randomBytes(32).toString('hex');

  users(): readonly AdminViewer[] {
    return DEMO_USERS;
  }

  findUser(id: unknown): AdminViewer | undefined {
    return DEMO_USERS.find((user) => user.id === id);
  }

  /** A token for a demo user. */
  issue(userId: string): string {
    return `${userId}.${this.sign(userId)}`;
  }

  identify(request: { headers: Record<string, string | string[] | undefined> }) {
    const credential = requestCredential(request.headers);
    return 'token' in credential ? this.verify(credential.token) : undefined;
  }

  private verify(token: string): AdminViewer | undefined {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const userId = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.sign(userId));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return this.findUser(userId);
  }

  private sign(userId: string): string {
    return createHmac('sha256', this.secret).update(userId).digest('base64url');
  }
}
