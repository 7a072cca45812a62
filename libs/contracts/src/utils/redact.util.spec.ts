import { REDACTED, isSecretKey, redactDeep, redactText } from './redact.util.js';

describe('redaction', () => {
  it('recognises secret field names in snake and camel case', () => {
    for (const key of [
      'auth_token',
      'authToken',
      'server_key',
      'password',
      'private_key',
      'privateKey',
      'api_key',
      'clientSecret',
    ]) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['name', 'host', 'from_number', 'token_uri', 'max_tokens_total'])
      expect(isSecretKey(key)).toBe(false);
  });

  it('redacts deep values and URL credentials', () => {
    const out = redactDeep({
      a: { password: 'p', list: [{ api_key: 'k' }] },
      dsn: 'https://pub@o1.example.io/2',
      host: 'h',
    });
    expect(out).toEqual({
      a: { password: REDACTED, list: [{ api_key: REDACTED }] },
      dsn: `https://${REDACTED}@o1.example.io/2`,
      host: 'h',
    });
  });

  it('scrubs secrets from free text', () => {
    const text = redactText(
      'connect postgres://user:pw@db:5432/x failed; Authorization: Bearer abc.def password=hunter2 token: "zzz"',
    );
    for (const secret of ['user:pw', 'abc.def', 'hunter2', 'zzz'])
      expect(text).not.toContain(secret);
    expect(text).toContain('db:5432');
  });
});
