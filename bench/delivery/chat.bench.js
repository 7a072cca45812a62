/**
 * Sends per second through each chat driver to the test kit's fake servers
 * on 127.0.0.1 (Slack Web API and incoming webhook, Discord, Telegram, Teams),
 * side by side with the same request written by hand (node:http keep-alive
 * agent, the same JSON body, no validation, escaping, tracing or error
 * mapping). A ratio below 1 means Herald is slower. Pacing is off
 * (`channel_interval: 0`): it is a policy, not overhead.
 */
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { NamedChatConfig } = require('@herald/contracts');
const { createChatChannel, DeliveryTelemetry } = require('@herald/notification');
const {
  FakeSlackServer,
  FakeDiscordServer,
  FakeTelegramServer,
  FakeTeamsServer,
} = require('@herald/notification/testing');
const { compare, median } = require('../harness');

const SENDS = Number(process.env.BENCH_SENDS ?? 1500);
const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function throughput(send, total = SENDS, concurrency = CONCURRENCY) {
  for (let i = 0; i < 100; i++) await send(i); // warm-up
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await send(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

/** Peer and Herald alternate for `ROUNDS` rounds; the median of each side. */
async function pair(heraldSend, peerSend) {
  const herald = [];
  const peer = [];
  for (let r = 0; r < ROUNDS; r++) {
    peer.push(await throughput(peerSend));
    herald.push(await throughput(heraldSend));
  }
  return compare(median(herald), median(peer), 'sends/s');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function rawPost(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs one driver against its fake, forgetting what the fake recorded between rounds. */
async function bench(fake, config, heraldMessage, peerSend) {
  const chat = createChatChannel(new NamedChatConfig(config).validate(), new DeliveryTelemetry());
  const forget = () => {
    fake.received.length = 0;
    for (const key of ['messages', 'cards']) if (Array.isArray(fake[key])) fake[key].length = 0;
  };
  const result = await pair(
    (i) => {
      if (i === 0) forget();
      return chat.send(heraldMessage(i));
    },
    (i) => {
      if (i === 0) forget();
      return peerSend(i);
    },
  );
  await chat.close();
  await fake.stop();
  return result;
}

async function slackApi() {
  const fake = await new FakeSlackServer().start();
  return bench(
    fake,
    {
      name: 'slack',
      driver: 'slack',
      slack: { botToken: fake.botToken, baseUrl: fake.apiUrl, channelInterval: 0 },
    },
    (i) => ({ to: `C${i % 100}`, text: `deploy ${i} done` }),
    (i) =>
      rawPost(
        `${fake.apiUrl}/chat.postMessage`,
        {
          authorization: `Bearer ${fake.botToken}`,
          'content-type': 'application/json; charset=utf-8',
        },
        JSON.stringify({
          channel: `C${i % 100}`,
          text: `deploy ${i} done`,
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `deploy ${i} done` } }],
        }),
      ),
  );
}

async function slackWebhook() {
  const fake = await new FakeSlackServer().start();
  return bench(
    fake,
    { name: 'hook', driver: 'slack', slack: { webhookUrl: fake.webhookUrl, channelInterval: 0 } },
    (i) => ({ text: `deploy ${i} done` }),
    (i) =>
      rawPost(
        fake.webhookUrl,
        { 'content-type': 'application/json; charset=utf-8' },
        JSON.stringify({
          text: `deploy ${i} done`,
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `deploy ${i} done` } }],
        }),
      ),
  );
}

async function discord() {
  const fake = await new FakeDiscordServer().start();
  return bench(
    fake,
    { name: 'discord', driver: 'discord', discord: { webhookUrl: fake.webhookUrl } },
    (i) => ({ text: `deploy ${i} done` }),
    (i) =>
      rawPost(
        `${fake.webhookUrl}?wait=true`,
        { 'content-type': 'application/json' },
        JSON.stringify({
          embeds: [{ description: `deploy ${i} done` }],
          allowed_mentions: { parse: [] },
        }),
      ),
  );
}

async function telegram() {
  const fake = await new FakeTelegramServer().start();
  return bench(
    fake,
    { name: 'tg', driver: 'telegram', telegram: { botToken: fake.botToken, baseUrl: fake.url } },
    (i) => ({ to: '4242', text: `deploy ${i} done` }),
    (i) =>
      rawPost(
        `${fake.url}/bot${fake.botToken}/sendMessage`,
        { 'content-type': 'application/json' },
        JSON.stringify({
          chat_id: '4242',
          text: `deploy ${i} done`,
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
        }),
      ),
  );
}

async function teams() {
  const fake = await new FakeTeamsServer().start();
  return bench(
    fake,
    { name: 'teams', driver: 'teams', teams: { webhookUrl: fake.webhookUrl } },
    (i) => ({ text: `deploy ${i} done` }),
    (i) =>
      rawPost(
        fake.webhookUrl,
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
      ),
  );
}

async function run() {
  const only = process.env.CHAT_BENCH ? process.env.CHAT_BENCH.split(',') : undefined;
  const cases = {
    'chat.slack.api': slackApi,
    'chat.slack.webhook': slackWebhook,
    'chat.discord': discord,
    'chat.telegram': telegram,
    'chat.teams': teams,
  };
  const results = {};
  for (const [name, fn] of Object.entries(cases))
    if (!only || only.includes(name)) results[name] = await fn();
  agent.destroy();
  return {
    results,
    peers: {
      'chat.*':
        'the same request by hand: node:http keep-alive agent, the same JSON body, no validation, escaping, tracing or error mapping',
    },
  };
}

module.exports = { run };
