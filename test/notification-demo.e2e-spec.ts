import type { INestApplication } from '@nestjs/common';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

describe('demo: sending SMS, push and email through the log drivers', () => {
  let app: INestApplication;
  let url: string;
  let token: string;

  beforeAll(async () => {
    ({ app, url } = await startDemoApp());
    token = await loginAs(app, 'alice');
  });
  afterAll(() => app.close());

  const post = (path: string, form: Record<string, string>, json = false) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...bearer(token),
        'content-type': 'application/x-www-form-urlencoded',
        ...(json ? { accept: 'application/json' } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });

  it('links the page from the home page', async () => {
    const home = await (await fetch(`${url}/`)).text();
    expect(home).toContain('href="/channels"');
  });

  it('records each channel and shows the deliveries with masked recipients', async () => {
    const sms = await post('/channels/sms', { to: '+15551234567', body: 'code 123456' });
    expect(sms.status).toBe(303);
    expect(sms.headers.get('location')).toMatch(/^\/channels\?notice=Recorded/);
    const push = await post(
      '/channels/push',
      { token: 'device-token-abcdef', title: 'Hi', body: 'there' },
      true,
    );
    expect(push.status).toBe(200);
    expect(await push.json()).toMatchObject({ success: true, backend: 'demo-push' });
    const mail = await post(
      '/channels/mail',
      { to: 'ada@example.com', subject: 'Welcome', html: '<p>Hello</p>' },
      true,
    );
    expect(await mail.json()).toMatchObject({
      backend: 'demo-mail',
      accepted: ['ada@example.com'],
    });

    const deliveries = (await (await fetch(`${url}/channels/deliveries`)).json()) as any[];
    expect(
      deliveries.map((d: any) => [d.channel, d.backend, d.recipient, d.summary]).sort(),
    ).toEqual(
      [
        ['mail', 'demo-mail', 'a***@example.com', 'Welcome'],
        ['push', 'demo-push', 'devi…cdef', 'Hi — there'],
        ['sms', 'demo-sms', '+1******4567', 'code 123456'],
      ].sort(),
    );
    const page = await (await fetch(`${url}/channels`)).text();
    expect(page).toContain('+1******4567');
    expect(page).not.toContain('5551234567');
  });

  it('refuses an invalid recipient and header injection with a 400', async () => {
    const bad = await post('/channels/sms', { to: '12345', body: 'x' }, true);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).reason).toBe('invalid_recipient');
    const injected = await post(
      '/channels/email',
      { to: 'ada@example.com', subject: 'Hi\r\nBcc: x@example.com' },
      true,
    );
    expect(injected.status).toBe(400);
    expect(((await injected.json()) as any).error).toContain('header injection refused');
  });
});
