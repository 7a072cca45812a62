/**
 * Escaping of plain text for each chat provider's markup, so text from users
 * (an order note, an error message) shows as written and never injects
 * formatting, links or mentions.
 */

/** Slack mrkdwn: `&`, `<` and `>` are the only control characters (`<!channel>`, `<@U1>`, links). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Telegram `parse_mode: HTML`: `&`, `<`, `>` and, inside attributes, `"`. */
export function escapeTelegramHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Telegram `parse_mode: MarkdownV2`: every one of `_*[]()~\`>#+-=|{}.!` and `\` gets a backslash. */
export function escapeTelegramMarkdown(text: string): string {
  return text.replace(/[_*[\]()~`>#+\-=|{}.!\\]/g, '\\$&');
}

/** Inside a MarkdownV2 link's `(...)`: only `)` and `\` are escaped. */
export function escapeTelegramMarkdownUrl(url: string): string {
  return url.replace(/[)\\]/g, '\\$&');
}

/**
 * Discord markdown: `\`, `*`, `_`, `~`, `` ` ``, `|`, `>`, `#`, `-`, `[`, `]`, `(`, `)`
 * and `@` get a backslash (mentions are also disabled by `allowed_mentions`).
 */
export function escapeDiscord(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()@<:]/g, '\\$&');
}

/** `text` cut to `max` characters (code units), with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * `escape(text)` within `max` characters: the plain text is cut (with an
 * ellipsis) before escaping, never an escape sequence in half (`&am`, a lone `\`).
 */
export function fitEscaped(text: string, max: number, escape: (t: string) => string): string {
  let out = escape(text);
  let cut = text;
  while (out.length > max && cut.length > 0) {
    cut = cut.slice(0, Math.max(0, cut.length - Math.max(1, Math.ceil((out.length - max) / 5))));
    out = escape(`${cut}…`);
  }
  return out;
}
