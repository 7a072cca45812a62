import type { ChatChannelProtocol, ChatMessage, ChatSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { ensureDeliveryError } from '../utils/ensure-delivery-error.util.js';
import type { ChatProviderDriver } from './chat-driver.interface.js';

const SEVERITIES = new Set(['info', 'success', 'warning', 'critical']);

/**
 * A named chat backend (`ChatChannelProtocol`): checks the message, then
 * posts it through its driver inside a PRODUCER span. Every failure rejects
 * with a `DeliveryError`.
 *
 * @example await chat.send({ to: 'C0123ABC', title: 'Deploy', text: 'v2.3 is live' })
 */
export class ChatChannel implements ChatChannelProtocol {
  constructor(
    readonly name: string,
    readonly driver: ChatProviderDriver,
    private readonly telemetry: DeliveryTelemetry,
  ) {}

  async send(message: ChatMessage): Promise<ChatSendResult> {
    return this.telemetry.trace(
      {
        channel: 'chat',
        backend: this.name,
        driver: this.driver.driver,
        recipient: message?.to,
        messageType: 'chat',
      },
      async (_span, traceHeaders) => {
        this.check(message);
        try {
          const result = await this.driver.send(message, traceHeaders);
          return Object.assign({}, result, { backend: this.name });
        } catch (error) {
          throw ensureDeliveryError(error, 'chat', this.name);
        }
      },
    );
  }

  async close(): Promise<void> {
    await this.driver.close?.();
  }

  private check(message: ChatMessage): void {
    const fail = (reason: 'invalid_recipient' | 'bad_request', text: string): never => {
      throw new DeliveryError(`chat backend "${this.name}": ${text}`, {
        reason,
        channel: 'chat',
        backend: this.name,
      });
    };
    if (!message || typeof message !== 'object' || Array.isArray(message))
      fail('bad_request', 'send() needs a message { text, to?, title?, fields? }');
    if (typeof message.text !== 'string' || message.text.trim() === '')
      fail('bad_request', '"text" must be a non-empty string');
    if (message.to !== undefined && (typeof message.to !== 'string' || message.to.trim() === ''))
      fail('invalid_recipient', '"to" must be a non-empty string (a channel, user or chat id)');
    if (message.to === undefined && this.driver.needsRecipient)
      fail(
        'invalid_recipient',
        `"to" is required by the ${this.driver.driver} driver (a channel, user or chat id), or set its default channel in config`,
      );
    for (const key of ['title', 'url', 'threadId'] as const) {
      const value = message[key];
      if (value !== undefined && typeof value !== 'string')
        fail('bad_request', `"${key}" must be a string when given`);
    }
    if (message.url !== undefined && !/^https?:\/\/\S+$/.test(message.url))
      fail('bad_request', '"url" must be an http(s) URL');
    if (message.severity !== undefined && !SEVERITIES.has(message.severity))
      fail('bad_request', '"severity" must be one of info, success, warning, critical');
    if (message.fields !== undefined) {
      if (!Array.isArray(message.fields)) fail('bad_request', '"fields" must be a list');
      message.fields.forEach((f, i) => {
        if (!f || typeof f.label !== 'string' || typeof f.value !== 'string')
          fail('bad_request', `"fields[${i}]" must be { label: string, value: string }`);
      });
    }
    if (message.blocks !== undefined && !Array.isArray(message.blocks))
      fail('bad_request', '"blocks" must be a list of Slack Block Kit blocks');
  }
}
