import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { NotificationPreferencesService } from '@herald/notification';
import { InboxLiveService, InboxService } from '@herald/notification/inbox';
import { InboxController } from '../inbox.controller.js';
import { INBOX_TOPICS } from './inbox-topics.js';

/**
 * The OpenAPI document of the inbox routes, built from the recipe controller's
 * decorators (no server is started and no route runs, so its services are blanks).
 * `npm run openapi:update` writes it to docs/inbox-openapi.json.
 */
export async function buildInboxOpenApi(): Promise<OpenAPIObject> {
  const blank = (provide: unknown) => ({ provide: provide as string, useValue: {} });
  @Module({
    controllers: [InboxController],
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
        'The routes recipe of @herald/notification (examples/inbox.controller.ts): the contract of @herald/inbox-client. ' +
          'The user is the one your guard signed in, or the subject of a subscriber token (Authorization: Bearer, or ?token= for EventSource).',
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
