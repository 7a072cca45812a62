import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import type { DeliveryError } from '../../../errors/delivery.error.js';
import {
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
  type HttpResponse,
} from '../../../utils/http-client.util.js';

/** SES v2 error types and what they mean for a retry; anything else goes by HTTP status. */
const REASONS: Readonly<Record<string, DeliveryFailureReason>> = {
  TooManyRequestsException: 'rate_limited',
  ThrottlingException: 'rate_limited',
  Throttling: 'rate_limited',
  LimitExceededException: 'rate_limited',
  MessageRejected: 'bad_request',
  BadRequestException: 'bad_request',
  NotFoundException: 'bad_request',
  ValidationException: 'bad_request',
  SerializationException: 'bad_request',
  MailFromDomainNotVerifiedException: 'forbidden',
  AccountSuspendedException: 'forbidden',
  SendingPausedException: 'forbidden',
  AccessDeniedException: 'forbidden',
  UnrecognizedClientException: 'auth',
  InvalidSignatureException: 'auth',
  SignatureDoesNotMatch: 'auth',
  IncompleteSignature: 'auth',
  MissingAuthenticationToken: 'auth',
  ExpiredTokenException: 'auth',
  InvalidClientTokenId: 'auth',
};

/**
 * The error type of an AWS JSON answer: the `X-Amzn-ErrorType` header
 * (`MessageRejected:http://...`), else the body's `__type` (`...#Type`) or `code`.
 */
export function sesErrorType(
  response: Pick<HttpResponse, 'headers'>,
  body: any,
): string | undefined {
  const header = response.headers['x-amzn-errortype'];
  const raw =
    (Array.isArray(header) ? header[0] : header) ?? body?.__type ?? body?.code ?? body?.Code;
  if (typeof raw !== 'string' || raw === '') return undefined;
  return raw.split(':')[0].split('#').pop();
}

/** A non-2xx SES answer as a `DeliveryError` with the reason its error type calls for. */
export function sesDeliveryError(context: DeliveryContext, response: HttpResponse): DeliveryError {
  const body = parseJsonBody<{ message?: string; Message?: string }>(response.body);
  const type = sesErrorType(response, body);
  let reason = type ? REASONS[type] : undefined;
  const message = body?.message ?? body?.Message;
  // MessageRejected for an address SES cannot send to (sandbox: not verified) is about the recipient
  if (
    type === 'MessageRejected' &&
    /address(es)? (is|are) not verified|recipient/i.test(message ?? '')
  )
    reason = 'invalid_recipient';
  return httpDeliveryError(context, response, { message, providerCode: type, reason });
}
