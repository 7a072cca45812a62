import { HeraldError } from '@herald/contracts';

/** A webhook endpoint was given a bad field; the message names it and what is allowed. */
export class WebhookEndpointError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`webhook endpoint: ${field} ${message}`, { code: 'HERALD_WEBHOOK_ENDPOINT_INVALID' });
  }
}
