import { BadRequestException, Logger, type ArgumentsHost } from '@nestjs/common';
import { dependencyOutageOf } from './dependency-outage.util.js';
import { ServiceUnavailableFilter } from './service-unavailable.filter.js';

/** What pg, pg-pool, TypeORM and net throw during a PostgreSQL outage. */
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const queryFailed = Object.assign(new Error('Connection terminated unexpectedly'), {
  name: 'QueryFailedError',
  driverError: new Error('Connection terminated unexpectedly'),
});
const OUTAGES: Array<[string, unknown, string]> = [
  ['ECONNREFUSED', refused, 'connection refused'],
  [
    'ECONNREFUSED inside an AggregateError (IPv4 and IPv6 tried)',
    new AggregateError([refused, refused], ''),
    'connection refused',
  ],
  ['connection terminated (TypeORM QueryFailedError)', queryFailed, 'connection terminated'],
  ['pool timeout', new Error('timeout exceeded when trying to connect'), 'connection pool timeout'],
  [
    'TypeORM "Driver not Connected"',
    new Error('Driver not Connected'),
    'database driver not connected',
  ],
  [
    'pg client after a connection error',
    new Error('Client has encountered a connection error and is not queryable'),
    'connection lost',
  ],
  [
    'SQLSTATE 08006',
    Object.assign(new Error('x'), { code: '08006' }),
    'database connection failure',
  ],
  [
    'SQLSTATE 57P01 in a cause',
    new Error('query failed', {
      cause: Object.assign(new Error('terminating'), { code: '57P01' }),
    }),
    'database server shutting down',
  ],
];

describe('dependencyOutageOf', () => {
  it.each(OUTAGES)('recognises %s', (_name, error, reason) => {
    expect(dependencyOutageOf(error)).toEqual({ reason });
  });

  it('leaves every other error alone', () => {
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), {
      name: 'QueryFailedError',
      driverError: Object.assign(new Error('syntax error'), { code: '42601' }),
    });
    for (const error of [
      syntax,
      new Error('boom'),
      new BadRequestException('connection refused by the user'),
      'ECONNREFUSED',
      undefined,
      null,
    ])
      expect(dependencyOutageOf(error)).toBeUndefined();
    const loop: Record<string, unknown> = { message: 'loop' };
    loop.cause = loop;
    expect(dependencyOutageOf(loop)).toBeUndefined();
  });
});

describe('ServiceUnavailableFilter', () => {
  function httpHost() {
    const response = {
      headersSent: false,
      headers: {} as Record<string, string>,
      setHeader(name: string, value: string) {
        this.headers[name] = value;
      },
    };
    const request = { method: 'GET', url: '/admin/suppressions.json?token=secret-in-query' };
    const host = {
      getType: () => 'http',
      switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }),
      getArgByIndex: (i: number) => [request, response][i],
      getArgs: () => [request, response],
    } as unknown as ArgumentsHost;
    return { host, response };
  }

  function filterWithAdapter(options = {}) {
    const filter = new ServiceUnavailableFilter(options);
    const replies: Array<{ body: unknown; status: number }> = [];
    const adapter = {
      reply: (_res: unknown, body: unknown, status: number) => replies.push({ body, status }),
      isHeadersSent: () => false,
      end: () => undefined,
    };
    (filter as unknown as { httpAdapterHost: unknown }).httpAdapterHost = { httpAdapter: adapter };
    return { filter, replies };
  }

  it('answers a connection failure 503 with Retry-After, naming the kind of failure and nothing else', () => {
    const { filter, replies } = filterWithAdapter({ retryAfterSeconds: 7 });
    const { host, response } = httpHost();
    filter.catch(queryFailed, host);
    expect(response.headers['Retry-After']).toBe('7');
    expect(replies).toEqual([
      {
        status: 503,
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          message:
            'a service this request needs is unavailable (connection terminated); retry after 7 s',
        },
      },
    ]);
  });

  it('logs one WARN per kind of failure a minute, without the query string', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const { filter } = filterWithAdapter();
      for (let i = 0; i < 100; i++) filter.catch(refused, httpHost().host);
      filter.catch(queryFailed, httpHost().host);
      expect(warn.mock.calls.map(([line]) => line)).toEqual([
        'answered 503 to GET /admin/suppressions.json: connection refused',
        'answered 503 to GET /admin/suppressions.json: connection terminated',
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('hands any other error to the delegate, or to Nest', () => {
    const delegate = { catch: jest.fn() };
    const { filter, replies } = filterWithAdapter({ delegate });
    const { host, response } = httpHost();
    const other = new Error('boom');
    filter.catch(other, host);
    expect(delegate.catch).toHaveBeenCalledWith(other, host);
    expect(response.headers).toEqual({});
    expect(replies).toEqual([]);
  });
});
