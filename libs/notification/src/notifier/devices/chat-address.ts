/** Where the `chat` channel reaches a user: a Slack user or DM channel id, a Telegram chat id. */
export interface ChatAddress {
  userId: string;
  address: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What `ChatAddressService.register` takes. */
export interface ChatAddressRegistration {
  userId: string;
  /** `U0123ABC` (Slack user), `D0123ABC` (Slack DM), `123456789` (Telegram chat id)... */
  address: string;
}
