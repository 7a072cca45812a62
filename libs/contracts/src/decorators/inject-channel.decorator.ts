import { Inject } from '@nestjs/common';
import { CHAT_CHANNEL, MAILER, PUSH_CHANNEL, SMS_CHANNEL } from '../tokens/herald.tokens.js';
import {
  getChatChannelToken,
  getMailerToken,
  getPushChannelToken,
  getSmsChannelToken,
} from '../tokens/get-channel-token.util.js';

/** Injects the SMS backend called `name`, or the primary one without a name. */
export const InjectSmsChannel = (name?: string): ParameterDecorator & PropertyDecorator =>
  Inject(name === undefined ? SMS_CHANNEL : getSmsChannelToken(name));

/** Injects the push backend called `name`, or the primary one without a name. */
export const InjectPushChannel = (name?: string): ParameterDecorator & PropertyDecorator =>
  Inject(name === undefined ? PUSH_CHANNEL : getPushChannelToken(name));

/** Injects the mailer backend called `name`, or the primary one without a name. */
export const InjectMailer = (name?: string): ParameterDecorator & PropertyDecorator =>
  Inject(name === undefined ? MAILER : getMailerToken(name));

/** Injects the chat backend called `name`, or the primary one without a name. */
export const InjectChatChannel = (name?: string): ParameterDecorator & PropertyDecorator =>
  Inject(name === undefined ? CHAT_CHANNEL : getChatChannelToken(name));
