/**
 * SMS and WhatsApp cases of bench/delivery/drivers.bench.js. `fake` and
 * `info` run in the parent (the fake provider on 127.0.0.1); `herald` and
 * `peer` each in a process of their own (side.js).
 */
const PEER =
  'the same request by hand: node:http keep-alive agent, no validation, tracing or error mapping';

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Twilio's Messages API by hand: the form `params(i)` posted with the account's Basic auth. */
function twilioPeer(info, params) {
  const raw = require('./raw-http');
  const auth = basic(info.accountSid, info.authToken);
  const url = `${info.url}/2010-04-01/Accounts/${info.accountSid}/Messages.json`;
  const headers = { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' };
  return {
    send: (i) => raw.rawPost(url, headers, new URLSearchParams(params(i)).toString()),
    close: raw.close,
  };
}

async function smsChannel(config) {
  const { NamedSMSConfig } = require('@herald/contracts');
  const { createSmsChannel, DeliveryTelemetry } = require('@herald/notification');
  return createSmsChannel(new NamedSMSConfig(config).validate(), new DeliveryTelemetry());
}

module.exports = {
  'sms.twilio': {
    peerIs: PEER,
    fake: () => new (require('@herald/notification/testing').FakeTwilioServer)().start(),
    info: (fake) => ({ url: fake.url, accountSid: fake.accountSid, authToken: fake.authToken }),
    async herald(info) {
      const sms = await smsChannel({
        name: 'tw',
        driver: 'twilio',
        twilio: {
          accountSid: info.accountSid,
          authToken: info.authToken,
          fromNumber: '+15005550006',
          baseUrl: info.url,
        },
      });
      return {
        send: (i) => sms.send({ to: '+15551234567', body: `code ${i}` }),
        close: () => sms.close(),
      };
    },
    peer: (info) =>
      twilioPeer(info, (i) => ({ To: '+15551234567', From: '+15005550006', Body: `code ${i}` })),
  },

  'sms.vonage': {
    peerIs: PEER,
    fake: () => new (require('@herald/notification/testing').FakeVonageServer)().start(),
    info: (fake) => ({ url: fake.url, apiKey: fake.apiKey, apiSecret: fake.apiSecret }),
    async herald(info) {
      const sms = await smsChannel({
        name: 'vg',
        driver: 'vonage',
        vonage: {
          apiKey: info.apiKey,
          apiSecret: info.apiSecret,
          from: 'Herald',
          baseUrl: info.url,
        },
      });
      return {
        send: (i) => sms.send({ to: '+447700900000', body: `code ${i}` }),
        close: () => sms.close(),
      };
    },
    peer(info) {
      const raw = require('./raw-http');
      const url = `${info.url}/sms/json`;
      return {
        send: (i) =>
          raw.rawPost(
            url,
            { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            new URLSearchParams({
              api_key: info.apiKey,
              api_secret: info.apiSecret,
              from: 'Herald',
              to: '447700900000',
              text: `code ${i}`,
            }).toString(),
          ),
        close: raw.close,
      };
    },
  },

  'whatsapp.twilio': {
    peerIs: PEER,
    async fake() {
      const fake = await new (require('@herald/notification/testing').FakeTwilioServer)().start();
      fake.contentTemplates.set(`HX${'a1'.repeat(16)}`, 'Your code is {{1}}');
      return fake;
    },
    info: (fake) => ({
      url: fake.url,
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      template: `HX${'a1'.repeat(16)}`,
    }),
    herald(info) {
      const { TwilioWhatsAppChannel } = require('@herald/notification');
      const channel = new TwilioWhatsAppChannel({
        accountSid: info.accountSid,
        authToken: info.authToken,
        from: '+14155238886',
        baseUrl: info.url,
      });
      const context = (i) => ({
        notificationId: `n-${i}`,
        deliveryId: `d-${i}`,
        notificationType: 'code',
        category: 'default',
        address: '+15551234567',
        idempotencyKey: '',
      });
      return {
        send: (i) =>
          channel.send(
            { id: 'u' },
            { contentSid: info.template, contentVariables: { 1: String(i) } },
            context(i),
          ),
        close: () => channel.onApplicationShutdown(),
      };
    },
    peer: (info) =>
      twilioPeer(info, (i) => ({
        To: 'whatsapp:+15551234567',
        From: 'whatsapp:+14155238886',
        ContentSid: info.template,
        ContentVariables: JSON.stringify({ 1: String(i) }),
      })),
  },
};
