import { sign, verify, type KeyObject } from 'node:crypto';

/** The SNS message types an HTTP(S) subscription receives. */
export type SnsMessageType =
  'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

/** An SNS message as posted to an HTTP(S) endpoint (JSON body). */
export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
  UnsubscribeURL?: string;
}

/** The fields SNS signs, in the order it signs them, per message type. */
const SIGNED_FIELDS: Readonly<Record<SnsMessageType, readonly (keyof SnsMessage)[]>> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
  UnsubscribeConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
};

/** Hash of each `SignatureVersion`: 1 is SHA1withRSA, 2 SHA256withRSA. */
const HASHES: Readonly<Record<string, string>> = { '1': 'sha1', '2': 'sha256' };

/**
 * The string SNS signs: each signed field present as `Name\nValue\n`, in
 * byte order of the names (a Notification's `Subject` only when it has one).
 */
export function snsStringToSign(message: SnsMessage): string {
  let out = '';
  for (const field of SIGNED_FIELDS[message.Type]) {
    const value = message[field];
    if (value === undefined) continue;
    out += `${field}\n${value}\n`;
  }
  return out;
}

/** Whether `message.Signature` signs its canonical string with `key` (false for an unknown version). */
export function verifySnsSignature(message: SnsMessage, key: KeyObject): boolean {
  const hash = HASHES[message.SignatureVersion];
  if (!hash) return false;
  try {
    return verify(
      hash,
      Buffer.from(snsStringToSign(message), 'utf8'),
      key,
      Buffer.from(message.Signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** The `Signature` SNS would send for `message` with `privateKey` (used by the fake server). */
export function snsSignature(
  message: SnsMessage,
  privateKey: KeyObject | string,
  signatureVersion: '1' | '2' = '2',
): string {
  return sign(
    HASHES[signatureVersion],
    Buffer.from(snsStringToSign({ ...message, SignatureVersion: signatureVersion }), 'utf8'),
    privateKey,
  ).toString('base64');
}
