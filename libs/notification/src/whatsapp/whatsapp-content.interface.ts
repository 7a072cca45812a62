/**
 * What `toWhatsApp(recipient)` returns: an approved content template
 * (`contentSid` `HX...` and its `contentVariables`, `{ "1": "Ada" }`), which
 * may start a conversation, or a free-form `body`, which WhatsApp delivers
 * only inside the 24-hour session window opened by the user's last message.
 */
export type WhatsAppContent =
  { contentSid: string; contentVariables?: Record<string, string> } | { body: string };
