import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';

/** One Adaptive Card the fake Teams Workflows webhook accepted. */
export interface TeamsReceived {
  card: any;
  payload: any;
}

/**
 * A Microsoft Teams Workflows webhook ("When a Teams webhook request is
 * received") on 127.0.0.1: `POST /workflows/{id}/triggers/manual/paths/invoke?...&sig=...`.
 * Answers `202 Accepted` for a `message` with one Adaptive Card attachment
 * (`application/vnd.microsoft.card.adaptive`, `type: AdaptiveCard`, a
 * version and a `body`), `400 InvalidRequestContent` otherwise, `401
 * DirectApiAuthorizationRequired` for a wrong `sig`.
 */
export class FakeTeamsServer extends FakeProviderServer {
  readonly workflowId = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
  readonly signature: string;
  readonly cards: TeamsReceived[] = [];

  constructor(options: { signature?: string } = {}) {
    super();
    this.signature = options.signature ?? 'TeStSiGnAtUrE_0123456789-abcdefghijklmnop';
  }

  get webhookUrl(): string {
    return `${this.url}/workflows/${this.workflowId}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${this.signature}`;
  }

  protected override errorBody(status: number): unknown {
    return {
      error: {
        code: status === 429 ? 'WorkflowRequestsThrottled' : 'ServiceUnavailable',
        message: `injected failure ${status}`,
      },
    };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (
      request.method !== 'POST' ||
      request.path !== `/workflows/${this.workflowId}/triggers/manual/paths/invoke`
    )
      return {
        status: 404,
        body: { error: { code: 'WorkflowNotFound', message: 'The workflow could not be found.' } },
      };
    if (request.query.get('sig') !== this.signature)
      return {
        status: 401,
        body: {
          error: {
            code: 'DirectApiAuthorizationRequired',
            message: 'The request must be authenticated',
          },
        },
      };
    const p = request.json;
    const attachment = p?.attachments?.[0];
    const card = attachment?.content;
    const problem =
      p?.type !== 'message'
        ? 'the body must be a "message"'
        : !Array.isArray(p.attachments) || p.attachments.length !== 1
          ? 'a message needs exactly one attachment'
          : attachment.contentType !== 'application/vnd.microsoft.card.adaptive'
            ? 'the attachment must be an Adaptive Card'
            : card?.type !== 'AdaptiveCard' ||
                typeof card.version !== 'string' ||
                !Array.isArray(card.body)
              ? 'the card needs type AdaptiveCard, a version and a body'
              : undefined;
    if (problem)
      return { status: 400, body: { error: { code: 'InvalidRequestContent', message: problem } } };
    this.cards.push({ card, payload: p });
    return { status: 202, body: '' };
  }
}
