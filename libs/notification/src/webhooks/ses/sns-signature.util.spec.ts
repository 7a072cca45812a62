import { generateKeyPairSync } from 'node:crypto';
import { HeraldConfigError } from '@herald/contracts';
import type { ModuleRef } from '@nestjs/core';
import { WebhookContext } from '../webhook-context.js';
import {
  snsSignature,
  snsStringToSign,
  verifySnsSignature,
  type SnsMessage,
} from './sns-signature.util.js';

const notification: SnsMessage = {
  Type: 'Notification',
  MessageId: 'da41e39f-ea4d-435a-b922-c6aae3915ebe',
  TopicArn: 'arn:aws:sns:us-west-2:123456789012:MyTopic',
  Message: 'test message',
  Timestamp: '2012-04-25T21:49:25.719Z',
  SignatureVersion: '1',
  Signature: '',
  SigningCertURL:
    'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem',
  UnsubscribeURL: 'https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe',
};

describe('SNS message signatures', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('builds the canonical string SNS defines (Subject only when present; envelope-only fields left out)', () => {
    expect(snsStringToSign(notification)).toBe(
      'Message\ntest message\nMessageId\nda41e39f-ea4d-435a-b922-c6aae3915ebe\nTimestamp\n2012-04-25T21:49:25.719Z\nTopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\nType\nNotification\n',
    );
    expect(snsStringToSign({ ...notification, Subject: 'Hi' })).toContain(
      'MessageId\nda41e39f-ea4d-435a-b922-c6aae3915ebe\nSubject\nHi\nTimestamp\n',
    );
    expect(
      snsStringToSign({
        ...notification,
        Type: 'SubscriptionConfirmation',
        Token: 'tok',
        SubscribeURL: 'https://sns/confirm',
        Subject: 'ignored',
      }),
    ).toBe(
      'Message\ntest message\nMessageId\nda41e39f-ea4d-435a-b922-c6aae3915ebe\nSubscribeURL\nhttps://sns/confirm\nTimestamp\n2012-04-25T21:49:25.719Z\nToken\ntok\nTopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\nType\nSubscriptionConfirmation\n',
    );
  });

  it.each(['1', '2'] as const)('verifies SignatureVersion %s and nothing else', (version) => {
    const signed = { ...notification, SignatureVersion: version };
    signed.Signature = snsSignature(signed, privateKey, version);
    expect(verifySnsSignature(signed, publicKey)).toBe(true);
    expect(verifySnsSignature({ ...signed, Message: 'other' }, publicKey)).toBe(false);
    expect(
      verifySnsSignature({ ...signed, SignatureVersion: version === '1' ? '2' : '1' }, publicKey),
    ).toBe(false);
    expect(verifySnsSignature({ ...signed, SignatureVersion: '3' }, publicKey)).toBe(false);
    expect(verifySnsSignature({ ...signed, Signature: '%%%' }, publicKey)).toBe(false);
  });
});

describe('NotificationWebhooksModule ses options', () => {
  const context = (ses: unknown) => new WebhookContext({ ses } as never, {} as ModuleRef);

  it('lists every bad key at bootstrap', () => {
    const error = (() => {
      try {
        context({
          topicArns: ['not-an-arn'],
          certificateHostPattern: '(',
          toleranceSeconds: -1,
          confirmSubscriptions: 'yes',
          trustedCa: 'nope',
        });
      } catch (e) {
        return e as HeraldConfigError;
      }
    })();
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect(error!.problems.map((p) => p.path)).toEqual([
      'ses.topicArns',
      'ses.certificateHostPattern',
      'ses.toleranceSeconds',
      'ses.confirmSubscriptions',
      'ses.trustedCa',
    ]);
  });

  it('allows only https URLs on hosts matching the pattern (the AWS one by default)', () => {
    const ses = context({ topicArns: 'arn:aws:sns:us-east-1:123456789012:ses-events' }).ses!;
    expect(ses.allowedUrl('https://sns.eu-west-1.amazonaws.com/x.pem')).toBeDefined();
    expect(ses.allowedUrl('https://sns.cn-north-1.amazonaws.com.cn/x.pem')).toBeDefined();
    for (const bad of [
      'http://sns.eu-west-1.amazonaws.com/x.pem',
      'https://sns.eu-west-1.amazonaws.com.evil.example/x.pem',
      'https://evil.example/sns.eu-west-1.amazonaws.com/x.pem',
      'https://user:pw@sns.eu-west-1.amazonaws.com/x.pem',
      'https://127.0.0.1/x.pem',
      'not a url',
    ])
      expect(ses.allowedUrl(bad)).toBeUndefined();
  });
});
