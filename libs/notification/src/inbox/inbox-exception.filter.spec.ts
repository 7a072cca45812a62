import { Controller, Get, Param, UseFilters, type INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { InboxError } from './errors/inbox.error.js';
import { INBOX_ERROR_HTTP_STATUS, InboxExceptionFilter } from './inbox-exception.filter.js';
import { InboxService } from './inbox.service.js';
import { InMemoryInboxStore } from './stores/in-memory-inbox.store.js';

const inbox = new InboxService(new InMemoryInboxStore());

@Controller()
@UseFilters(InboxExceptionFilter)
class InboxTestController {
  @Get('inbox/:user')
  list(@Param('user') user: string) {
    return inbox.getInbox(user, { cursor: 'forged' });
  }

  @Get('send/:title')
  send(@Param('title') title: string) {
    return inbox.send('alice', { title, body: '' });
  }

  @Get('action/:actionId')
  async action(@Param('actionId') actionId: string) {
    const m = await inbox.send('alice', {
      title: 'deploy?',
      actions: [{ label: 'Approve', actionId: 'approve' }],
    });
    return inbox.runAction('alice', m.id, actionId);
  }

  @Get('code/:code')
  fail(@Param('code') code: string) {
    throw new InboxError(`setup problem at /srv/app/secret-path (${code})`, code);
  }

  @Get('other')
  other() {
    throw new TypeError('not an inbox error');
  }
}

describe('InboxExceptionFilter', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [InboxTestController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });
  afterAll(() => app.close());

  it('answers 400 with the message and code for a forged cursor or invalid input', async () => {
    const cursor = await request(app.getHttpServer()).get('/inbox/alice').expect(400);
    expect(cursor.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INBOX_INVALID_CURSOR',
      message: expect.stringContaining("inbox cursor 'forged' is not valid"),
    });
    const title = await request(app.getHttpServer()).get('/send/a%00b').expect(400);
    expect(title.body).toMatchObject({ statusCode: 400, code: 'INBOX_INVALID_INPUT' });
    expect(title.body.message).toContain('U+0000');
  });

  it('answers 404 for an action id the message does not have', async () => {
    const res = await request(app.getHttpServer()).get('/action/reject').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'INBOX_UNKNOWN_ACTION',
      message: expect.stringMatching(/has no action 'reject'; its action ids are 'approve'/),
    });
    await request(app.getHttpServer()).get('/action/approve').expect(200);
  });

  it('maps every code it knows, and answers server-side codes as a plain 500', async () => {
    expect(INBOX_ERROR_HTTP_STATUS).toEqual({
      INBOX_INVALID_INPUT: 400,
      INBOX_INVALID_CURSOR: 400,
      INBOX_NO_DATA_SOURCE: 500,
      INBOX_TABLE_MISSING: 500,
      INBOX_UNKNOWN_ACTION: 404,
    });
    for (const code of ['INBOX_TABLE_MISSING', 'INBOX_NO_DATA_SOURCE', 'SOMETHING_NEW']) {
      const res = await request(app.getHttpServer()).get(`/code/${code}`).expect(500);
      expect(res.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    }
    await request(app.getHttpServer()).get('/other').expect(500);
  });

  it('works as a global filter (APP_FILTER) too', async () => {
    @Controller()
    class PlainController {
      @Get('x')
      x() {
        return inbox.countUnread('');
      }
    }
    const moduleRef = await Test.createTestingModule({
      controllers: [PlainController],
      providers: [{ provide: APP_FILTER, useClass: InboxExceptionFilter }],
    }).compile();
    const global = moduleRef.createNestApplication({ logger: false });
    await global.init();
    try {
      const res = await request(global.getHttpServer()).get('/x').expect(400);
      expect(res.body.code).toBe('INBOX_INVALID_INPUT');
    } finally {
      await global.close();
    }
  });
});
