import { describeJsonSyntaxError, findJsonSyntaxError } from './json-syntax.util.js';

describe('findJsonSyntaxError', () => {
  it.each([
    '[]',
    '{}',
    ' [ {"a": 1, "b": [true, false, null], "c": "\\u00e9\\n"}, -1.5e3 ] ',
    '"just a string"',
  ])('finds nothing in valid JSON %s', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  it.each([
    ['[{"a": broken', 7, 'expected a value'],
    ['[{"a":1},]', 9, 'expected a value'],
    ['{"a" 1}', 5, "expected ':' after a property name"],
    ['{a:1}', 1, 'expected a property name in double quotes'],
    ['[1 2]', 3, "expected ',' or ']' after a list item"],
    ['{"a":1 "b":2}', 7, "expected ',' or '}' after a property value"],
    ['["abc', 5, 'unterminated string'],
    ['["a\\qb"]', 3, 'invalid escape sequence'],
    ['["a\nb"]', 3, 'control character'],
    ['[1] x', 4, 'unexpected text after the JSON value'],
    ['[{"auth_token":"S3CR1T"', 23, "unexpected end of input (expected ',' or '}'"],
    ['', 0, 'unexpected end of input'],
  ])('locates the error in %j at %d', (text, position, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    const found = findJsonSyntaxError(text);
    expect(found?.position).toBe(position);
    expect(found?.problem).toContain(problem);
  });

  it('describes the problem without quoting the text', () => {
    const message = describeJsonSyntaxError('[{"password": "S3CR1T-value", oops}]');
    expect(message).toMatch(/^is not valid JSON: expected a property name .* at position 30/);
    expect(message).not.toContain('S3CR1T');
    expect(message).not.toContain('oops');
  });
});
