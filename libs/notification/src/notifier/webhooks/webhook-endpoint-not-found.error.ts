import { HeraldError } from '@herald/contracts';

/** No webhook endpoint has this id (or it belongs to another owner). */
export class WebhookEndpointNotFoundError extends HeraldError {
  constructor(readonly endpointId: string) {
    super(`webhook endpoint ${JSON.stringify(endpointId.slice(0, 64))} does not exist`, {
      code: 'HERALD_WEBHOOK_ENDPOINT_NOT_FOUND',
    });
  }
}
