import { readFileSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { INBOX_BUNDLE_FILE } from '../apps/demo/src/admin/assets/inbox-bundle.service.js';
import { startDemoApp } from './helpers/demo-app.js';
import { ensureInboxBundle } from './helpers/inbox-bundle.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

/**
 * The demo's pages load `<herald-inbox>` from one bundle (scripts/build-inbox-bundle.js):
 * served under a content-addressed name for a year, under a stable name revalidated
 * each time, with the right type; every other name under /assets is a 404 naming the served ones.
 */
describe('the <herald-inbox> bundle the demo serves', () => {
  let app: INestApplication;
  let token: string;
  let versioned: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ensureInboxBundle();
    ({ app } = await startDemoApp());
    token = await loginAs(app, 'alice');
    const page = await http().get('/admin/notifications').set(bearer(token)).expect(200);
    versioned =
      /<script type="module" src="(\/assets\/herald-inbox-[0-9a-f]{16}\.js)"><\/script>/.exec(
        page.text,
      )![1];
  });
  afterAll(() => app?.close());

  it('the pages show <herald-inbox> for the inbox bell and load the versioned bundle', async () => {
    const page = await http().get('/admin/preferences').set(bearer(token)).expect(200);
    expect(page.text).toContain(`<script type="module" src="${versioned}"></script>`);
    expect(page.text).toMatch(/<herald-inbox base-url="\/admin\/notifications" data-herald-bell/);
    expect(page.text).not.toContain('new EventSource'); // the hand-written bell script is gone
  });

  it('serves the versioned name for a year, with its type and a strong ETag', async () => {
    const res = await http().get(versioned).expect(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(versioned).toContain(res.headers.etag.slice(1, 17));
    const body = Buffer.isBuffer(res.body) ? res.body : Buffer.from(res.text);
    expect(body.equals(readFileSync(INBOX_BUNDLE_FILE))).toBe(true);
    expect(body.toString()).toContain('herald-inbox');
    await http().get(versioned).set('If-None-Match', res.headers.etag).expect(304);
    await http().get(versioned).set('If-None-Match', `W/${res.headers.etag}, "x"`).expect(304);
    await http().get(versioned).set('If-None-Match', '"other"').expect(200);
  });

  it('serves the stable name revalidated on each use, without a sign-in', async () => {
    const res = await http().get('/assets/herald-inbox.js').expect(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    await http().get('/assets/herald-inbox.js').set('If-None-Match', res.headers.etag).expect(304);
  });

  it.each(
    [
      '/assets/herald-inbox-0000000000000000.js',
      '/assets/herald-inbox.js.map',
      '/assets/..%2Fpackage.json',
      '/assets/%00',
      `/assets/${'a'.repeat(3000)}`,
    ].map((path) => [path.slice(0, 60), path]),
  )('answers 404 naming the served files for %s', async (_name, path) => {
    const res = await http().get(path).expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body.message).toMatch(
      /the file must be "herald-inbox\.js" or "herald-inbox-[0-9a-f]{16}\.js"/,
    );
  });
});
