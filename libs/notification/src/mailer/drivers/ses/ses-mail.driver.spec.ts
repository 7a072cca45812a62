import { MailerConfig, NamedMailerConfig } from '@herald/contracts';
import { FakeSesServer } from '../../../testing/servers/fake-ses.server.js';
import { Mailable } from '../../mailable.js';
import {
  INLINE_LOGO,
  PROVIDER_UNAVAILABLE,
  rateLimited,
  TEXT_ATTACHMENT,
  useFakeMailProvider,
} from '../__fixtures__/fake-mail-provider.harness.js';
import { inspect } from 'node:util';
import { SigV4KeyCache, signSigV4, sigV4SigningKey } from './aws-sigv4.util.js';

describe('AWS Signature Version 4', () => {
  // AWS's Signature Version 4 test suite, "get-vanilla"
  const credentials = {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };
  const scope = { region: 'us-east-1', service: 'service', date: new Date('2015-08-30T12:36:00Z') };

  it('signs the get-vanilla request of the AWS test suite as AWS does', () => {
    const signed = signSigV4(
      { method: 'GET', path: '/', headers: { Host: 'example.amazonaws.com' }, body: '' },
      credentials,
      scope,
    );
    expect(signed.canonicalRequest).toBe(
      'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(signed.headers).toEqual({
      'x-amz-date': '20150830T123600Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    });
  });

  it('signs get-vanilla the same with a kept signing key, derived once a day and never shown', () => {
    const request = {
      method: 'GET',
      path: '/',
      headers: { Host: 'example.amazonaws.com' },
      body: '',
    };
    const cache = new SigV4KeyCache(credentials.secretAccessKey, 'us-east-1', 'service');
    const derived: string[] = [];
    const keyOf = (day: string) => {
      derived.push(day);
      return cache.keyOf(day);
    };
    const signed = signSigV4(request, credentials, { ...scope, signingKey: keyOf });
    expect(signed.signature).toBe(
      '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    expect(cache.keyOf('20150830')).toBe(cache.keyOf('20150830'));
    expect(cache.keyOf('20150831')).not.toEqual(cache.keyOf('20150830'));
    expect(derived).toEqual(['20150830']);
    const shown = inspect(cache, { depth: 5, showHidden: true });
    expect(shown).not.toContain(credentials.secretAccessKey);
    expect(shown).not.toContain(
      sigV4SigningKey(credentials.secretAccessKey, '20150830', 'us-east-1', 'service').toString(
        'hex',
      ),
    );
  });

  it('signs the session token and changes the signature with any signed byte', () => {
    const request = {
      method: 'POST',
      path: '/v2/email/outbound-emails',
      headers: { host: 'email.eu-west-1.amazonaws.com', 'content-type': 'application/json' },
      body: '{"a":1}',
    };
    const base = signSigV4(request, credentials, { ...scope, region: 'eu-west-1', service: 'ses' });
    const withToken = signSigV4(
      request,
      { ...credentials, sessionToken: 'TOKEN' },
      { ...scope, region: 'eu-west-1', service: 'ses' },
    );
    expect(withToken.headers['x-amz-security-token']).toBe('TOKEN');
    expect(withToken.headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-date;x-amz-security-token',
    );
    const other = signSigV4({ ...request, body: '{"a":2}' }, credentials, {
      ...scope,
      region: 'eu-west-1',
      service: 'ses',
    });
    expect(new Set([base.signature, withToken.signature, other.signature]).size).toBe(3);
    expect(sigV4SigningKey('k', '20150830', 'us-east-1', 'ses')).toHaveLength(32);
  });
});

describe('ses driver against the fake SES v2 server', () => {
  const fake = useFakeMailProvider({
    start: () => new FakeSesServer().start(),
    driver: 'ses',
    name: 'ses',
    fromName: 'Herald Mailer',
    settings: (ses) => ({
      region: ses.region,
      accessKeyId: ses.accessKeyId,
      secretAccessKey: ses.secretAccessKey,
      endpoint: ses.url,
      configurationSetName: 'herald-events',
    }),
    clear: (ses) => ses.rejecting.clear(),
  });

  it('POSTs a SigV4-signed SendEmail with Simple content and returns its MessageId', async () => {
    const ses = fake.server;
    const result = await fake.mailer.send(
      new Mailable()
        .to({ name: 'Ada Lovelace', address: 'ada@example.com' })
        .cc({ name: 'Zoë', address: 'zoe@example.com' })
        .bcc('audit@example.com')
        .replyTo('help@herald.test')
        .subject('Invoice {{n}}')
        .template({ html: '<p>Total: {{total}}</p><img src="cid:logo">' }, { n: 7, total: '42' })
        .attach(TEXT_ATTACHMENT)
        .embed(INLINE_LOGO)
        .header('X-Campaign', 'billing')
        .tag('invoice')
        .metadata('invoice.id', '7'),
    );
    expect(result).toMatchObject({
      backend: 'ses',
      messageId: ses.messageIds[0],
      accepted: ['ada@example.com', 'zoe@example.com', 'audit@example.com'],
    });
    const [req] = ses.received;
    expect(req.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${ses.accessKeyId}/\\d{8}/us-east-1/ses/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(ses.mails[0]).toEqual({
      FromEmailAddress: '"Herald Mailer" <noreply@herald.test>',
      Destination: {
        ToAddresses: ['"Ada Lovelace" <ada@example.com>'],
        CcAddresses: [`=?UTF-8?B?${Buffer.from('Zoë').toString('base64')}?= <zoe@example.com>`],
        BccAddresses: ['audit@example.com'],
      },
      ReplyToAddresses: ['help@herald.test'],
      Content: {
        Simple: {
          Subject: { Data: 'Invoice 7', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Total: 42', Charset: 'UTF-8' },
            Html: { Data: '<p>Total: 42</p><img src="cid:logo">', Charset: 'UTF-8' },
          },
          Headers: [{ Name: 'X-Campaign', Value: 'billing' }],
          Attachments: [
            {
              RawContent: Buffer.from('hello').toString('base64'),
              FileName: 'a.txt',
              ContentDisposition: 'ATTACHMENT',
              ContentType: 'text/plain',
              ContentTransferEncoding: 'BASE64',
            },
            {
              RawContent: 'AQID',
              FileName: 'logo.png',
              ContentDisposition: 'INLINE',
              ContentId: 'logo',
              ContentType: 'image/png',
              ContentTransferEncoding: 'BASE64',
            },
          ],
        },
      },
      EmailTags: [
        { Name: 'invoice', Value: 'true' },
        { Name: 'invoice_id', Value: '7' },
      ],
      ConfigurationSetName: 'herald-events',
    });
  });

  it('signs a session token, and the fake refuses a wrong secret as SES does (auth, permanent)', async () => {
    const mailer = await fake.remake({ sessionToken: 'FwoGZXIvYXdzEXAMPLE' });
    await mailer.send({ to: ['a@example.com'], subject: 's', text: 't' });
    expect(fake.server.received[0].headers['x-amz-security-token']).toBe('FwoGZXIvYXdzEXAMPLE');
    await fake.remake({ secretAccessKey: 'wrong-secret-value' });
    const error = await fake.settle();
    expect(error).toMatchObject({
      reason: 'auth',
      permanent: true,
      statusCode: 403,
      providerCode: 'SignatureDoesNotMatch',
    });
    expect(error.message).toContain('does not match the signature you provided');
    expect(error.message).not.toContain('wrong-secret-value');
    await fake.remake({ accessKeyId: 'AKIAUNKNOWN000000000' });
    expect(await fake.settle()).toMatchObject({
      reason: 'auth',
      providerCode: 'UnrecognizedClientException',
    });
  });

  it('maps throttling to rate_limited with Retry-After, and SES refusals to permanent reasons', async () => {
    const ses = fake.server;
    const send = () => fake.settle();
    ses.throttleNext(3);
    expect(await send()).toMatchObject({
      ...rateLimited(3000),
      providerCode: 'TooManyRequestsException',
    });
    const refusal = (type: string, status = 400, message = 'refused') => ({
      status,
      headers: { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/` },
      body: { message },
    });
    ses
      .failNext(refusal('MailFromDomainNotVerifiedException'))
      .failNext(refusal('AccountSuspendedException'))
      .failNext(refusal('SendingPausedException'))
      .failNext(
        refusal('NotFoundException', 404, 'Configuration set <herald-events> does not exist.'),
      )
      .failNext(refusal('MessageRejected', 400, 'Illegal address'))
      .failNext(refusal('InternalFailure', 500))
      .failNext(refusal('LimitExceededException'));
    expect(await send()).toMatchObject({ reason: 'forbidden', permanent: true });
    expect(await send()).toMatchObject({ reason: 'forbidden', permanent: true });
    expect(await send()).toMatchObject({ reason: 'forbidden', permanent: true });
    expect(await send()).toMatchObject({ reason: 'bad_request', permanent: true });
    expect(await send()).toMatchObject({ reason: 'bad_request', providerCode: 'MessageRejected' });
    expect(await send()).toMatchObject(PROVIDER_UNAVAILABLE);
    expect(await send()).toMatchObject({ reason: 'rate_limited', permanent: false });
    ses.rejecting.add('gone@example.com');
    const rejected = await fake.settle({ to: ['gone@example.com'], subject: 's', text: 't' });
    expect(rejected).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(rejected.message).toContain('Email address is not verified');
  });

  it('refuses bad settings at the boundary, naming the key, without showing the secret', () => {
    const error = (() => {
      try {
        new NamedMailerConfig({
          name: 'ses',
          driver: 'ses',
          fromEmail: 'noreply@herald.test',
          ses: {
            region: 'Mars',
            accessKeyId: 'not a key',
            secretAccessKey: 'S3CRET-plant-value',
            endpoint: 'ftp://x',
            configurationSetName: 'has spaces',
          },
        }).validate();
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/ses\.region: must be an AWS region/);
    expect(error?.message).toMatch(/ses\.access_key_id|ses\.accessKeyId/);
    expect(error?.message).toMatch(/ses\.endpoint/);
    expect(error?.message).toMatch(/configuration_set_name|configurationSetName/);
    expect(error?.message).not.toContain('S3CRET-plant-value');
    expect(() =>
      new MailerConfig({
        backends: [{ name: 'ses', driver: 'ses', fromEmail: 'a@herald.test' }],
      }).validate(),
    ).toThrow(/driver "ses" needs its settings in a sub-object named "ses"/);
  });
});
