import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';

/** Slack error strings (Web API `error`, webhook body) and what they mean for a retry. */
const REASONS: Record<string, DeliveryFailureReason> = {
  channel_not_found: 'invalid_recipient',
  not_in_channel: 'invalid_recipient',
  is_archived: 'invalid_recipient',
  channel_is_archived: 'invalid_recipient',
  user_not_found: 'invalid_recipient',
  cannot_dm_bot: 'invalid_recipient',
  invalid_auth: 'auth',
  not_authed: 'auth',
  token_revoked: 'auth',
  token_expired: 'auth',
  account_inactive: 'auth',
  invalid_token: 'auth',
  no_service: 'auth',
  no_service_id: 'auth',
  no_team: 'auth',
  team_disabled: 'auth',
  missing_scope: 'forbidden',
  restricted_action: 'forbidden',
  action_prohibited: 'forbidden',
  posting_to_general_channel_denied: 'forbidden',
  msg_too_long: 'payload_too_large',
  no_text: 'bad_request',
  invalid_blocks: 'bad_request',
  invalid_blocks_format: 'bad_request',
  invalid_payload: 'bad_request',
  invalid_arguments: 'bad_request',
  too_many_attachments: 'bad_request',
  ratelimited: 'rate_limited',
  rate_limited: 'rate_limited',
  fatal_error: 'provider_unavailable',
  internal_error: 'provider_unavailable',
  service_unavailable: 'provider_unavailable',
  request_timeout: 'timeout',
};

/** The reason for a Slack error string, `undefined` for one Herald does not know (the status decides). */
export function slackReason(error: string | undefined): DeliveryFailureReason | undefined {
  return error === undefined ? undefined : REASONS[error];
}
