import { randomBytes } from 'node:crypto';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';
import {
  createSubscriptionKeys,
  decryptAes128gcm,
  verifyVapid,
  type SubscriptionKeys,
} from './web-push-crypto.util.js';

/** A push the fake endpoint accepted, decrypted. */
export interface WebPushDelivery {
  subscriptionId: string;
  /** The decrypted payload as text (and parsed when it is JSON). */
  payload: string;
  json?: any;
  headers: ReceivedRequest['headers'];
  vapidClaims: Record<string, any>;
}

/**
 * A Web Push service on 127.0.0.1 (RFC 8030). `createSubscription()` returns
 * what a browser would (`{ endpoint, keys: { p256dh, auth } }`) and keeps the
 * private key, so each push is decrypted (RFC 8291 `aes128gcm`) and its VAPID
 * JWT verified (RFC 8292: signature, `aud` = this origin, `exp` within 24 h,
 * `sub`). Unknown subscriptions answer 404; `expire()`d ones 410.
 *
 * @example
 * const wp = await new FakeWebPushServer(vapid.publicKey).start();
 * const sub = wp.createSubscription();
 * await push.send({ token: JSON.stringify(sub), title: 'Hi' });
 * expect(wp.deliveries[0].json.title).toBe('Hi');
 */
export class FakeWebPushServer extends FakeProviderServer {
  readonly deliveries: WebPushDelivery[] = [];
  private readonly subscriptions = new Map<string, SubscriptionKeys>();
  private readonly expired = new Set<string>();

  /** @param vapidPublicKey the application server key (base64url) pushes must be signed with. */
  constructor(private readonly vapidPublicKey: string) {
    super();
  }

  /** A new subscription, as `PushSubscription.toJSON()` returns it. */
  createSubscription(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = randomBytes(12).toString('base64url');
    const keys = createSubscriptionKeys();
    this.subscriptions.set(id, keys);
    return { endpoint: `${this.url}/push/${id}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  }

  /** The subscription is gone (user unsubscribed): pushes answer 410 Gone. */
  expire(subscription: { endpoint: string }): void {
    this.expired.add(subscription.endpoint.split('/').pop()!);
  }

  override reset(): void {
    super.reset();
    this.deliveries.length = 0;
  }

  protected override errorBody(status: number): unknown {
    return `injected failure ${status}`;
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const id = /^\/push\/([^/]+)$/.exec(request.path)?.[1];
    if (request.method !== 'POST' || !id) return { status: 404, body: 'no such endpoint' };
    if (this.expired.has(id))
      return { status: 410, body: 'push subscription has unsubscribed or expired' };
    const keys = this.subscriptions.get(id);
    if (!keys) return { status: 404, body: 'push subscription not found' };
    const vapid = verifyVapid(String(request.headers.authorization ?? ''), this.vapidPublicKey);
    const now = Math.floor(Date.now() / 1000);
    if (!vapid.valid) return { status: 403, body: `invalid VAPID: ${vapid.problem}` };
    if (vapid.claims.aud !== this.url)
      return { status: 403, body: `VAPID aud must be ${this.url}` };
    if (
      typeof vapid.claims.exp !== 'number' ||
      vapid.claims.exp < now ||
      vapid.claims.exp > now + 86400
    )
      return { status: 403, body: 'VAPID exp out of range' };
    if (!/^(mailto:|https:)/.test(String(vapid.claims.sub ?? '')))
      return { status: 403, body: 'VAPID sub must be mailto: or https:' };
    if (!/^\d+$/.test(String(request.headers.ttl ?? '')))
      return { status: 400, body: 'TTL header required' };
    if (request.headers['content-encoding'] !== 'aes128gcm')
      return { status: 415, body: 'Content-Encoding must be aes128gcm' };
    const body = request.raw;
    if (body.length > 4096) return { status: 413, body: 'payload too large' };
    let payload: string;
    try {
      payload = decryptAes128gcm(body, keys).toString('utf8');
    } catch (error) {
      return { status: 400, body: `cannot decrypt: ${(error as Error).message}` };
    }
    let json: any;
    try {
      json = JSON.parse(payload);
    } catch {
      json = undefined;
    }
    this.deliveries.push({
      subscriptionId: id,
      payload,
      json,
      headers: request.headers,
      vapidClaims: vapid.claims,
    });
    return {
      status: 201,
      headers: { location: `${this.url}/message/${randomBytes(8).toString('hex')}` },
    };
  }
}
