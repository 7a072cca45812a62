import {
  escapeDiscord,
  escapeSlack,
  escapeTelegramHtml,
  escapeTelegramMarkdown,
  fitEscaped,
  truncate,
} from './chat-escape.util.js';
import { discordPayload, slackPayload, teamsPayload, telegramText } from './chat-payloads.util.js';

describe('chat escaping', () => {
  it('Slack: only & < > are control characters', () => {
    expect(escapeSlack('<!channel> & <@U1> *b*')).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt; *b*');
  });

  it('Telegram HTML and MarkdownV2', () => {
    expect(escapeTelegramHtml('<a href="x">&</a>')).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeTelegramMarkdown('1.5 * (a_b) [c] \\ !')).toBe(
      '1\\.5 \\* \\(a\\_b\\) \\[c\\] \\\\ \\!',
    );
  });

  it('Discord: markdown and mention syntax', () => {
    expect(escapeDiscord('@everyone <@1> **x**')).toBe('\\@everyone \\<\\@1\\> \\*\\*x\\*\\*');
  });

  it('cuts escaped text before escaping, never inside an escape', () => {
    const slack = fitEscaped('&'.repeat(1000), 3000, escapeSlack);
    expect(slack.length).toBeLessThanOrEqual(3000);
    expect(slack).toMatch(/^(&amp;)+…$/);
    const discord = fitEscaped('*'.repeat(100), 51, escapeDiscord);
    expect(discord).toMatch(/^(\\\*)+…$/);
    expect(fitEscaped('short', 10, escapeSlack)).toBe('short');
  });

  it('truncates with an ellipsis only when needed', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
  });
});

describe('chat payloads', () => {
  const content = {
    title: 'T',
    text: 'x'.repeat(5000),
    fields: Array.from({ length: 30 }, (_, i) => ({ label: `l${i}`, value: `v${i}` })),
  };

  it('keeps within Slack limits', () => {
    const { blocks, text } = slackPayload(content);
    expect(text.length).toBeLessThanOrEqual(3000);
    const sections = blocks.filter((b: any) => b.type === 'section') as any[];
    expect(sections[0].text.text.length).toBeLessThanOrEqual(3000);
    expect(sections[0].text.text.length).toBeGreaterThan(2900);
    expect(sections[1].fields).toHaveLength(10);
  });

  it('keeps within Discord limits, mentions off by default', () => {
    const payload = discordPayload(content) as any;
    expect(payload.embeds[0].description.length).toBeLessThanOrEqual(4096);
    expect(payload.embeds[0].description.length).toBeGreaterThan(4000);
    expect(payload.embeds[0].fields).toHaveLength(25);
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect((discordPayload(content, { allowMentions: true }) as any).allowed_mentions).toEqual({
      parse: ['users', 'roles'],
    });
  });

  it('builds a Teams message with one Adaptive Card and no actions without a url', () => {
    const payload = teamsPayload({ text: 'hi' }) as any;
    expect(payload.type).toBe('message');
    expect(payload.attachments[0].content).toEqual({
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [{ type: 'TextBlock', text: 'hi', wrap: true }],
    });
  });

  it('Telegram text for each parse mode', () => {
    const c = { title: 'a.b', text: '<x>', url: 'https://e.com/(1)' };
    expect(telegramText(c, 'HTML')).toBe(
      '<b>a.b</b>\n&lt;x&gt;\n<a href="https://e.com/(1)">Open</a>',
    );
    expect(telegramText(c, 'MarkdownV2')).toBe('*a\\.b*\n<x\\>\n[Open](https://e.com/(1\\))');
  });
});
