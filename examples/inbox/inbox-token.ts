import { Controller, Post, UseGuards } from '@nestjs/common';
import { INBOX_TOKEN_OPTIONS, InboxTokenGuard, signInboxToken } from '@herald/notification/inbox';
import { CurrentUser } from '../current-user.decorator.js';
import { InboxController } from '../inbox.controller.js';

const secret = process.env.INBOX_TOKEN_SECRET!; // at least 32 characters, never sent to a page

/** Behind your own session guard: the page asks for a token for its signed-in user. */
@Controller('me')
export class InboxTokenController {
  @Post('inbox-token')
  issue(@CurrentUser() userId: string) {
    return { token: signInboxToken({ userId, secret, ttlSeconds: 900 }) };
  }
}

/**
 * The inbox routes for a page (or another origin) holding a subscriber token:
 * `Authorization: Bearer <token>`, or `?token=` on the stream. The token's user is
 * `request.user`; a missing, expired or forged token answers 401.
 */
@UseGuards(InboxTokenGuard)
@Controller('admin/notifications')
export class TokenInboxController extends InboxController {}

/** List TokenInboxController in place of InboxController (InboxRoutesModule), with this provider. */
export const inboxTokenOptions = { provide: INBOX_TOKEN_OPTIONS, useValue: { secret } };
