/**
 * E-mail cases of bench/delivery/drivers.bench.js (SendGrid, Postmark,
 * Mailgun, Resend, SES, SMTP). `fake` and `info` run in the parent;
 * `herald` and `peer` each in a process of their own (side.js).
 */
const PEER =
  'the same request by hand: node:http keep-alive agent, body built inline, no validation, tracing or error mapping';

const mail = (i) => ({
  to: ['ada@example.com'],
  subject: `n${i}`,
  text: 'hello',
  html: '<p>hello</p>',
});

/**
 * A Herald mailer of `driver` with `config`, sending `message(i)`. The REST
 * backends get `timeout: 60`: a loaded machine's slow answer is measured, not failed.
 */
async function mailer(driver, config, message = mail) {
  const { NamedMailerConfig } = require('@herald/contracts');
  const { createMailerChannel, DeliveryTelemetry } = require('@herald/notification');
  const channel = createMailerChannel(
    new NamedMailerConfig({
      name: driver,
      driver,
      fromEmail: 'noreply@herald.test',
      [driver]: config,
    }).validate(),
    new DeliveryTelemetry(),
  );
  return { send: (i) => channel.send(message(i)), close: () => channel.close() };
}

/** A REST provider's fake with a keep-alive longer than a round (a socket closed as it is reused would fail a send). */
function restFake(name) {
  return async () => {
    const fake = new (require('@herald/notification/testing')[name])();
    fake.keepAliveTimeoutMs = 120_000;
    return fake.start();
  };
}

function rawPeer(request) {
  const raw = require('./raw-http');
  return { send: (i) => raw.rawPost(...request(i)), close: raw.close };
}

module.exports = {
  'email.sendgrid': {
    peerIs: PEER,
    fake: restFake('FakeSendgridServer'),
    info: (fake) => ({ url: fake.url, apiKey: fake.apiKey }),
    herald: (info) => mailer('sendgrid', { timeout: 60, apiKey: info.apiKey, baseUrl: info.url }),
    peer: (info) =>
      rawPeer((i) => [
        `${info.url}/v3/mail/send`,
        { authorization: `Bearer ${info.apiKey}`, 'content-type': 'application/json' },
        JSON.stringify({
          personalizations: [{ to: [{ email: 'ada@example.com' }] }],
          from: { email: 'noreply@herald.test' },
          subject: `n${i}`,
          content: [
            { type: 'text/plain', value: 'hello' },
            { type: 'text/html', value: '<p>hello</p>' },
          ],
        }),
      ]),
  },

  'email.postmark': {
    peerIs: PEER,
    fake: restFake('FakePostmarkServer'),
    info: (fake) => ({ url: fake.url, serverToken: fake.serverToken }),
    herald: (info) =>
      mailer('postmark', { timeout: 60, serverToken: info.serverToken, baseUrl: info.url }),
    peer: (info) =>
      rawPeer((i) => [
        `${info.url}/email`,
        {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-postmark-server-token': info.serverToken,
        },
        JSON.stringify({
          From: 'noreply@herald.test',
          To: 'ada@example.com',
          Subject: `n${i}`,
          HtmlBody: '<p>hello</p>',
          TextBody: 'hello',
        }),
      ]),
  },

  'email.mailgun': {
    peerIs: PEER,
    fake: restFake('FakeMailgunServer'),
    info: (fake) => ({ url: fake.url, apiKey: fake.apiKey, domain: fake.domain }),
    herald: (info) =>
      mailer('mailgun', {
        timeout: 60,
        apiKey: info.apiKey,
        domain: info.domain,
        baseUrl: info.url,
      }),
    peer(info) {
      const auth = `Basic ${Buffer.from(`api:${info.apiKey}`).toString('base64')}`;
      const boundary = '----bench0123456789';
      const field = (name, value) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      return rawPeer((i) => [
        `${info.url}/v3/${info.domain}/messages`,
        { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        field('from', 'noreply@herald.test') +
          field('to', 'ada@example.com') +
          field('subject', `n${i}`) +
          field('text', 'hello') +
          field('html', '<p>hello</p>') +
          `--${boundary}--\r\n`,
      ]);
    },
  },

  'email.resend': {
    peerIs: PEER,
    fake: restFake('FakeResendServer'),
    info: (fake) => ({ url: fake.url, apiKey: fake.apiKey }),
    herald: (info) => mailer('resend', { timeout: 60, apiKey: info.apiKey, baseUrl: info.url }),
    peer: (info) =>
      rawPeer((i) => [
        `${info.url}/emails`,
        { authorization: `Bearer ${info.apiKey}`, 'content-type': 'application/json' },
        JSON.stringify({
          from: 'noreply@herald.test',
          to: ['ada@example.com'],
          subject: `n${i}`,
          html: '<p>hello</p>',
          text: 'hello',
        }),
      ]),
  },

  'email.ses': {
    peerIs:
      'the same SES v2 SendEmail request signed with AWS Signature Version 4 by hand (node:crypto, node:http keep-alive agent), no validation, tracing or error mapping',
    fake: restFake('FakeSesServer'),
    info: (fake) => ({
      url: fake.url,
      region: fake.region,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
    }),
    herald: (info) =>
      mailer('ses', {
        timeout: 60,
        region: info.region,
        accessKeyId: info.accessKeyId,
        secretAccessKey: info.secretAccessKey,
        endpoint: new URL(info.url).origin,
      }),
    peer(info) {
      const { createHash, createHmac } = require('node:crypto');
      const url = new URL(info.url);
      const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
      const sha = (data) => createHash('sha256').update(data).digest('hex');
      const path = '/v2/email/outbound-emails';
      return rawPeer((i) => {
        const body = JSON.stringify({
          FromEmailAddress: 'noreply@herald.test',
          Destination: { ToAddresses: ['ada@example.com'] },
          Content: {
            Simple: {
              Subject: { Data: `n${i}`, Charset: 'UTF-8' },
              Body: {
                Text: { Data: 'hello', Charset: 'UTF-8' },
                Html: { Data: '<p>hello</p>', Charset: 'UTF-8' },
              },
            },
          },
        });
        const date = new Date()
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '');
        const day = date.slice(0, 8);
        const canonical = `POST\n${path}\n\ncontent-type:application/json\nhost:${url.host}\nx-amz-date:${date}\n\ncontent-type;host;x-amz-date\n${sha(body)}`;
        const scope = `${day}/${info.region}/ses/aws4_request`;
        const key = hmac(
          hmac(hmac(hmac(`AWS4${info.secretAccessKey}`, day), info.region), 'ses'),
          'aws4_request',
        );
        const signature = createHmac('sha256', key)
          .update(`AWS4-HMAC-SHA256\n${date}\n${scope}\n${sha(canonical)}`)
          .digest('hex');
        return [
          `${url.origin}${path}`,
          {
            host: url.host,
            'content-type': 'application/json',
            'x-amz-date': date,
            authorization: `AWS4-HMAC-SHA256 Credential=${info.accessKeyId}/${scope}, SignedHeaders=content-type;host;x-amz-date, Signature=${signature}`,
          },
          body,
        ];
      });
    },
  },

  'email.smtp': {
    peerIs: 'nodemailer used directly (pooled, 5 connections), same server',
    sends: Number(process.env.BENCH_SENDS ?? 1500) / 4,
    concurrency: 10,
    rounds: 1,
    async fake() {
      const { SMTPServer } = require('smtp-server');
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _s, cb) {
          stream.resume();
          stream.on('end', () => cb());
        },
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      return {
        port: server.server.address().port,
        reset() {},
        stop: () => new Promise((r) => server.close(r)),
      };
    },
    info: (fake) => ({ port: fake.port }),
    herald: (info) =>
      mailer(
        'smtp',
        { host: '127.0.0.1', port: info.port, pool: true, maxConnections: 5 },
        (i) => ({
          to: ['ada@example.com'],
          subject: `n${i}`,
          text: 'hello',
        }),
      ),
    peer(info) {
      const transport = require('nodemailer').createTransport({
        host: '127.0.0.1',
        port: info.port,
        pool: true,
        maxConnections: 5,
        ignoreTLS: true,
      });
      return {
        send: (i) =>
          transport.sendMail({
            from: 'noreply@herald.test',
            to: 'ada@example.com',
            subject: `n${i}`,
            text: 'hello',
          }),
        close: () => transport.close(),
      };
    },
  },
};
