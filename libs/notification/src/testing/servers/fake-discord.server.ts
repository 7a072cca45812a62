import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';

/** One message the fake Discord webhook accepted. */
export interface DiscordReceived {
  id: string;
  channel_id: string;
  /** `thread_id` of the request, when it posted into a thread. */
  thread_id?: string;
  payload: any;
  /** What Discord would ping: `@everyone`/`@here` and user/role mentions that `allowed_mentions` lets through. */
  pinged: string[];
}

/**
 * A Discord webhook on 127.0.0.1: `POST /api/webhooks/{id}/{token}?wait=true`
 * answers the created message (`{ id, channel_id, ... }`), without `wait`
 * 204. Checks the token (401 / 10015 Unknown Webhook otherwise), an empty
 * message (50006) and the embed limits (50035), and works out which mentions
 * Discord would ping given `allowed_mentions`, so a test can prove none
 * does. Rate limits answer 429 with `Retry-After` and `retry_after`.
 */
export class FakeDiscordServer extends FakeProviderServer {
  readonly webhookId = '112233445566778899';
  readonly webhookToken: string;
  readonly channelId = '998877665544332211';
  /** Accepted messages, oldest first. */
  readonly messages: DiscordReceived[] = [];
  private seq = 0n;

  constructor(options: { webhookToken?: string } = {}) {
    super();
    this.webhookToken = options.webhookToken ?? 'test-discord-webhook-token-0123456789abcdef';
  }

  get webhookUrl(): string {
    return `${this.url}/api/webhooks/${this.webhookId}/${this.webhookToken}`;
  }

  protected override errorBody(status: number): unknown {
    return status === 429
      ? { message: 'You are being rate limited.', retry_after: 0.05, global: false }
      : { message: `injected failure ${status}`, code: 0 };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const match = /^\/api\/webhooks\/([^/]+)\/([^/]+)$/.exec(request.path);
    if (request.method !== 'POST' || !match)
      return { status: 404, body: { message: '404: Not Found', code: 0 } };
    if (match[1] !== this.webhookId || match[2] !== this.webhookToken)
      return { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } };
    const payload = request.json;
    if (!payload || typeof payload !== 'object')
      return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
    const embeds: any[] = Array.isArray(payload.embeds) ? payload.embeds : [];
    if (!payload.content && embeds.length === 0)
      return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
    const tooLong = embeds.some(
      (e) =>
        (e.title ?? '').length > 256 ||
        (e.description ?? '').length > 4096 ||
        (e.fields ?? []).length > 25 ||
        (e.fields ?? []).some(
          (f: any) => !f.name || !f.value || f.name.length > 256 || f.value.length > 1024,
        ),
    );
    if (tooLong || embeds.length > 10)
      return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
    const threadId = request.query.get('thread_id') ?? undefined;
    const id = String(1_200_000_000_000_000_000n + ++this.seq);
    this.messages.push({
      id,
      channel_id: threadId ?? this.channelId,
      thread_id: threadId,
      payload,
      pinged: pinged(payload),
    });
    if (request.query.get('wait') !== 'true') return { status: 204 };
    return {
      status: 200,
      body: {
        id,
        type: 0,
        channel_id: threadId ?? this.channelId,
        content: payload.content ?? '',
        embeds,
        webhook_id: this.webhookId,
        timestamp: new Date().toISOString(),
      },
    };
  }
}

/**
 * Which mentions Discord pings: those in `content` (embeds never ping),
 * filtered by `allowed_mentions` (absent: everything parses).
 */
function pinged(payload: any): string[] {
  const content: string = typeof payload.content === 'string' ? payload.content : '';
  const parse: string[] | undefined = payload.allowed_mentions?.parse;
  const allow = (kind: string) => parse === undefined || parse.includes(kind);
  const out: string[] = [];
  for (const m of content.matchAll(/(?<!\\)@(everyone|here)/g))
    if (allow('everyone')) out.push(`@${m[1]}`);
  for (const m of content.matchAll(/<@!?(\d+)>/g)) if (allow('users')) out.push(`user:${m[1]}`);
  for (const m of content.matchAll(/<@&(\d+)>/g)) if (allow('roles')) out.push(`role:${m[1]}`);
  return out;
}
