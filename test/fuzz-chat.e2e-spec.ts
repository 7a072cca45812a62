import { inspect } from 'node:util';
import fc from 'fast-check';
import { HeraldError, NamedChatConfig, type ChatChannelProtocol } from '@herald/contracts';
import { createChatChannel, DeliveryError, DeliveryTelemetry } from '@herald/notification';
import {
  FakeDiscordServer,
  FakeSlackServer,
  FakeTelegramServer,
} from '@herald/notification/testing';
import { fuzzAssert, fuzzCount, nastyString, PLANT } from './helpers/fuzz.js';

/** Generated cases per property: this file's share of the fuzz budget. */
const RUNS = { anyMessage: 300, anyText: 300 };

const { anything } = fc.letrec((tie) => ({
  anything: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    nastyString(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('anything'), { maxLength: 3 }),
    fc.dictionary(nastyString(), tie('anything'), { maxKeys: 3 }),
  ),
}));
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: anything });

/** Text with every character each provider treats as markup, and then some. */
const markupText = fc.oneof(
  nastyString(),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...'_*[]()~`>#+-=|{}.!\\<>&"\'@:'.split('')),
        fc.constantFrom('@everyone', '<!channel>', '<@123>', '&amp;', '<b>', '</a>', '\n'),
        fc.string({ maxLength: 4 }),
      ),
      { minLength: 1, maxLength: 30 },
    )
    .map((parts) => parts.join('')),
);

const message = fc.record(
  {
    to: mostly(fc.constantFrom('C0OPS', '4242', '-1001234')),
    text: mostly(markupText),
    title: mostly(markupText),
    url: mostly(fc.constantFrom('https://example.com/a_(b)?q=1&r=<2>', 'ftp://x')),
    fields: mostly(
      fc.array(fc.record({ label: mostly(markupText), value: mostly(markupText) }), {
        maxLength: 30,
      }),
    ),
    severity: mostly(fc.constantFrom('info', 'success', 'warning', 'critical')),
    threadId: mostly(nastyString()),
    blocks: fc.option(anything),
  },
  { requiredKeys: [] },
);

describe('fuzz: chat sends give results or typed errors, and any text survives escaping', () => {
  let slack: FakeSlackServer;
  let discord: FakeDiscordServer;
  let telegram: FakeTelegramServer;
  let channels: Array<ChatChannelProtocol & { close(): Promise<void> }>;
  const started = Date.now();

  beforeAll(async () => {
    [slack, discord, telegram] = await Promise.all([
      new FakeSlackServer({ botToken: `xoxb-${PLANT}-bot` }).start(),
      new FakeDiscordServer({ webhookToken: `${PLANT}-discord-token` }).start(),
      new FakeTelegramServer({ botToken: `123:${PLANT}-tg` }).start(),
    ]);
    const telemetry = new DeliveryTelemetry();
    const make = (config: object) =>
      createChatChannel(new NamedChatConfig(config).validate('chat'), telemetry);
    channels = [
      make({
        name: 'slack',
        driver: 'slack',
        slack: { botToken: slack.botToken, baseUrl: slack.apiUrl, channelInterval: 0 },
      }),
      make({ name: 'discord', driver: 'discord', discord: { webhookUrl: discord.webhookUrl } }),
      make({
        name: 'tg-html',
        driver: 'telegram',
        telegram: { botToken: telegram.botToken, baseUrl: telegram.url, parseMode: 'HTML' },
      }),
      make({
        name: 'tg-md',
        driver: 'telegram',
        telegram: { botToken: telegram.botToken, baseUrl: telegram.url, parseMode: 'MarkdownV2' },
      }),
    ];
  });

  afterAll(async () => {
    await Promise.all(channels.map((c) => c.close()));
    await Promise.all([slack.stop(), discord.stop(), telegram.stop()]);
    process.stdout.write(
      `fuzz-chat: ${fuzzCount.cases} generated cases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });

  it('any message: a result or a DeliveryError, never a secret in it', async () => {
    await fuzzAssert(
      RUNS.anyMessage,
      fc.nat({ max: 3 }),
      mostly(message),
      async (index, generated) => {
        try {
          await channels[index].send(generated as never);
        } catch (error) {
          const shown = `${(error as Error)?.message}\n${inspect(error)}`;
          if (!(error instanceof HeraldError))
            throw new Error(`${channels[index].name}: threw ${shown.slice(0, 500)}`);
          if (shown.includes(PLANT)) throw new Error(`a planted secret in ${shown}`);
        }
      },
    );
  });

  it('any non-blank text is accepted by each provider and shows as written', async () => {
    await fuzzAssert(
      RUNS.anyText,
      fc.nat({ max: 3 }),
      markupText.filter((t) => t.trim() !== '' && t.length <= 2000),
      async (index, text) => {
        const channel = channels[index];
        const result = await channel.send({ to: '4242', text }).catch((error: unknown) => {
          throw new Error(
            `${channel.name} refused ${JSON.stringify(text)}: ${(error as DeliveryError).message}`,
          );
        });
        if (channel.name.startsWith('tg')) {
          const sent = telegram.messages.find((m) => String(m.message_id) === result.messageId);
          if (sent?.shown !== text)
            throw new Error(
              `Telegram shows ${JSON.stringify(sent?.shown)} for ${JSON.stringify(text)}`,
            );
        }
        if (channel.name === 'discord') {
          const sent = discord.messages.find((m) => m.id === result.messageId);
          if (sent?.pinged.length !== 0) throw new Error(`Discord would ping ${sent?.pinged}`);
        }
      },
    );
  });
});
