import { CHAT_DRIVERS, type NamedChatConfig } from '@herald/contracts';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { unknownDriverError } from '../utils/unknown-driver-error.util.js';
import { ChatChannel } from './chat-channel.js';
import type { ChatProviderDriver } from './chat-driver.interface.js';
import { DiscordChatDriver } from './drivers/discord/discord-chat.driver.js';
import { LogChatDriver } from './drivers/log/log-chat.driver.js';
import { SlackApiDriver } from './drivers/slack/slack-api.driver.js';
import { SlackWebhookDriver } from './drivers/slack/slack-webhook.driver.js';
import { TeamsChatDriver } from './drivers/teams/teams-chat.driver.js';
import { TelegramChatDriver } from './drivers/telegram/telegram-chat.driver.js';

/** Builds the driver a validated `NamedChatConfig` names (Slack: webhook or Web API by which credential is set). */
export function createChatDriver(config: NamedChatConfig): ChatProviderDriver {
  switch (config.driver) {
    case 'slack':
      return config.slack!.botToken
        ? new SlackApiDriver(config.name, config.slack!)
        : new SlackWebhookDriver(config.name, config.slack!);
    case 'teams':
      return new TeamsChatDriver(config.name, config.teams!);
    case 'discord':
      return new DiscordChatDriver(config.name, config.discord!);
    case 'telegram':
      return new TelegramChatDriver(config.name, config.telegram!);
    case 'log':
      return new LogChatDriver(config.name);
    default:
      throw unknownDriverError('notification.chat_backends', config, CHAT_DRIVERS);
  }
}

/** A named chat channel from its config. */
export function createChatChannel(
  config: NamedChatConfig,
  telemetry: DeliveryTelemetry,
): ChatChannel {
  return new ChatChannel(config.name, createChatDriver(config), telemetry);
}
