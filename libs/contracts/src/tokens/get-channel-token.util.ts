import { HeraldError } from '../errors/herald.error.js';

/**
 * Tokens of named backends, in the style of `getQueueToken()` of @nestjs/bull.
 * The same name always yields the same token, so a module that registers a
 * backend and a consumer that injects it agree without sharing a variable.
 */
function namedToken(kind: string, name: string): symbol {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new HeraldError(
      `A ${kind} backend name must be a non-empty string (got ${JSON.stringify(name)}); use the name given in its config entry.`,
      { code: 'HERALD_INVALID_BACKEND_NAME' },
    );
  }
  return Symbol.for(`herald:${kind}:${name}`);
}

/** Token of the SMS backend called `name`. @example getSmsChannelToken('twilio-eu') */
export function getSmsChannelToken(name: string): symbol {
  return namedToken('SMS_CHANNEL', name);
}

/** Token of the push backend called `name`. */
export function getPushChannelToken(name: string): symbol {
  return namedToken('PUSH_CHANNEL', name);
}

/** Token of the chat backend called `name`. @example getChatChannelToken('slack-ops') */
export function getChatChannelToken(name: string): symbol {
  return namedToken('CHAT_CHANNEL', name);
}

/** Token of the mailer backend called `name`. */
export function getMailerToken(name: string): symbol {
  return namedToken('MAILER', name);
}
