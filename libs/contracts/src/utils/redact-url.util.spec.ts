import {
  REDACTED,
  isUrlKey,
  redactUrl,
  redactUrlCredentials,
  secretRedactor,
  urlSecrets,
} from './redact-url.util.js';
import { redactDeep, redactText } from './redact.util.js';

const PLANT = 'S3CRETplant';

/** A URL setting with the planted secret, in every form a credential-bearing URL is mistyped. */
const FORMS: string[] = [
  `https://user:${PLANT}@alertmanager:9093`,
  `http://${PLANT}@alertmanager:9093`,
  `redis://:${PLANT}@127.0.0.1:6379`,
  `rediss://default:${PLANT}@cache.example:6380/2`,
  `user:${PLANT}@redis.example:6379`,
  `:${PLANT}@redis.example:6379`,
  `${PLANT}@redis.example`,
  `http://user:${PLANT}/x@host:9093`,
  `http://user:${PLANT}@x@host:9093`,
  `http://user:${PLANT}?#@host:9093`,
  `http://user:${PLANT} with spaces@host`,
  `http:/user:${PLANT}@host`,
  `https//user:${PLANT}@host`,
  `ftp://user:${PLANT}@host`,
  `http://user:${PLANT}@host:notaport`,
  `http://user:${encodeURIComponent(`${PLANT}/@:`)}@host`,
  `https://host/path?token=${PLANT}`,
  `https://host/path?a=1&api_key=${PLANT}&b=2`,
  `https://host/path?X-Amz-Signature=${PLANT}`,
  `https://host/hook?sig=${PLANT}#frag`,
  `https://host/?access_token=${PLANT}`,
  `https://host/?password=${PLANT}`,
  `https://host/?auth=${PLANT}`,
  `https://host/?secret=${PLANT}`,
  `https://host/?key=${PLANT}`,
];

describe('URL redaction', () => {
  it.each(FORMS)('redactUrl hides the credential of %s', (form) => {
    expect(redactUrl(form)).not.toContain(PLANT);
    expect(redactUrl(form)).toContain(REDACTED);
  });

  it('keeps what locates the server', () => {
    expect(redactUrl(`redis://:${PLANT}@127.0.0.1:6379/2`)).toBe(
      `redis://${REDACTED}@127.0.0.1:6379/2`,
    );
    expect(redactUrl(`user:${PLANT}@redis.example:6379`)).toBe(`${REDACTED}@redis.example:6379`);
    expect(redactUrl(`https://host/p?a=1&token=${PLANT}&b=2`)).toBe(
      `https://host/p?a=1&token=${REDACTED}&b=2`,
    );
    expect(redactUrl('http://alertmanager:9093')).toBe('http://alertmanager:9093');
  });

  it('shows nothing of a string that is neither a URL nor userinfo@host', () => {
    expect(redactUrl(`not a url ${PLANT}-pw`)).toBe(
      'a string of 24 characters that is not a URL (not shown: it may hold a credential)',
    );
    expect(redactUrl(PLANT)).not.toContain(PLANT);
  });

  it('describes a list or an object given where a URL belongs by its shape only', () => {
    expect(redactUrl([`https://u:${PLANT}@h`])).toBe('a list of 1 item');
    expect(redactUrl({ url: `https://u:${PLANT}@h`, password: PLANT })).toBe('an object');
    expect(redactUrl(undefined)).toBe('nothing');
    expect(redactUrl(42)).toBe('42');
  });

  // A bare `token@host` reads like an e-mail address in free text: only redactUrl
  // (the value is known to be a URL) and secretRedactor (the URL is known) hide it.
  it.each(FORMS.filter((f) => !f.includes(' ') && f !== `${PLANT}@redis.example`))(
    'redactUrlCredentials finds %s inside free text',
    (form) => {
      for (const text of [
        `connect to ${form} failed`,
        `got ${JSON.stringify(form)}`,
        `(${form})`,
        `list ${JSON.stringify([form, 'x'])}`,
      ])
        expect(redactUrlCredentials(text)).not.toContain(PLANT);
    },
  );

  it('leaves plain text, e-mail addresses and mailto: subjects alone', () => {
    for (const text of [
      'at 12:30 ok',
      'sent to a@b.example',
      'mailto:ops@herald.test',
      'http://h:9093/api',
    ])
      expect(redactUrlCredentials(text)).toBe(text);
  });

  it('urlSecrets and secretRedactor find the fragments a client quotes', () => {
    const url = `redis://user:${PLANT}/x%40y@host:6379`;
    expect(urlSecrets(url)).toEqual(
      expect.arrayContaining([`user:${PLANT}/x%40y`, `${PLANT}/x%40y`]),
    );
    const scrub = secretRedactor(url, [`https://u:${PLANT}2@h`]);
    // a parser that quotes only a piece of the password (an invalid port, a path)
    expect(scrub(`invalid port "${PLANT}" in "host"`)).not.toContain(PLANT);
    expect(scrub(`ENOTFOUND x@y pass ${PLANT}/x@y`)).not.toContain(PLANT);
    expect(scrub(`list item ${PLANT}2 refused`)).not.toContain(PLANT);
    expect(scrub('connect ECONNREFUSED 127.0.0.1:6379')).toBe(
      'connect ECONNREFUSED 127.0.0.1:6379',
    );
  });

  it('recognises URL setting names', () => {
    for (const key of [
      'redis_url',
      'redisUrl',
      'alertmanagerUrl',
      'pushgateway_url',
      'token_uri',
      'endpoint',
      'dsn',
      'url',
      'publicUrl',
    ])
      expect(isUrlKey(key)).toBe(true);
    for (const key of ['curl_options', 'name', 'host', 'hurl']) expect(isUrlKey(key)).toBe(false);
  });

  it('redactDeep and redactText use the same redaction', () => {
    const out = JSON.stringify(
      redactDeep({
        redisUrl: `host:${PLANT} x@h`,
        other: `user:${PLANT}@h`,
        publicUrl: [`https://u:${PLANT}@h`],
        nested: { url: `http://u:${PLANT}/p@h?token=${PLANT}` },
      }),
    );
    expect(out).not.toContain(PLANT);
    expect(redactText(`signature=${PLANT} and https://h/?api_key=${PLANT}`)).not.toContain(PLANT);
  });
});
