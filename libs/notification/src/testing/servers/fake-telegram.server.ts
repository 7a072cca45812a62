import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';

/** One message the fake Telegram Bot API accepted. */
export interface TelegramReceived {
  message_id: number;
  chat_id: string;
  parse_mode?: string;
  /** The text as sent (escaped markup). */
  text: string;
  /** The text as a Telegram client shows it: markup parsed, escapes removed. */
  shown: string;
  reply_to?: number;
  payload: any;
}

const MARKDOWN_RESERVED = new Set('_*[]()~`>#+-=|{}.!'.split(''));
const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'tg-spoiler',
  'blockquote',
]);

/**
 * The Telegram Bot API on 127.0.0.1: `POST /bot{token}/sendMessage`. Parses
 * the text as Telegram does for `parse_mode` `HTML` and `MarkdownV2`, and
 * answers `400 Bad Request: can't parse entities` where Telegram would (an
 * unescaped reserved character, an unknown tag, a bad entity), `chat not
 * found` for chats in `unknownChats`, 401 for a wrong token, and a 429 with
 * `parameters.retry_after` when injected.
 */
export class FakeTelegramServer extends FakeProviderServer {
  readonly botToken: string;
  readonly unknownChats = new Set<string>();
  readonly messages: TelegramReceived[] = [];
  private seq = 100;

  constructor(options: { botToken?: string } = {}) {
    super();
    this.botToken = options.botToken ?? '123456789:AAH-test_token_0123456789abcdefghijkl';
  }

  protected override errorBody(status: number): unknown {
    return status === 429
      ? {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        }
      : { ok: false, error_code: status, description: `injected failure ${status}` };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.path);
    if (!match) return tgError(404, 'Not Found');
    if (match[1] !== this.botToken) return tgError(401, 'Unauthorized');
    if (match[2] !== 'sendMessage') return tgError(404, 'Not Found: method not found');
    const p = request.json;
    if (!p || typeof p !== 'object') return tgError(400, 'Bad Request: message text is empty');
    const chat = p.chat_id === undefined ? '' : String(p.chat_id);
    if (chat === '') return tgError(400, 'Bad Request: chat_id is empty');
    if (this.unknownChats.has(chat)) return tgError(400, 'Bad Request: chat not found');
    if (typeof p.text !== 'string' || p.text.trim() === '')
      return tgError(400, 'Bad Request: message text is empty');
    let shown: string;
    try {
      shown =
        p.parse_mode === 'MarkdownV2'
          ? parseMarkdownV2(p.text)
          : p.parse_mode === 'HTML'
            ? parseHtml(p.text)
            : p.text;
    } catch (error) {
      return tgError(400, `Bad Request: can't parse entities: ${(error as Error).message}`);
    }
    if (shown.length > 4096) return tgError(400, 'Bad Request: message is too long');
    const replyTo = p.reply_parameters?.message_id ?? p.reply_to_message_id;
    if (replyTo !== undefined && !this.messages.some((m) => m.message_id === replyTo)) {
      if (!p.reply_parameters?.allow_sending_without_reply)
        return tgError(400, 'Bad Request: message to be replied not found');
    }
    const message_id = ++this.seq;
    this.messages.push({
      message_id,
      chat_id: chat,
      parse_mode: p.parse_mode,
      text: p.text,
      shown,
      reply_to: replyTo,
      payload: p,
    });
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chat) || chat, type: 'private' },
          text: shown,
        },
      },
    };
  }
}

function tgError(code: number, description: string): FakeResponse {
  return { status: code, body: { ok: false, error_code: code, description } };
}

/** Telegram's MarkdownV2: reserved characters must be escaped outside entities. */
function parseMarkdownV2(text: string): string {
  let out = '';
  const open: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined || next.charCodeAt(0) > 126)
        throw new Error(`Character '\\' at byte offset ${i} is reserved`);
      out += next;
      i++;
    } else if (c === '*' || c === '_' || c === '~') {
      if (open.at(-1) === c) open.pop();
      else open.push(c);
    } else if (c === '[') {
      const close = findUnescaped(text, ']', i + 1);
      if (close < 0 || text[close + 1] !== '(')
        throw new Error(`Can't find end of the entity starting at byte offset ${i}`);
      const end = findUnescaped(text, ')', close + 2);
      if (end < 0) throw new Error(`Can't find end of a url at byte offset ${close + 2}`);
      out += parseMarkdownV2(text.slice(i + 1, close));
      i = end;
    } else if (MARKDOWN_RESERVED.has(c)) {
      throw new Error(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);
    } else out += c;
  }
  if (open.length > 0) throw new Error(`Can't find end of ${open.at(-1)} entity`);
  return out;
}

function findUnescaped(text: string, char: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

/** Telegram's HTML: a few tags, `&lt; &gt; &amp; &quot;` and numeric entities; any other `<` or `&` is an error. */
function parseHtml(text: string): string {
  let out = '';
  const stack: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') {
      const end = text.indexOf('>', i);
      if (end < 0) throw new Error(`Unclosed start tag at byte offset ${i}`);
      const tag = text.slice(i + 1, end);
      const closing = tag.startsWith('/');
      const name = (closing ? tag.slice(1) : tag).split(/\s/)[0].toLowerCase();
      if (!HTML_TAGS.has(name))
        throw new Error(`Unsupported start tag "${name}" at byte offset ${i}`);
      if (closing) {
        if (stack.pop() !== name)
          throw new Error(
            `Unmatched end tag at byte offset ${i}, expected "</${stack.at(-1) ?? ''}>"`,
          );
      } else stack.push(name);
      i = end;
    } else if (c === '&') {
      const m = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i.exec(text.slice(i));
      if (!m) throw new Error(`Unsupported entity at byte offset ${i}`);
      const e = m[1].toLowerCase();
      out +=
        e === 'lt'
          ? '<'
          : e === 'gt'
            ? '>'
            : e === 'amp'
              ? '&'
              : e === 'quot'
                ? '"'
                : String.fromCodePoint(
                    e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
                  );
      i += m[0].length - 1;
    } else out += c;
  }
  if (stack.length > 0)
    throw new Error(`Can't find end tag corresponding to start tag "${stack.at(-1)}"`);
  return out;
}
