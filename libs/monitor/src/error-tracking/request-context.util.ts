import { HttpException, type ArgumentsHost } from '@nestjs/common';

/** Unhandled errors are reported; 4xx `HttpException`s are the client's fault and are not. */
export function shouldCaptureException(exception: unknown): boolean {
  if (exception instanceof HttpException) return exception.getStatus() >= 500;
  return true;
}

function parseCookies(header: unknown): Record<string, string> | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return cookies;
}

/**
 * The request and user of an HTTP exception, in Sentry's event shape. The
 * tracker's PII scrubbing decides what of it leaves the process.
 */
export function requestContextOf(host: ArgumentsHost): Record<string, unknown> | undefined {
  if (host.getType() !== 'http') return undefined;
  const req = host.switchToHttp().getRequest<Record<string, any>>();
  if (!req) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const path = String(req.originalUrl ?? req.url ?? '');
  const queryAt = path.indexOf('?');
  const ip = req.ip ?? req.socket?.remoteAddress;
  const user: Record<string, unknown> = {};
  if (ip) user.ip_address = ip;
  if (req.user?.id !== undefined) user.id = String(req.user.id);
  if (typeof req.user?.email === 'string') user.email = req.user.email;
  return {
    request: {
      method: req.method,
      url: `${req.protocol ?? 'http'}://${headers.host ?? 'localhost'}${queryAt >= 0 ? path.slice(0, queryAt) : path}`,
      query_string: queryAt >= 0 ? path.slice(queryAt + 1) : undefined,
      headers,
      cookies: req.cookies ?? parseCookies(headers.cookie),
      env: ip ? { REMOTE_ADDR: ip } : undefined,
    },
    user,
  };
}
