import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiProperty,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
  DocumentBuilder,
  SwaggerModule,
  type ApiPropertyOptions,
  type OpenAPIObject,
} from '@nestjs/swagger';
import { NotificationPreferencesService } from '@herald/notification';
import { InboxLiveService, InboxService } from '@herald/notification/inbox';
import { InboxController } from '../inbox.controller.js';
import * as dto from './inbox.dto.js';
import * as schemas from './inbox-openapi.schemas.js';
import { InboxPreferencesController } from './inbox-preferences.controller.js';
import { INBOX_TOPICS } from './inbox-topics.js';

// The recipe carries no OpenAPI decorators (an app copying it needs no @nestjs/swagger):
// they are applied here, before the document is built.

const optional = (options: ApiPropertyOptions): ApiPropertyOptions =>
  ({ ...options, required: false }) as ApiPropertyOptions;
const STATUSES = ['inbox', 'archived', 'snoozed', 'all'];
const SEVERITIES = ['low', 'normal', 'high', 'critical'];
const FILTER: Record<string, ApiPropertyOptions> = {
  status: optional({ enum: STATUSES, default: 'inbox' }),
  read: optional({ type: Boolean, description: 'false = unread only' }),
  seen: optional({ type: Boolean }),
  tags: optional({
    type: [String],
    maxItems: 10,
    description: 'any of these (comma separated in a query)',
  }),
  severity: optional({
    enum: SEVERITIES,
    isArray: true,
    description: 'any of these (comma separated in a query)',
  }),
};

const PROPERTIES: Array<[object, Record<string, ApiPropertyOptions>]> = [
  [dto.MessageIdParams, { message_id: { type: String, format: 'uuid' } }],
  [dto.ActionParams, { action_id: { type: String, pattern: '^[A-Za-z0-9_.:-]{1,64}$' } }],
  [dto.FilterDto, FILTER],
  [
    dto.InboxQueryDto,
    {
      limit: optional({
        type: Number,
        minimum: 1,
        maximum: 1000,
        description: 'capped at max_page_size',
      }),
      cursor: optional({ type: String, description: 'next_cursor of the previous page (opaque)' }),
      unread_only: optional({ type: Boolean, description: 'same as read=false' }),
    },
  ],
  [
    dto.CountsBodyDto,
    {
      tabs: {
        type: 'object',
        additionalProperties: { $ref: '#/components/schemas/FilterDto' },
        description: '1 to 20 tabs; ids of 1 to 64 A-Z a-z 0-9 _ . : -',
      },
    },
  ],
  [dto.BulkBodyDto, { filter: optional({ type: () => dto.FilterDto }) }],
  [
    dto.SnoozeBodyDto,
    { until: { type: String, format: 'date-time', description: 'in the future; no upper cap' } },
  ],
  [
    dto.PreferenceBodyDto,
    {
      category: { type: String, maxLength: 100 },
      channel: { type: String, maxLength: 50 },
      enabled: { type: Boolean },
    },
  ],
];

const NOT_FOUND = ApiNotFoundResponse({ description: 'no such message of this user' });
const ROUTES: Array<[object, string, MethodDecorator[]]> = [
  [InboxController, 'list', [ApiOkResponse({ schema: schemas.INBOX_PAGE })]],
  [InboxController, 'counts', [ApiOkResponse({ schema: schemas.COUNTS })]],
  [InboxController, 'read', [ApiOkResponse({ schema: schemas.READ_ONE }), NOT_FOUND]],
  [InboxController, 'readAll', [ApiOkResponse({ schema: schemas.READ_ALL })]],
  ...['seen', 'markRead', 'unread', 'archive', 'unarchive', 'unsnooze', 'snooze'].map(
    (name): [object, string, MethodDecorator[]] => [
      InboxController,
      name,
      [ApiOkResponse({ schema: schemas.MESSAGE_CHANGED }), NOT_FOUND],
    ],
  ),
  [InboxController, 'action', [ApiOkResponse({ schema: schemas.ACTION_DONE }), NOT_FOUND]],
  [InboxController, 'remove', [ApiOkResponse({ schema: schemas.DELETED }), NOT_FOUND]],
  ...['bulkSeen', 'bulkRead', 'bulkArchive'].map((name): [object, string, MethodDecorator[]] => [
    InboxController,
    name,
    [ApiOkResponse({ schema: schemas.BULK_CHANGED })],
  ]),
  [InboxPreferencesController, 'getPreferences', [ApiOkResponse({ schema: schemas.PREFERENCES })]],
  [
    InboxPreferencesController,
    'setPreference',
    [ApiOkResponse({ schema: schemas.PREFERENCE_SET })],
  ],
  [
    InboxController,
    'stream',
    [
      ApiProduces('text/event-stream'),
      ApiHeader({ name: 'Last-Event-ID', required: false, description: 'replay after this id' }),
      ApiQuery({ name: 'lastEventId', required: false, description: 'as Last-Event-ID' }),
      ApiQuery({ name: 'token', required: false, description: 'subscriber token (EventSource)' }),
      ApiOkResponse({ content: { 'text/event-stream': { schema: schemas.STREAM } } }),
    ],
  ],
];

let decorated = false;

/** Puts the OpenAPI metadata on the recipe's classes (once per process). */
function decorateRecipe(): void {
  if (decorated) return;
  decorated = true;
  for (const [type, properties] of PROPERTIES) {
    const proto = (type as { prototype: object }).prototype;
    for (const [name, options] of Object.entries(properties)) ApiProperty(options)(proto, name);
  }
  for (const [type, name, decorators] of ROUTES) {
    const proto = (type as { prototype: Record<string, unknown> }).prototype;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor) throw new Error(`the recipe has no route method ${name}`);
    for (const decorate of decorators) decorate(proto, name, descriptor);
  }
  for (const type of [InboxController, InboxPreferencesController]) {
    ApiTags('inbox')(type);
    ApiBearerAuth()(type);
    ApiUnauthorizedResponse({
      description: 'no signed-in user; a missing, expired or forged token',
    })(type);
    ApiBadRequestResponse({ description: 'malformed input; the message names the field' })(type);
  }
}

/**
 * The OpenAPI document of the inbox routes recipe (InboxController and
 * InboxPreferencesController), built with @nestjs/swagger; no server is started and no
 * route runs, so the services are blanks. `npm run openapi:update` writes it to
 * docs/inbox-openapi.json.
 */
export async function buildInboxOpenApi(): Promise<OpenAPIObject> {
  decorateRecipe();
  const blank = (provide: unknown) => ({ provide: provide as string, useValue: {} });
  @Module({
    controllers: [InboxController, InboxPreferencesController],
    providers: [
      blank(InboxService),
      blank(InboxLiveService),
      blank(NotificationPreferencesService),
      { provide: INBOX_TOPICS, useValue: [] },
    ],
  })
  class OpenApiModule {}
  const app = await NestFactory.create(OpenApiModule, { logger: false, abortOnError: false });
  try {
    const config = new DocumentBuilder()
      .setTitle('Herald inbox')
      .setDescription(
        'The routes recipe of @herald/notification (examples/inbox.controller.ts, examples/inbox/inbox-preferences.controller.ts): ' +
          'the contract of @herald/inbox-client. The user is the one your guard signed in, or the subject of a subscriber token ' +
          '(Authorization: Bearer, or ?token= for EventSource).',
      )
      .setVersion('1')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        description: 'subscriber token (signInboxToken)',
      })
      .build();
    return SwaggerModule.createDocument(app, config);
  } finally {
    await app.close();
  }
}
