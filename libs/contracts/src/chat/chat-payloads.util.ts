import type { ChatMessage, ChatSeverity } from '../interfaces/chat-channel.protocol.js';
import {
  escapeDiscord,
  escapeSlack,
  escapeTelegramHtml,
  escapeTelegramMarkdown,
  escapeTelegramMarkdownUrl,
  fitEscaped,
  truncate,
} from './chat-escape.util.js';

/** The part of a `ChatMessage` that is rendered (what alert dispatchers build too). */
export type ChatContent = Pick<ChatMessage, 'text' | 'title' | 'url' | 'fields' | 'severity'>;

const DISCORD_COLOR: Record<ChatSeverity, number> = {
  info: 0x3b82f6,
  success: 0x22c55e,
  warning: 0xf59e0b,
  critical: 0xdc2626,
};
const TEAMS_COLOR: Record<ChatSeverity, string> = {
  info: 'Accent',
  success: 'Good',
  warning: 'Warning',
  critical: 'Attention',
};

/** Slack's limits: 3000 characters a section text, 150 a header, 10 fields a section. */
export function slackPayload(content: ChatContent): { text: string; blocks: unknown[] } {
  const blocks: unknown[] = [];
  if (content.title)
    blocks.push({
      type: 'header',
      text: { type: 'plain_text', text: truncate(content.title, 150), emoji: false },
    });
  blocks.push({
    type: 'section',
    text: { type: 'mrkdwn', text: fitEscaped(content.text, 3000, escapeSlack) },
  });
  const fields = (content.fields ?? []).slice(0, 10);
  if (fields.length > 0)
    blocks.push({
      type: 'section',
      fields: fields.map((f) => ({
        type: 'mrkdwn',
        text: `*${fitEscaped(f.label, 200, escapeSlack)}*\n${fitEscaped(f.value, 1700, escapeSlack)}`,
      })),
    });
  if (content.url)
    blocks.push({
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open' }, url: content.url }],
    });
  const fallback = content.title ? `${content.title}: ${content.text}` : content.text;
  return { text: fitEscaped(fallback, 3000, escapeSlack), blocks };
}

/**
 * A Teams Workflows webhook body: one Adaptive Card (schema 1.4) as a
 * `message` attachment, the shape the "When a Teams webhook request is
 * received" trigger posts to a channel.
 */
export function teamsPayload(content: ChatContent): Record<string, unknown> {
  const body: unknown[] = [];
  if (content.title)
    body.push({
      type: 'TextBlock',
      text: content.title,
      weight: 'Bolder',
      size: 'Medium',
      wrap: true,
      ...(content.severity ? { color: TEAMS_COLOR[content.severity] } : {}),
    });
  body.push({ type: 'TextBlock', text: content.text, wrap: true });
  if (content.fields?.length)
    body.push({
      type: 'FactSet',
      facts: content.fields.map((f) => ({ title: f.label, value: f.value })),
    });
  const card: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
  };
  if (content.url) card.actions = [{ type: 'Action.OpenUrl', title: 'Open', url: content.url }];
  return {
    type: 'message',
    attachments: [
      { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card },
    ],
  };
}

/**
 * A Discord webhook body: one embed, and `allowed_mentions.parse` empty so
 * nothing in it can ping `@everyone`, `@here`, a role or a user (with
 * `allowMentions`, users and roles only).
 * Limits: title 256, description 4096, 25 fields of 256 / 1024.
 */
export function discordPayload(
  content: ChatContent,
  options: { username?: string; allowMentions?: boolean } = {},
): Record<string, unknown> {
  const embed: Record<string, unknown> = {
    description: fitEscaped(content.text, 4096, escapeDiscord),
  };
  if (content.title) embed.title = truncate(content.title, 256);
  if (content.url) embed.url = content.url;
  if (content.severity) embed.color = DISCORD_COLOR[content.severity];
  if (content.fields?.length)
    embed.fields = content.fields.slice(0, 25).map((f) => ({
      name: truncate(f.label, 256),
      value: fitEscaped(f.value, 1024, escapeDiscord),
      inline: true,
    }));
  return {
    ...(options.username ? { username: options.username } : {}),
    embeds: [embed],
    allowed_mentions: { parse: options.allowMentions ? ['users', 'roles'] : [] },
  };
}

/** Telegram `sendMessage` text for `parse_mode` (4096 characters at most, cut before escaping). */
export function telegramText(content: ChatContent, parseMode: 'HTML' | 'MarkdownV2'): string {
  const html = parseMode === 'HTML';
  const esc = html ? escapeTelegramHtml : escapeTelegramMarkdown;
  const bold = (t: string) => (html ? `<b>${esc(t)}</b>` : `*${esc(t)}*`);
  const lines: string[] = [];
  if (content.title) lines.push(bold(truncate(content.title, 256)));
  lines.push(esc(truncate(content.text, 3000)));
  for (const f of content.fields ?? []) lines.push(`${bold(f.label)}: ${esc(f.value)}`);
  if (content.url)
    lines.push(
      html
        ? `<a href="${escapeTelegramHtml(content.url)}">Open</a>`
        : `[Open](${escapeTelegramMarkdownUrl(content.url)})`,
    );
  return lines.join('\n');
}
