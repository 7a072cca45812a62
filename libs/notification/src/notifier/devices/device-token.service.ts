import { DEVICE_TOKEN_REMOVED_EVENT, type DeviceTokenRemovedEvent } from '@herald/contracts';
import type {
  DeliveryObserver,
  DeliverySettledEvent,
} from '../../delivery/reliable/delivery-engine.js';
import type { EventSink } from '../../utils/lazy-event-emitter.util.js';
import { DeviceTokenError } from '../errors/device-token.error.js';
import { deadTokenReason } from './dead-token.util.js';
import {
  DEVICE_PLATFORMS,
  type DeviceToken,
  type DeviceTokenFilter,
  type DeviceTokenRegistration,
} from './device-token.js';
import type { DeviceTokenStore } from './device-token-store.protocol.js';
import { refuseDeviceTokenControls } from './device-token-text.util.js';

const MAX_TOKEN_LENGTH = 8192;

function check(registration: DeviceTokenRegistration): void {
  const { token, userId, platform, app } = registration ?? ({} as DeviceTokenRegistration);
  if (typeof token !== 'string' || token.trim() === '' || token.length > MAX_TOKEN_LENGTH)
    throw new DeviceTokenError(
      'token',
      `must be a non-empty string of at most ${MAX_TOKEN_LENGTH} characters`,
    );
  if (typeof userId !== 'string' || userId.trim() === '' || userId.length > 255)
    throw new DeviceTokenError(
      'userId',
      `must be a non-empty string of at most 255 characters (got ${JSON.stringify(userId)})`,
    );
  if (!DEVICE_PLATFORMS.includes(platform))
    throw new DeviceTokenError(
      'platform',
      `must be one of ${DEVICE_PLATFORMS.join(', ')} (got ${JSON.stringify(platform)})`,
    );
  if (app !== undefined && (typeof app !== 'string' || app === '' || app.length > 255))
    throw new DeviceTokenError(
      'app',
      `must be a non-empty string of at most 255 characters when given (got ${JSON.stringify(app)})`,
    );
  refuseDeviceTokenControls({ token, userId, app });
}

/**
 * The device-token registry: apps register each device's push token for a
 * user; the notifier pushes to every live token of a user. A token a
 * provider declares dead (FCM `UNREGISTERED`, APNs 410 / `BadDeviceToken`,
 * Web Push 404/410) is marked dead as soon as a send reports it, in whichever
 * process sent it, and `DEVICE_TOKEN_REMOVED_EVENT` fires. Injected by class.
 *
 * @example
 * await deviceTokens.register({ userId: 'u1', token, platform: 'fcm', app: 'android' });
 */
export class DeviceTokenService implements DeliveryObserver {
  constructor(
    readonly store: DeviceTokenStore,
    private readonly events?: () => EventSink | undefined,
  ) {}

  /** Registers (or moves, or revives) a token; validates every field. */
  async register(registration: DeviceTokenRegistration): Promise<DeviceToken> {
    check(registration);
    return this.store.register(registration);
  }

  /** Removes a token (only `userId`'s, when given); fires the event with cause `unregistered`. */
  async unregister(token: string, userId?: string): Promise<boolean> {
    const removed = await this.store.unregister(token, userId);
    if (removed) this.emit(removed, 'unregistered', 'unregistered');
    return removed !== undefined;
  }

  /** The live tokens of `userId`. */
  list(userId: string, filter?: DeviceTokenFilter): Promise<DeviceToken[]> {
    return this.store.listLive([userId], filter);
  }

  /** The live tokens of many users at once. */
  listLive(userIds: readonly string[], filter?: DeviceTokenFilter): Promise<DeviceToken[]> {
    return this.store.listLive(userIds, filter);
  }

  /** Marks a token dead (no more pushes); fires the event with cause `dead`. */
  async markDead(token: string, reason: string): Promise<boolean> {
    const dead = await this.store.markDead(token, reason);
    if (dead) this.emit(dead, reason, 'dead');
    return dead !== undefined;
  }

  /** Retires the token of a push that failed because the provider says the token is gone. */
  async onSettled({ record, error }: DeliverySettledEvent): Promise<void> {
    if (record.channel !== 'push' || record.status !== 'failed') return;
    const reason = deadTokenReason(error);
    if (reason) await this.markDead(record.recipient, reason);
  }

  private emit(token: DeviceToken, reason: string, cause: DeviceTokenRemovedEvent['cause']): void {
    const payload: DeviceTokenRemovedEvent = {
      token: token.token,
      userId: token.userId,
      platform: token.platform,
      app: token.app,
      reason,
      cause,
    };
    this.events?.()?.emit(DEVICE_TOKEN_REMOVED_EVENT, payload);
  }
}
