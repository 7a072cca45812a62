import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { json, urlencoded, type NextFunction, type Request, type Response } from 'express';
import type { DemoHttpOptions } from './demo-http.options.js';
import { jsonShapeProblem, paramKeyProblem } from './request-shape.util.js';

/** An error in body-parser's shape (`status`, `expose`), so it answers with that status. */
function requestError(status: number, message: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true });
}

/**
 * A parser's 4xx (malformed JSON, too large, unsupported charset or encoding,
 * a refused shape) becomes an `HttpException`: answered with its status and
 * message like any other client error, neither logged nor reported as a crash.
 */
function parserErrorsAsHttpExceptions(
  error: unknown,
  _req: Request,
  _res: Response,
  next: NextFunction,
): void {
  const { status, expose, message } = (error ?? {}) as {
    status?: number;
    expose?: boolean;
    message?: string;
  };
  if (error instanceof HttpException || !status || status < 400 || status >= 500 || !expose) {
    next(error);
    return;
  }
  next(new HttpException({ statusCode: status, error: STATUS_CODES[status], message }, status));
}

/**
 * The demo's request parsing, before any route, pipe or class-transformer
 * sees the input: JSON (UTF-8 only) and form bodies up to `bodyLimit`; a JSON
 * body nested deeper than `jsonMaxDepth`, or any body or query key named
 * `__proto__`, `constructor` or `prototype`, is refused with 400. `main.ts`
 * and the tests' `startDemoApp` call it on the app before it listens.
 */
export function configureDemoHttp(app: INestApplication, options: DemoHttpOptions): void {
  app.use(function rejectPrototypeQueryKeys(req: Request, _res: Response, next: NextFunction) {
    const at = req.originalUrl.indexOf('?');
    const problem = at === -1 ? undefined : paramKeyProblem(req.originalUrl.slice(at + 1));
    next(problem ? requestError(400, problem) : undefined);
  });
  // Named jsonParser / urlencodedParser by body-parser: Nest then adds no parser of its own.
  app.use(
    json({
      limit: options.bodyLimit,
      verify: (_req, _res, body, encoding) => {
        if (!/^utf-?8$/i.test(encoding)) {
          throw requestError(415, `JSON bodies must be UTF-8 (got charset "${encoding}")`);
        }
        const problem = jsonShapeProblem(body, options.jsonMaxDepth);
        if (problem) throw requestError(400, problem);
      },
    }),
  );
  app.use(
    urlencoded({
      extended: true,
      limit: options.bodyLimit,
      verify: (_req, _res, body) => {
        const problem = paramKeyProblem(body.toString('utf8'));
        if (problem) throw requestError(400, problem);
      },
    }),
  );
  app.use(parserErrorsAsHttpExceptions);
}
