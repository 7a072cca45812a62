/** `SuppressionModule` option `unsubscribe`: RFC 8058 one-click unsubscribe for non-transactional mail. */
export interface UnsubscribeOptions {
  /**
   * The HMAC-SHA256 key of the tokens, at least 32 characters; keep it in
   * your secret store (it is never logged or echoed).
   */
  secret: string;
  /**
   * The public URL of the endpoint, as mail clients reach it (`https://`;
   * `http://` only for `localhost` and loopback addresses, for tests). The
   * token is added as `?token=`.
   * @example 'https://app.example.com/mail/unsubscribe'
   */
  url: string;
  /** The route of the library's controller in this application. @default 'unsubscribe' */
  route?: string;
  /** How long a token is accepted after the mail is sent, in seconds. @default 5184000 (60 days) */
  ttlSeconds?: number;
  /**
   * Categories of mail that are transactional (receipts, password resets):
   * they carry no `List-Unsubscribe`. Mail without a category (no
   * notification category and no `metadata.category`) counts as
   * transactional too. @default ['transactional', 'security']
   */
  transactionalCategories?: string[];
}

/** The unsubscribe options with defaults applied (internal). */
export type ResolvedUnsubscribeOptions = Required<UnsubscribeOptions>;
