import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  InjectMailer,
  InjectPushChannel,
  InjectSmsChannel,
} from '../decorators/inject-channel.decorator.js';
import {
  getMailerToken,
  getPushChannelToken,
  getSmsChannelToken,
} from './get-channel-token.util.js';
import * as tokens from './herald.tokens.js';

describe('injection tokens', () => {
  it('are distinct symbols, stable across copies of the package', () => {
    const values = Object.values(tokens);
    expect(values).toHaveLength(12);
    expect(new Set(values).size).toBe(12);
    values.forEach((t) => expect(typeof t).toBe('symbol'));
    expect(Symbol.for('herald:MAILER')).toBe(tokens.MAILER);
  });

  it('named-backend tokens are per kind and per name, and reject empty names', () => {
    expect(getMailerToken('ses')).toBe(getMailerToken('ses'));
    expect(getMailerToken('ses')).not.toBe(getSmsChannelToken('ses'));
    expect(getPushChannelToken('a')).not.toBe(getPushChannelToken('b'));
    expect(getSmsChannelToken('a')).not.toBe(tokens.SMS_CHANNEL);
    expect(() => getMailerToken('')).toThrow(/non-empty string/);
    expect(() => getSmsChannelToken('  ')).toThrow(
      expect.objectContaining({ name: 'HeraldError', code: 'HERALD_INVALID_BACKEND_NAME' }),
    );
  });

  it('@InjectX() injects the primary binding and @InjectX(name) the named one', async () => {
    @Injectable()
    class Sender {
      constructor(
        @InjectSmsChannel() readonly sms: unknown,
        @InjectSmsChannel('eu') readonly smsEu: unknown,
        @InjectPushChannel() readonly push: unknown,
        @InjectPushChannel('apns') readonly apns: unknown,
        @InjectMailer() readonly mailer: unknown,
        @InjectMailer('bulk') readonly bulk: unknown,
      ) {}
    }
    @Module({
      providers: [
        Sender,
        { provide: tokens.SMS_CHANNEL, useValue: 'sms' },
        { provide: getSmsChannelToken('eu'), useValue: 'sms-eu' },
        { provide: tokens.PUSH_CHANNEL, useValue: 'push' },
        { provide: getPushChannelToken('apns'), useValue: 'push-apns' },
        { provide: tokens.MAILER, useValue: 'mail' },
        { provide: getMailerToken('bulk'), useValue: 'mail-bulk' },
      ],
    })
    class M {}
    const app = await Test.createTestingModule({ imports: [M] }).compile();
    expect({ ...app.get(Sender) }).toEqual({
      sms: 'sms',
      smsEu: 'sms-eu',
      push: 'push',
      apns: 'push-apns',
      mailer: 'mail',
      bulk: 'mail-bulk',
    });
    await app.close();
  });
});
