import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { HeraldConfig, type AdminViewer } from '@herald/contracts';
import { InboxTokenError, signInboxToken, verifyInboxToken } from '@herald/notification/inbox';
import { DEMO_USERS } from './demo-users.js';
import { requestCredential, SESSION_COOKIE } from './request-credential.util.js';
import type { UserIdentifier } from './user-identifier.interface.js';

export { SESSION_COOKIE };

/** Where `identify` marks a request signed in by an inbox subscriber token. */
export const INBOX_TOKEN_SIGN_IN = 'heraldInboxToken';

/**
 * The demo's login: a user id signed with HMAC-SHA256 (`alice.<signature>`),
 * carried in the `herald_session` cookie (HttpOnly, SameSite=Lax) or as
 * `Authorization: Bearer <token>`. The key is `DEMO_AUTH_SECRET`, or random
 * per process (sessions then end with the process). Demo only: no passwords.
 * Inbox subscriber tokens (`signInboxToken`, `POST /admin/notifications/token`)
 * are accepted too, as `Authorization: Bearer` or, on a GET (EventSource), `?token=`;
 * their key is `notification.inbox.token_secret`, else one derived from the demo's key.
 */
@Injectable()
export class DemoAuthService implements UserIdentifier {
  private readonly secret = process.env.DEMO_AUTH_SECRET || randomBytes(32).toString('hex');
  private readonly inboxSecret: string;

  constructor(@Optional() herald?: HeraldConfig) {
    this.inboxSecret =
      herald?.notification?.inbox?.tokenSecret ??
      createHmac('sha256', this.secret)
        .update('herald inbox subscriber tokens')
        .digest('base64url');
  }

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

  /** An inbox subscriber token for a demo user (one hour). */
  issueInboxToken(userId: string): { token: string; expiresAt: Date } {
    const ttlSeconds = 3600;
    const token = signInboxToken({ userId, secret: this.inboxSecret, ttlSeconds });
    return { token, expiresAt: verifyInboxToken(token, this.inboxSecret).expiresAt };
  }

  identify(request: {
    headers: Record<string, string | string[] | undefined>;
    method?: string;
    query?: unknown;
  }) {
    const credential = requestCredential(request.headers);
    if (credential.kind === 'bearer') {
      return this.verify(credential.token) ?? this.verifyInbox(request, credential.token);
    }
    if (credential.kind === 'cookie') return this.verify(credential.token);
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (credential.kind === 'none' && request.method === 'GET' && typeof query.token === 'string') {
      return this.verifyInbox(request, query.token);
    }
    return undefined;
  }

  private verifyInbox(request: object, token: string): AdminViewer | undefined {
    try {
      const viewer = this.findUser(verifyInboxToken(token, this.inboxSecret).userId);
      if (viewer) (request as Record<string, unknown>)[INBOX_TOKEN_SIGN_IN] = true;
      return viewer;
    } catch (error) {
      if (error instanceof InboxTokenError) return undefined;
      throw error;
    }
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
