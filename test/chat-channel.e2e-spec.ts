import { inspect } from 'node:util';
import type { TestingModule } from '@nestjs/testing';
import { Test } from '@nestjs/testing';
import {
  CHAT_CHANNEL,
  getChatChannelToken,
  HeraldConfigError,
  NotificationConfig,
  type ChatChannelProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  DELIVERY_STORE,
  DeliveryError,
  NotificationModule,
  type DeliveryStore,
} from '@herald/notification';
import {
  FakeDiscordServer,
  FakeSlackServer,
  FakeTeamsServer,
  FakeTelegramServer,
} from '@herald/notification/testing';
import {
  discordBackend,
  slackApiBackend,
  slackWebhookBackend,
  teamsBackend,
  telegramBackend,
} from './helpers/fake-backends.js';

/** The chat channel against fakes that speak Slack, Discord, Telegram and Teams over HTTP. */
describe('chat channel against the fake Slack, Discord, Telegram and Teams servers', () => {
  let slack: FakeSlackServer;
  let discord: FakeDiscordServer;
  let telegram: FakeTelegramServer;
  let teams: FakeTeamsServer;
  let app: TestingModule;
  const chat = (name?: string) =>
    app.get<ChatChannelProtocol>(name === undefined ? CHAT_CHANNEL : getChatChannelToken(name));

  beforeAll(async () => {
    [slack, discord, telegram, teams] = await Promise.all([
      new FakeSlackServer().start(),
      new FakeDiscordServer().start(),
      new FakeTelegramServer().start(),
      new FakeTeamsServer().start(),
    ]);
    app = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        NotificationModule.forRoot({
          chat_backends: [
            slackApiBackend(slack, true, ['discord']),
            slackWebhookBackend(slack),
            discordBackend(discord),
            telegramBackend(telegram, 'HTML'),
            telegramBackend(telegram, 'MarkdownV2', 'telegram-md'),
            teamsBackend(teams),
          ],
          delivery: {
            enabled: true,
            retry_attempts: 3,
            retry_base: 0.01,
            retry_cap: 0.05,
            circuit_threshold: 1000,
          },
        }),
      ],
    }).compile();
    await app.init();
  });

  afterEach(() => {
    for (const fake of [slack, discord, telegram, teams]) fake.reset();
    slack.messages.length = 0;
    discord.messages.length = 0;
    telegram.messages.length = 0;
    teams.cards.length = 0;
    slack.unknownChannels.clear();
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([slack?.stop(), discord?.stop(), telegram?.stop(), teams?.stop()]);
  });

  it('posts Block Kit through chat.postMessage, escaped, and replies in the thread', async () => {
    const first = await chat().send({
      to: 'C0OPS',
      title: 'Deploy',
      text: 'v2 is live <!channel> & <@U123>',
      fields: [{ label: 'Env', value: 'prod <b>' }],
      url: 'https://deploy.example.com/42',
    });
    expect(first.backend).toBe('slack');
    const posted = slack.messages[0];
    expect(posted).toMatchObject({ via: 'api', channel: 'C0OPS', ts: first.messageId });
    expect(posted.payload.text).toBe('Deploy: v2 is live &lt;!channel&gt; &amp; &lt;@U123&gt;');
    expect(posted.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'Deploy', emoji: false } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: 'v2 is live &lt;!channel&gt; &amp; &lt;@U123&gt;' },
      },
      { type: 'section', fields: [{ type: 'mrkdwn', text: '*Env*\nprod &lt;b&gt;' }] },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: 'Open' },
            url: 'https://deploy.example.com/42',
          },
        ],
      },
    ]);
    expect(slack.received[0].headers.authorization).toBe(`Bearer ${slack.botToken}`);

    const reply = await chat().send({ to: 'C0OPS', text: 'rolled back', threadId: first.threadId });
    expect(slack.messages[1].thread_ts).toBe(first.messageId);
    expect(reply.threadId).toBe(first.messageId);
  });

  it('sends caller Block Kit blocks as they are', async () => {
    const blocks = [
      { type: 'divider' },
      { type: 'section', text: { type: 'mrkdwn', text: '*hi*' } },
    ];
    await chat().send({ to: 'C0OPS', text: 'hi', blocks });
    expect(slack.messages[0].blocks).toEqual(blocks);
  });

  it('posts through the Slack incoming webhook, which ignores "to"', async () => {
    const result = await chat('slack-hook').send({ text: 'from the webhook', title: 'T' });
    expect(result.backend).toBe('slack-hook');
    expect(slack.messages[0]).toMatchObject({ via: 'webhook', channel: slack.webhookChannel });
    expect(slack.messages[0].payload.channel).toBeUndefined();
    expect(slack.messages[0].text).toBe('T: from the webhook');
  });

  it('retries a Slack 429 after its Retry-After, then delivers once', async () => {
    slack.failNext({ status: 429, headers: { 'retry-after': '1' }, body: 'rate_limited' });
    // slack-hook has no fallbacks: a round with fallbacks moves on to the next backend instead
    const result = await chat('slack-hook').send({ text: 'after the limit' });
    expect(slack.received).toHaveLength(2);
    expect(slack.messages).toHaveLength(1);
    // the second attempt cannot have come before Retry-After (a lower bound only)
    expect(slack.received[1].at.getTime() - slack.received[0].at.getTime()).toBeGreaterThanOrEqual(
      950,
    );
    const record = await app
      .get<DeliveryStore>(DELIVERY_STORE)
      .get((result as { deliveryId?: string }).deliveryId!);
    expect(record).toMatchObject({ channel: 'chat', status: 'sent', attempts: 2 });
  });

  it('fails over from Slack to Discord when Slack keeps failing', async () => {
    slack.failNext({ status: 503, times: 10 });
    const result = await chat().send({ to: 'C0OPS', text: 'the failover path' });
    expect(result.backend).toBe('discord');
    expect(discord.messages).toHaveLength(1);
    expect(discord.messages[0].payload.embeds[0].description).toBe('the failover path');
  });

  it('does not retry a Slack channel_not_found and says why', async () => {
    slack.unknownChannels.add('C0GONE');
    const error = await chat()
      .send({ to: 'C0GONE', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ reason: 'invalid_recipient', providerCode: 'channel_not_found' });
    expect(slack.received).toHaveLength(1);
    expect(discord.received).toHaveLength(0);
  });

  it('posts a Discord embed that can ping nobody', async () => {
    const result = await chat('discord').send({
      title: 'Incident',
      text: '@everyone look at <@123> **now**',
      severity: 'critical',
      fields: [{ label: 'Service', value: 'api' }],
      url: 'https://status.example.com',
    });
    const posted = discord.messages[0];
    expect(result.messageId).toBe(posted.id);
    expect(discord.received[0].query.get('wait')).toBe('true');
    expect(posted.payload.allowed_mentions).toEqual({ parse: [] });
    expect(posted.pinged).toEqual([]);
    expect(posted.payload.embeds).toEqual([
      {
        title: 'Incident',
        description: '\\@everyone look at \\<\\@123\\> \\*\\*now\\*\\*',
        url: 'https://status.example.com',
        color: 0xdc2626,
        fields: [{ name: 'Service', value: 'api', inline: true }],
      },
    ]);
  });

  it('honours a Discord 429 retry_after and posts into a thread', async () => {
    discord.failNext(429);
    await chat('discord').send({ text: 'in a thread', threadId: '555' });
    expect(discord.received).toHaveLength(2);
    expect(discord.messages[0]).toMatchObject({ thread_id: '555', channel_id: '555' });
  });

  it.each([
    ['telegram', 'HTML'],
    ['telegram-md', 'MarkdownV2'],
  ])('escapes for Telegram %s (%s) so the text shows as written', async (name) => {
    const text = 'a <b>1 & 2</b> *_[x](y)~`>#+-=|{}.! \\ "q"';
    const first = await chat(name).send({
      to: '4242',
      title: 'T.1',
      text,
      fields: [{ label: 'k_1', value: 'v.1' }],
      url: 'https://example.com/a_(b)',
    });
    const sent = telegram.messages[0];
    expect(sent.chat_id).toBe('4242');
    expect(sent.shown).toBe(`T.1\n${text}\nk_1: v.1\nOpen`);
    expect(first.messageId).toBe(String(sent.message_id));
    await chat(name).send({ to: '4242', text: 'reply', threadId: first.threadId });
    expect(telegram.messages[1].reply_to).toBe(sent.message_id);
  });

  it('retries a Telegram 429 after parameters.retry_after', async () => {
    telegram.failNext(429);
    await chat('telegram').send({ to: '4242', text: 'later' });
    expect(telegram.received).toHaveLength(2);
    expect(
      telegram.received[1].at.getTime() - telegram.received[0].at.getTime(),
    ).toBeGreaterThanOrEqual(950);
  });

  it('posts an Adaptive Card to a Teams Workflows webhook', async () => {
    const result = await chat('teams').send({
      title: 'Disk',
      text: 'disk 91 %',
      severity: 'warning',
      fields: [{ label: 'Host', value: 'db-1' }],
      url: 'https://grafana.example.com',
    });
    expect(result.messageId).toMatch(/^teams-/);
    expect(teams.cards[0].card).toEqual({
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [
        {
          type: 'TextBlock',
          text: 'Disk',
          weight: 'Bolder',
          size: 'Medium',
          wrap: true,
          color: 'Warning',
        },
        { type: 'TextBlock', text: 'disk 91 %', wrap: true },
        { type: 'FactSet', facts: [{ title: 'Host', value: 'db-1' }] },
      ],
      actions: [{ type: 'Action.OpenUrl', title: 'Open', url: 'https://grafana.example.com' }],
    });
  });

  it('rejects a message without text, or a Slack API message without "to", before any request', async () => {
    await expect(chat().send({ text: '' } as never)).rejects.toMatchObject({
      reason: 'bad_request',
      message: expect.stringContaining('"text"'),
    });
    await expect(chat().send({ text: 'x' })).rejects.toMatchObject({
      reason: 'invalid_recipient',
      message: expect.stringContaining('"to" is required'),
    });
    expect(slack.received).toHaveLength(0);
  });

  it('keeps webhook URLs and tokens out of errors and config dumps', async () => {
    const dead = await new FakeDiscordServer().start();
    const url = dead.webhookUrl;
    await dead.stop();
    const config = new NotificationConfig({
      chat_backends: [
        { name: 'gone', primary: true, driver: 'discord', discord: { webhook_url: url } },
        {
          name: 'tg',
          driver: 'telegram',
          telegram: { bot_token: telegram.botToken, base_url: 'http://127.0.0.1:9' },
        },
      ],
    }).validate('notification');
    const dump = `${JSON.stringify(config)} ${inspect(config, { depth: 10 })}`;
    expect(dump).not.toContain(dead.webhookToken);
    expect(dump).not.toContain(telegram.botToken);
    const other = await Test.createTestingModule({
      imports: [ObservabilityModule, NotificationModule.forRoot(config)],
    }).compile();
    await other.init();
    try {
      for (const name of ['gone', 'tg']) {
        const error = (await other
          .get<ChatChannelProtocol>(getChatChannelToken(name))
          .send({ to: '1', text: 'x' })
          .catch((e: unknown) => e)) as DeliveryError;
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error.reason).toBe('connection');
        const shown = `${error.message} ${inspect(error)} ${JSON.stringify(error)}`;
        expect(shown).not.toContain(dead.webhookToken);
        expect(shown).not.toContain(telegram.botToken.split(':')[1]);
      }
    } finally {
      await other.close();
    }
  });

  it('names the field of a bad chat backend config', () => {
    const problems = (input: unknown) => {
      try {
        new NotificationConfig({ chat_backends: input }).validate('notification');
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(HeraldConfigError);
        return (error as HeraldConfigError).problems.map((p) => `${p.path}: ${p.message}`);
      }
    };
    expect(problems([{ name: 's', driver: 'slack', slack: {} }])).toEqual([
      expect.stringMatching(
        /^notification\.chat_backends\[0\]\.slack\.webhook_url: set exactly one/,
      ),
    ]);
    expect(
      problems([
        { name: 's', driver: 'slack', slack: { webhook_url: 'https://h/x', bot_token: 'xoxb-1' } },
      ]).join('\n'),
    ).toContain('notification.chat_backends[0].slack.bot_token: set exactly one');
    expect(problems([{ name: 'd', driver: 'discord' }]).join('\n')).toContain(
      'notification.chat_backends[0].discord: driver "discord" needs its settings',
    );
    expect(
      problems([{ name: 't', driver: 'telegram', telegram: { bot_token: 'nope' } }]).join('\n'),
    ).toContain('notification.chat_backends[0].telegram.bot_token: must be a bot token');
    const secret = 'https://discord.com/api/webhooks/1/SECRET-TOKEN-VALUE';
    const text = problems([
      { name: 'x', driver: 'whatsapp', discord: { webhook_url: secret, timeout: 'a' } },
    ]).join('\n');
    expect(text).toContain(
      'notification.chat_backends[0].driver: must be one of "slack", "teams", "discord", "telegram", "log"',
    );
    expect(text).not.toContain('SECRET-TOKEN-VALUE');
  });
});
