import { randomBytes } from 'node:crypto';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';

/** One message the fake Slack accepted. */
export interface SlackReceived {
  /** `webhook`: an incoming webhook; `api`: `chat.postMessage`. */
  via: 'webhook' | 'api';
  /** The channel (`api`), or the webhook's own channel. */
  channel: string;
  ts: string;
  thread_ts?: string;
  text?: string;
  blocks?: any[];
  payload: any;
}

export interface FakeSlackOptions {
  /** @default 'xoxb-test-token' */
  botToken?: string;
  /** The secret last part of the webhook path. @default random */
  webhookSecret?: string;
  /** The channel the incoming webhook posts to. @default 'C0WEBHOOK' */
  webhookChannel?: string;
}

const BLOCK_TYPES = new Set([
  'section',
  'header',
  'actions',
  'context',
  'divider',
  'image',
  'input',
  'rich_text',
  'file',
  'video',
]);

/**
 * Slack on 127.0.0.1: an incoming webhook at `webhookUrl`
 * (`POST /services/T.../B.../secret`, answering `200 ok` or an error string)
 * and the Web API `POST /api/chat.postMessage` (Bearer bot token, answering
 * `{ ok, channel, ts }` or `{ ok: false, error }`). Checks Block Kit shapes
 * (`invalid_blocks`), text presence (`no_text`), unknown channels
 * (`channel_not_found`, see `unknownChannels`), and `thread_ts` of replies
 * (`thread_not_found` for a ts it never issued). Inject a 429 with
 * `failNext({ status: 429, headers: { 'retry-after': '1' } })`.
 */
export class FakeSlackServer extends FakeProviderServer {
  readonly botToken: string;
  readonly webhookSecret: string;
  readonly webhookChannel: string;
  /** Channels that answer `channel_not_found`. */
  readonly unknownChannels = new Set<string>();
  /** Accepted messages, oldest first. */
  readonly messages: SlackReceived[] = [];
  private seq = 0;

  constructor(options: FakeSlackOptions = {}) {
    super();
    this.botToken = options.botToken ?? 'xoxb-test-token';
    this.webhookSecret = options.webhookSecret ?? randomBytes(12).toString('hex');
    this.webhookChannel = options.webhookChannel ?? 'C0WEBHOOK';
  }

  /** The incoming-webhook URL (its last path segment is the secret). */
  get webhookUrl(): string {
    return `${this.url}/services/T0TEST/B0TEST/${this.webhookSecret}`;
  }

  /** The Web API base URL, for `slack.base_url`. */
  get apiUrl(): string {
    return `${this.url}/api`;
  }

  protected override errorBody(status: number): unknown {
    return status === 429 ? 'rate_limited' : status >= 500 ? 'internal_error' : 'invalid_payload';
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (request.method === 'POST' && request.path.startsWith('/services/'))
      return this.webhook(request);
    if (request.method === 'POST' && request.path === '/api/chat.postMessage')
      return this.api(request);
    return { status: 404, body: 'no_service' };
  }

  private webhook(request: ReceivedRequest): FakeResponse {
    if (request.path !== `/services/T0TEST/B0TEST/${this.webhookSecret}`)
      return { status: 403, body: 'invalid_token' };
    const payload = request.json;
    if (!payload || typeof payload !== 'object') return { status: 400, body: 'invalid_payload' };
    const problem = this.check(payload);
    if (problem) return { status: 400, body: problem };
    this.accept('webhook', this.webhookChannel, payload);
    return { status: 200, body: 'ok', headers: { 'content-type': 'text/html' } };
  }

  private api(request: ReceivedRequest): FakeResponse {
    if (request.headers.authorization !== `Bearer ${this.botToken}`)
      return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    const payload = request.json;
    if (!payload || typeof payload !== 'object')
      return { status: 200, body: { ok: false, error: 'invalid_arguments' } };
    if (typeof payload.channel !== 'string' || payload.channel === '')
      return { status: 200, body: { ok: false, error: 'channel_not_found' } };
    if (this.unknownChannels.has(payload.channel))
      return { status: 200, body: { ok: false, error: 'channel_not_found' } };
    const problem = this.check(payload);
    if (problem) return { status: 200, body: { ok: false, error: problem } };
    const ts = this.accept('api', payload.channel, payload);
    return {
      status: 200,
      body: { ok: true, channel: payload.channel, ts, message: { ts, text: payload.text } },
    };
  }

  private check(payload: any): string | undefined {
    const hasBlocks = Array.isArray(payload.blocks) && payload.blocks.length > 0;
    if ((typeof payload.text !== 'string' || payload.text === '') && !hasBlocks) return 'no_text';
    if (payload.blocks !== undefined) {
      if (!Array.isArray(payload.blocks) || payload.blocks.length > 50) return 'invalid_blocks';
      for (const block of payload.blocks) {
        if (!block || !BLOCK_TYPES.has(block.type)) return 'invalid_blocks';
        if (
          block.type === 'header' &&
          (block.text?.type !== 'plain_text' || block.text.text.length > 150)
        )
          return 'invalid_blocks';
        if (block.type === 'section' && !block.text && !Array.isArray(block.fields))
          return 'invalid_blocks';
        if (block.type === 'section' && block.text && block.text.text.length > 3000)
          return 'invalid_blocks';
        if (Array.isArray(block.fields) && block.fields.length > 10) return 'invalid_blocks';
      }
    }
    if (payload.thread_ts !== undefined && !this.messages.some((m) => m.ts === payload.thread_ts))
      return 'thread_not_found';
    return undefined;
  }

  private accept(via: 'webhook' | 'api', channel: string, payload: any): string {
    const ts = `${Math.floor(Date.now() / 1000)}.${String(++this.seq).padStart(6, '0')}`;
    this.messages.push({
      via,
      channel,
      ts,
      thread_ts: payload.thread_ts,
      text: payload.text,
      blocks: payload.blocks,
      payload,
    });
    return ts;
  }
}
