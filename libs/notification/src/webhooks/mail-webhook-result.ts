/** What one Postmark, Mailgun or Resend webhook request did: events in it, and delivery records it moved. */
export interface MailWebhookResult {
  received: number;
  updated: number;
}
