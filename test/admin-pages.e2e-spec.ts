import { Injectable, Module, type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AdminContributor, type AdminPage, type AdminViewer } from '@herald/contracts';
import { escapeHtml } from '@herald/notification';
import { startDemoApp } from './helpers/demo-app.js';
import { ensureInboxBundle } from './helpers/inbox-bundle.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

/** A contributor the demo knows nothing about: its page must be mounted by the shell alone. */
@AdminContributor({ order: 50 })
@Injectable()
class ReportsContributor {
  readonly id = 'reports';
  navigation() {
    return [{ label: 'Reports', path: '/admin/reports' }];
  }
  pages(): AdminPage[] {
    return [
      {
        path: '/admin/reports',
        title: 'Reports',
        render: (viewer: AdminViewer, query) =>
          `<p id="reports">Reports for ${escapeHtml(viewer.id)}, range ${escapeHtml(query.range)}</p>`,
      },
    ];
  }
}

@Module({ providers: [ReportsContributor] })
class ReportsModule {}

describe('Admin shell: contributor pages mounted generically', () => {
  let app: INestApplication;
  let token: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ensureInboxBundle(); // the shell shows <herald-inbox> when its bundle is built
    ({ app } = await startDemoApp(undefined, [ReportsModule]));
    token = await loginAs(app, 'alice');
  });
  afterAll(() => app.close());

  it("serves a contributor's page at its path inside the layout, with navigation and bell", async () => {
    const res = await http()
      .get('/admin/reports?range=<7d>')
      .set(bearer(token))
      .expect(200)
      .expect('content-type', /html/);
    expect(res.text).toContain('<p id="reports">Reports for alice, range &lt;7d&gt;</p>');
    expect(res.text).toContain('<title>Reports · Herald demo</title>');
    expect(res.text).toMatch(/<a href="\/admin\/reports">Reports<\/a>/);
    expect(res.text).toMatch(/<a href="\/admin\/notifications">/);
    expect(res.text).toContain('data-herald-bell');
  });

  it('asks for a sign-in: JSON 401 for API clients, the sign-in page for browsers', async () => {
    const json = await http().get('/admin/reports').expect(401);
    expect(json.body).toMatchObject({ statusCode: 401, message: expect.stringMatching(/Sign in/) });
    const page = await http().get('/admin/reports').set('Accept', 'text/html').expect(401);
    expect(page.text).toContain('Sign in');
  });

  it("leaves the application's own routes alone and 404s paths no one serves", async () => {
    const inbox = await http().get('/admin/notifications/inbox').set(bearer(token)).expect(200);
    expect(inbox.body).toHaveProperty('unread_count');
    await http().get('/admin/notifications').set(bearer(token)).expect(200);
    await http().get('/admin/nothing-here').set(bearer(token)).expect(404);
  });
});
