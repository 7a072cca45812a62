import { DEVICE_TOKEN_REMOVED_EVENT } from '@herald/contracts';
import { DeliveryError } from '../../errors/delivery.error.js';
import { DeliveryRecord } from '../../delivery/records/delivery-record.js';
import { DeviceTokenError } from '../errors/device-token.error.js';
import { deadTokenReason } from './dead-token.util.js';
import { DeviceTokenService } from './device-token.service.js';
import { MemoryDeviceTokenStore } from './memory-device-token.store.js';

const pushError = (
  reason: 'dead_token' | 'invalid_recipient' | 'provider_unavailable',
  extra = {},
) => new DeliveryError('push failed', { reason, channel: 'push', ...extra });

describe('deadTokenReason', () => {
  it.each([
    [
      'FCM UNREGISTERED',
      pushError('dead_token', { providerCode: 'UNREGISTERED', statusCode: 404 }),
      'UNREGISTERED',
    ],
    [
      'APNs 410 Unregistered',
      pushError('dead_token', { providerCode: 'Unregistered', statusCode: 410 }),
      'Unregistered',
    ],
    [
      'APNs 400 BadDeviceToken',
      pushError('invalid_recipient', { providerCode: 'BadDeviceToken', statusCode: 400 }),
      'BadDeviceToken',
    ],
    ['Web Push 410', pushError('dead_token', { statusCode: 410 }), 'HTTP 410'],
    ['Web Push 404', pushError('dead_token', { statusCode: 404 }), 'HTTP 404'],
  ])('%s means the token is gone', (_, error, reason) => {
    expect(deadTokenReason(error)).toBe(reason);
  });

  it.each([
    ['a 503', pushError('provider_unavailable', { statusCode: 503 })],
    [
      'another bad recipient',
      pushError('invalid_recipient', { providerCode: 'DeviceTokenNotForTopic' }),
    ],
    ['not a DeliveryError', new Error('UNREGISTERED')],
  ])('%s does not', (_, error) => {
    expect(deadTokenReason(error)).toBeUndefined();
  });
});

describe('DeviceTokenService', () => {
  const setup = () => {
    const events: Array<[string, unknown]> = [];
    const service = new DeviceTokenService(new MemoryDeviceTokenStore(), () => ({
      emit: (event: string, payload: unknown) => events.push([event, payload]),
    }));
    return { service, events };
  };

  it('refuses bad fields with a typed error naming the field and what is allowed', async () => {
    const { service } = setup();
    await expect(service.register({ userId: 'u', token: '', platform: 'fcm' })).rejects.toThrow(
      DeviceTokenError,
    );
    await expect(
      service.register({ userId: 'u', token: 't', platform: 'gcm' as never }),
    ).rejects.toThrow('device token: platform must be one of fcm, apns, webpush (got "gcm")');
    await expect(service.register({ userId: '', token: 't', platform: 'fcm' })).rejects.toThrow(
      /userId must be a non-empty string/,
    );
    await expect(
      service.register({ userId: 'u', token: 't', platform: 'apns', app: '' }),
    ).rejects.toThrow(/app must be a non-empty string/);
  });

  it('refuses NUL and other control characters before the store sees them', async () => {
    const register = jest.fn();
    const service = new DeviceTokenService({ register } as never);
    await expect(
      service.register({ userId: 'u', token: 'abc\u0000def', platform: 'fcm' }),
    ).rejects.toThrow(
      'device token: token must not contain control characters (U+0000 at index 3)',
    );
    await expect(
      service.register({ userId: 'u\r\n', token: 't', platform: 'fcm' }),
    ).rejects.toMatchObject({ field: 'userId' });
    await expect(
      service.register({ userId: 'u', token: 't', platform: 'fcm', app: 'a\u0009' }),
    ).rejects.toMatchObject({ field: 'app' });
    expect(register).not.toHaveBeenCalled();
  });

  it('retires the token of a push that failed for a dead token, once, with an event', async () => {
    const { service, events } = setup();
    await service.register({ userId: 'u1', token: 'tok', platform: 'apns', app: 'ios' });
    const record = new DeliveryRecord({
      id: 'dlv_1',
      channel: 'push',
      backend: 'apns',
      recipient: 'tok',
      status: 'failed',
      attempts: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const error = pushError('dead_token', { providerCode: 'Unregistered', statusCode: 410 });
    await service.onSettled({ record, error });
    await service.onSettled({ record, error });
    await service.onSettled({ record: new DeliveryRecord({ ...record, status: 'sent' }) });
    expect(await service.list('u1')).toEqual([]);
    expect(events).toEqual([
      [
        DEVICE_TOKEN_REMOVED_EVENT,
        {
          token: 'tok',
          userId: 'u1',
          platform: 'apns',
          app: 'ios',
          reason: 'Unregistered',
          cause: 'dead',
        },
      ],
    ]);
    await service.register({ userId: 'u1', token: 'tok2', platform: 'fcm' });
    expect(await service.unregister('tok2', 'u2')).toBe(false);
    expect(await service.unregister('tok2')).toBe(true);
    expect(events.at(-1)).toEqual([
      DEVICE_TOKEN_REMOVED_EVENT,
      {
        token: 'tok2',
        userId: 'u1',
        platform: 'fcm',
        app: undefined,
        reason: 'unregistered',
        cause: 'unregistered',
      },
    ]);
  });
});
