/** Chat: channels, drivers and their factory. */
export type { ChatChannel } from './chat-channel.js';
export type { ChatProviderDriver, ChatDriverResult } from './chat-driver.interface.js';
export { createChatChannel } from './create-chat-channel.js';
