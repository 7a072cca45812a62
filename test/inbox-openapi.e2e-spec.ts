/**
 * docs/inbox-openapi.json is the inbox routes recipe's OpenAPI document
 * (@nestjs/swagger): regenerated here, it must equal the committed file
 * (`npm run openapi:update` rewrites it), and it must list every route of the
 * recipe controller, the text/event-stream one included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { InboxController } from '../examples/inbox.controller.js';
import { buildInboxOpenApi } from '../examples/inbox/inbox-openapi.js';
import { InboxPreferencesController } from '../examples/inbox/inbox-preferences.controller.js';

const FILE = join(__dirname, '..', 'docs', 'inbox-openapi.json');

/** Every route of the recipe as `METHOD /path/{param}`, read from the controllers' metadata. */
function recipeRoutes(): string[] {
  return [InboxController, InboxPreferencesController].flatMap(routesOf);
}

function routesOf(controller: new (...args: never[]) => object): string[] {
  const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
  const proto = controller.prototype as unknown as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto).flatMap((name) => {
    const handler = proto[name];
    if (name === 'constructor' || typeof handler !== 'function') return [];
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
    if (path === undefined) return [];
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
    return [`${method} /${base}/${path}`.replace(/:(\w+)/g, '{$1}')];
  });
}

describe('docs/inbox-openapi.json', () => {
  let generated: Record<string, any>;
  beforeAll(async () => {
    generated = await buildInboxOpenApi();
  });

  it('is what the recipe generates (run `npm run openapi:update` after changing the recipe)', () => {
    const committed = readFileSync(FILE, 'utf8');
    expect(committed).toBe(`${JSON.stringify(generated, null, 2)}\n`);
  });

  it('lists every route of the recipe, with the contract table’s routes among them', () => {
    const documented = Object.entries(generated.paths as Record<string, object>).flatMap(
      ([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routes = recipeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(19);
    expect(documented.sort()).toEqual([...routes].sort());
    const p = '/admin/notifications';
    for (const route of [
      `GET ${p}/inbox`,
      `POST ${p}/counts`,
      `POST ${p}/read/{message_id}`,
      `POST ${p}/read-all`,
      ...['seen', 'read', 'unread', 'archive', 'unarchive', 'unsnooze', 'snooze'].map(
        (c) => `POST ${p}/messages/{message_id}/${c}`,
      ),
      `POST ${p}/messages/{message_id}/actions/{action_id}`,
      `DELETE ${p}/messages/{message_id}`,
      ...['seen', 'read', 'archive'].map((c) => `POST ${p}/bulk/${c}`),
      `GET ${p}/preferences`,
      `PUT ${p}/preferences`,
      `GET ${p}/stream`,
    ]) {
      expect(documented).toContain(route);
    }
  });

  it('describes the stream as text/event-stream and the answers with their fields', () => {
    const p = generated.paths as Record<string, any>;
    const stream = p['/admin/notifications/stream'].get;
    expect(Object.keys(stream.responses['200'].content)).toEqual(['text/event-stream']);
    expect(stream.parameters.map((x: { name: string }) => x.name).sort()).toEqual([
      'Last-Event-ID',
      'lastEventId',
      'token',
    ]);
    const page = p['/admin/notifications/inbox'].get.responses['200'].content['application/json'];
    expect(page.schema.required).toEqual(['unread_count', 'unseen_count', 'notifications']);
    const message = page.schema.properties.notifications.items;
    expect(message.required).toEqual(
      expect.arrayContaining(['seen', 'archived', 'snoozed_until', 'tags', 'severity', 'actions']),
    );
    const snooze = p['/admin/notifications/messages/{message_id}/snooze'].post;
    expect(snooze.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SnoozeBodyDto',
    });
    expect(generated.components.schemas.SnoozeBodyDto.required).toEqual(['until']);
  });
});
