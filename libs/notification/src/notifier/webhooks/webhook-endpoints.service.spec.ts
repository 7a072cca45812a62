import { WEBHOOK_ENDPOINT_DISABLED_EVENT } from '@herald/contracts';
import type { DeliveryRecord } from '../../delivery/records/delivery-record.js';
import { MemoryWebhookEndpointStore } from './memory-webhook-endpoint.store.js';
import { WebhookEndpointError } from './webhook-endpoint.error.js';
import { WebhookEndpointNotFoundError } from './webhook-endpoint-not-found.error.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WEBHOOK_DEFAULTS, resolveWebhookOptions } from './webhook-options.js';

const URL_OK = 'https://hooks.example.com/in';

function setup(options: Partial<typeof WEBHOOK_DEFAULTS> = {}) {
  const emitted: Array<[string, unknown]> = [];
  const store = new MemoryWebhookEndpointStore();
  const service = new WebhookEndpointsService(store, { ...WEBHOOK_DEFAULTS, ...options }, () => ({
    emit: (event: string, payload: unknown) => emitted.push([event, payload]),
  }));
  return { service, store, emitted };
}

const settled = (recipient: string, status: DeliveryRecord['status'], lastError?: string) => ({
  record: { id: 'dlv_x', channel: 'webhook', recipient, status, lastError } as DeliveryRecord,
});

describe('WebhookEndpointsService', () => {
  it('registers an endpoint with a generated secret, shown once and never in the endpoint', async () => {
    const { service } = setup();
    const { endpoint, secret } = await service.register({
      owner: 'tenant-1',
      url: URL_OK,
      eventTypes: ['invoice.paid', 'invoice.paid'],
      description: 'billing',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(endpoint).toMatchObject({
      owner: 'tenant-1',
      url: URL_OK,
      eventTypes: ['invoice.paid'],
      enabled: true,
      activeSecrets: 1,
      consecutiveFailures: 0,
    });
    expect(endpoint.id).toMatch(/^ep_[0-9a-f]{24}$/);
    expect(JSON.stringify(endpoint)).not.toContain(secret.slice(6));
    expect(JSON.stringify(await service.list({ owner: 'tenant-1' }))).not.toContain(
      secret.slice(6),
    );
  });

  it.each([
    ['registration', null],
    ['owner', { url: URL_OK }],
    ['owner', { owner: 'a\u0000b', url: URL_OK }],
    ['url', { owner: 'o', url: 'ftp://example.com' }],
    ['url', { owner: 'o', url: 'http://127.0.0.1:9/hook' }],
    ['eventTypes', { owner: 'o', url: URL_OK, eventTypes: 'invoice.paid' }],
    ['eventTypes[1]', { owner: 'o', url: URL_OK, eventTypes: ['ok', 'bad type'] }],
    ['description', { owner: 'o', url: URL_OK, description: '' }],
    ['secret', { owner: 'o', url: URL_OK, secret: 'sk_live_supersecretvalue' }],
  ])('refuses a bad %s with a WebhookEndpointError naming it', async (field, registration) => {
    const { service, store } = setup();
    const error = await service.register(registration as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookEndpointError);
    expect(error).toMatchObject({ field, code: 'HERALD_WEBHOOK_ENDPOINT_INVALID' });
    expect((error as Error).message).toMatch(
      new RegExp(`^webhook endpoint: ${field.replace(/[[\]]/g, '\\$&')} `),
    );
    expect((error as Error).message).not.toContain('supersecretvalue');
    expect(await store.list()).toEqual([]);
  });

  it('accepts a loopback URL when allowPrivateTargets is on', async () => {
    const { service } = setup({ allowPrivateTargets: true });
    await expect(
      service.register({ owner: 'o', url: 'http://127.0.0.1:9/hook' }),
    ).resolves.toBeDefined();
  });

  it('rotates: the new secret first, the old one valid for the grace window; 0 drops it', async () => {
    const { service, store } = setup();
    const { endpoint, secret: first } = await service.register({ owner: 'o', url: URL_OK });
    const before = Date.now();
    const rotated = await service.rotateSecret(endpoint.id, { graceMs: 60_000 });
    expect(rotated.secret).not.toBe(first);
    expect(rotated.endpoint.activeSecrets).toBe(2);
    const stored = await store.get(endpoint.id);
    expect(stored?.secrets.map((s) => s.secret)).toEqual([rotated.secret, first]);
    expect(stored?.secrets[1].expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    const given = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const third = await service.rotateSecret(endpoint.id, { secret: given, graceMs: 0 });
    expect(third.secret).toBe(given);
    expect(third.endpoint.activeSecrets).toBe(1);
    await expect(service.rotateSecret(endpoint.id, { graceMs: -1 })).rejects.toMatchObject({
      field: 'graceMs',
    });
    await expect(service.rotateSecret('ep_000000000000000000000000')).rejects.toBeInstanceOf(
      WebhookEndpointNotFoundError,
    );
    await expect(service.rotateSecret('nope')).rejects.toMatchObject({ field: 'id' });
  });

  it('disables, enables (count reset) and deletes', async () => {
    const { service } = setup();
    const { endpoint } = await service.register({ owner: 'o', url: URL_OK });
    expect(await service.disable(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
    });
    expect(await service.list({ enabled: false })).toHaveLength(1);
    expect(await service.enable(endpoint.id)).toMatchObject({
      enabled: true,
      consecutiveFailures: 0,
    });
    expect((await service.get(endpoint.id))?.disabledReason).toBeUndefined();
    expect(await service.delete(endpoint.id)).toBe(true);
    expect(await service.get(endpoint.id)).toBeUndefined();
    await expect(service.list({ enabled: 'yes' as never })).rejects.toMatchObject({
      field: 'filter.enabled',
    });
  });

  it('disables after failureThreshold failed deliveries in a row and says so once; a success resets', async () => {
    const { service, emitted } = setup({ failureThreshold: 3 });
    const { endpoint } = await service.register({ owner: 'acme', url: `${URL_OK}?token=abc123` });
    await service.onSettled(settled(endpoint.id, 'dead', 'provider_unavailable: HTTP 503'));
    await service.onSettled(settled(endpoint.id, 'failed', 'bad_request: HTTP 400'));
    await service.onSettled(settled(endpoint.id, 'sent'));
    expect((await service.get(endpoint.id))?.consecutiveFailures).toBe(0);
    await service.onSettled(settled(endpoint.id, 'retrying'));
    for (let i = 0; i < 4; i++)
      await service.onSettled(settled(endpoint.id, 'dead', 'timeout: no answer'));
    expect(await service.get(endpoint.id)).toMatchObject({
      enabled: false,
      consecutiveFailures: 3,
    });
    expect(emitted).toEqual([
      [
        WEBHOOK_ENDPOINT_DISABLED_EVENT,
        {
          endpointId: endpoint.id,
          owner: 'acme',
          url: expect.not.stringContaining('abc123'),
          consecutiveFailures: 3,
          reason: 'timeout: no answer',
        },
      ],
    ]);
  });

  it('checks the webhooks option with every problem named', () => {
    const problems: Array<{ path: string; message: string }> = [];
    resolveWebhookOptions(
      { allowPrivateTargets: 'yes', failureThreshold: 0, timeoutMs: 1.5 },
      problems,
    );
    expect(problems.map((p) => p.path)).toEqual([
      'webhooks.allowPrivateTargets',
      'webhooks.failureThreshold',
      'webhooks.timeoutMs',
    ]);
    expect(resolveWebhookOptions(undefined, [])).toEqual(WEBHOOK_DEFAULTS);
  });
});
