import { demoHttpOptionsFromEnv } from './demo-http.options.js';
import { jsonShapeProblem, paramKeyProblem } from './request-shape.util.js';

const shape = (text: string, depth = 3) => jsonShapeProblem(Buffer.from(text, 'utf8'), depth);

describe('jsonShapeProblem', () => {
  it('allows nesting up to the limit and refuses one level more', () => {
    expect(shape('[[[1]]]')).toBeUndefined();
    expect(shape('{"a":{"b":[1]}}')).toBeUndefined();
    expect(shape('[[[[1]]]]')).toBe('JSON body nests objects and arrays deeper than 3 levels');
    expect(shape('{"a":[{"b":{}}]}')).toMatch(/deeper than 3/);
    expect(shape('[[1],[2],[3],[[4]]]')).toBeUndefined(); // siblings do not add up
  });

  it('does not count brackets, quotes or escapes inside strings', () => {
    expect(shape('{"a":"[[[[[{{{{"}')).toBeUndefined();
    expect(shape('{"a":"say \\"[[[[\\" \\\\"}')).toBeUndefined();
    expect(shape('{"ключ":"значение [[[[[","emoji":"😀{{{{{"}')).toBeUndefined();
  });

  it('refuses __proto__, constructor and prototype as keys, however spelled', () => {
    expect(shape('{"__proto__":{}}')).toBe('the key "__proto__" is not allowed in a request body');
    expect(shape('{"a":{"constructor" :{"prototype":1}}}')).toMatch(/"constructor"/);
    expect(shape('[{"prototype":1}]')).toMatch(/"prototype"/);
    expect(shape('{"\\u005f\\u005fproto\\u005f\\u005f":1}')).toMatch(/"__proto__"/);
    expect(shape('{"constr\\u0075ctor":1}')).toMatch(/"constructor"/);
  });

  it('lets the same words through as values and longer keys', () => {
    expect(shape('{"metric":"__proto__","a":["constructor","prototype"]}')).toBeUndefined();
    expect(shape('{"__proto__x":1,"my_constructor":2,"prototypes":3}')).toBeUndefined();
  });

  it('leaves syntax errors to the parser', () => {
    expect(shape('{"a":')).toBeUndefined();
    expect(shape('{"\\uZZZZ":1}')).toBeUndefined();
    expect(shape('"unterminated')).toBeUndefined();
  });
});

describe('paramKeyProblem', () => {
  it('refuses a prototype key at any bracket segment of a query or form key', () => {
    expect(paramKeyProblem('__proto__[x]=1')).toMatch(/"__proto__\[x\]" is not allowed/);
    expect(paramKeyProblem('a=1&b[constructor][prototype]=2')).toMatch(/b\[constructor\]/);
    expect(paramKeyProblem('%5F_proto__=1')).toMatch(/__proto__/);
    expect(paramKeyProblem('user.prototype=1')).toMatch(/prototype/);
  });

  it('accepts ordinary keys and values that merely mention those words', () => {
    expect(paramKeyProblem('')).toBeUndefined();
    expect(paramKeyProblem('metric=__proto__&user=constructor&a[b]=c')).toBeUndefined();
  });
});

describe('demoHttpOptionsFromEnv', () => {
  it('defaults to a depth of 32 and 100kb bodies', () => {
    expect(demoHttpOptionsFromEnv({})).toEqual({ jsonMaxDepth: 32, bodyLimit: '100kb' });
    expect(demoHttpOptionsFromEnv({ DEMO_JSON_MAX_DEPTH: '64', DEMO_BODY_LIMIT: '1mb' })).toEqual({
      jsonMaxDepth: 64,
      bodyLimit: '1mb',
    });
  });

  it('names the variable and the value it refuses', () => {
    expect(() => demoHttpOptionsFromEnv({ DEMO_JSON_MAX_DEPTH: 'deep' })).toThrow(
      'DEMO_JSON_MAX_DEPTH must be a whole number from 1 to 1000 (got "deep")',
    );
    expect(() => demoHttpOptionsFromEnv({ DEMO_JSON_MAX_DEPTH: '0' })).toThrow(/got "0"/);
    expect(() => demoHttpOptionsFromEnv({ DEMO_BODY_LIMIT: 'lots' })).toThrow(
      'DEMO_BODY_LIMIT must be a size such as 100kb or 1mb (got "lots")',
    );
  });
});
