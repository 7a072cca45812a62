/**
 * Chat cases of bench/delivery/drivers.bench.js (Slack Web API and incoming
 * webhook, Discord, Telegram, Teams). Pacing is off (`channel_interval: 0`):
 * it is a policy, not overhead. `fake` and `info` run in the parent;
 * `herald` and `peer` each in a process of their own (side.js).
 */
const PEER =
  'the same request by hand: node:http keep-alive agent, the same JSON body, no validation, escaping, tracing or error mapping';

async function chat(config, message) {
  const { NamedChatConfig } = require('@herald/contracts');
  const { createChatChannel, DeliveryTelemetry } = require('@herald/notification');
  const channel = createChatChannel(
    new NamedChatConfig(config).validate(),
    new DeliveryTelemetry(),
  );
  return { send: (i) => channel.send(message(i)), close: () => channel.close() };
}

function fake(name) {
  return () => new (require('@herald/notification/testing')[name])().start();
}

function rawPeer(request) {
  const raw = require('./raw-http');
  return { send: (i) => raw.rawPost(...request(i)), close: raw.close };
}

const section = (i) => [{ type: 'section', text: { type: 'mrkdwn', text: `deploy ${i} done` } }];

module.exports = {
  'chat.slack.api': {
    peerIs: PEER,
    fake: fake('FakeSlackServer'),
    info: (f) => ({ url: f.apiUrl, botToken: f.botToken }),
    herald: (info) =>
      chat(
        {
          name: 'slack',
          driver: 'slack',
          slack: { botToken: info.botToken, baseUrl: info.url, channelInterval: 0 },
        },
        (i) => ({ to: `C${i % 100}`, text: `deploy ${i} done` }),
      ),
    peer: (info) =>
      rawPeer((i) => [
        `${info.url}/chat.postMessage`,
        {
          authorization: `Bearer ${info.botToken}`,
          'content-type': 'application/json; charset=utf-8',
        },
        JSON.stringify({ channel: `C${i % 100}`, text: `deploy ${i} done`, blocks: section(i) }),
      ]),
  },

  'chat.slack.webhook': {
    peerIs: PEER,
    fake: fake('FakeSlackServer'),
    info: (f) => ({ url: f.webhookUrl }),
    herald: (info) =>
      chat(
        { name: 'hook', driver: 'slack', slack: { webhookUrl: info.url, channelInterval: 0 } },
        (i) => ({
          text: `deploy ${i} done`,
        }),
      ),
    peer: (info) =>
      rawPeer((i) => [
        info.url,
        { 'content-type': 'application/json; charset=utf-8' },
        JSON.stringify({ text: `deploy ${i} done`, blocks: section(i) }),
      ]),
  },

  'chat.discord': {
    peerIs: PEER,
    fake: fake('FakeDiscordServer'),
    info: (f) => ({ url: f.webhookUrl }),
    herald: (info) =>
      chat({ name: 'discord', driver: 'discord', discord: { webhookUrl: info.url } }, (i) => ({
        text: `deploy ${i} done`,
      })),
    peer: (info) =>
      rawPeer((i) => [
        `${info.url}?wait=true`,
        { 'content-type': 'application/json' },
        JSON.stringify({
          embeds: [{ description: `deploy ${i} done` }],
          allowed_mentions: { parse: [] },
        }),
      ]),
  },

  'chat.telegram': {
    peerIs: PEER,
    fake: fake('FakeTelegramServer'),
    info: (f) => ({ url: f.url, botToken: f.botToken }),
    herald: (info) =>
      chat(
        {
          name: 'tg',
          driver: 'telegram',
          telegram: { botToken: info.botToken, baseUrl: info.url },
        },
        (i) => ({
          to: '4242',
          text: `deploy ${i} done`,
        }),
      ),
    peer: (info) =>
      rawPeer((i) => [
        `${info.url}/bot${info.botToken}/sendMessage`,
        { 'content-type': 'application/json' },
        JSON.stringify({
          chat_id: '4242',
          text: `deploy ${i} done`,
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
        }),
      ]),
  },

  'chat.teams': {
    peerIs: PEER,
    fake: fake('FakeTeamsServer'),
    info: (f) => ({ url: f.webhookUrl }),
    herald: (info) =>
      chat({ name: 'teams', driver: 'teams', teams: { webhookUrl: info.url } }, (i) => ({
        text: `deploy ${i} done`,
      })),
    peer: (info) =>
      rawPeer((i) => [
        info.url,
        { 'content-type': 'application/json' },
        JSON.stringify({
          type: 'message',
          attachments: [
            {
              contentType: 'application/vnd.microsoft.card.adaptive',
              contentUrl: null,
              content: {
                $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
                type: 'AdaptiveCard',
                version: '1.4',
                body: [{ type: 'TextBlock', text: `deploy ${i} done`, wrap: true }],
              },
            },
          ],
        }),
      ]),
  },
};
