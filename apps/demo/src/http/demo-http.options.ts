/** How the demo parses request bodies (see `configureDemoHttp`). */
export interface DemoHttpOptions {
  /**
   * Deepest nesting of objects and arrays a JSON body may have; deeper bodies
   * are refused with 400 before they are parsed. env `DEMO_JSON_MAX_DEPTH`
   * @default 32 (the depth body-parser allows form bodies)
   */
  jsonMaxDepth: number;
  /** Largest JSON or form body, in body-parser's notation. env `DEMO_BODY_LIMIT` @default '100kb' */
  bodyLimit: string;
}

export const DEFAULT_JSON_MAX_DEPTH = 32;
const MAX_JSON_MAX_DEPTH = 1000;

/** Reads the options from the environment; a value that is not usable stops the demo with the variable named. */
export function demoHttpOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DemoHttpOptions {
  const depthText = env.DEMO_JSON_MAX_DEPTH?.trim() || String(DEFAULT_JSON_MAX_DEPTH);
  const jsonMaxDepth = Number(depthText);
  if (!/^\d+$/.test(depthText) || jsonMaxDepth < 1 || jsonMaxDepth > MAX_JSON_MAX_DEPTH) {
    throw new Error(
      `DEMO_JSON_MAX_DEPTH must be a whole number from 1 to ${MAX_JSON_MAX_DEPTH} (got ${JSON.stringify(env.DEMO_JSON_MAX_DEPTH)})`,
    );
  }
  const bodyLimit = env.DEMO_BODY_LIMIT?.trim() || '100kb';
  if (!/^\d+(\.\d+)?\s*(b|kb|mb)?$/i.test(bodyLimit)) {
    throw new Error(
      `DEMO_BODY_LIMIT must be a size such as 100kb or 1mb (got ${JSON.stringify(env.DEMO_BODY_LIMIT)})`,
    );
  }
  return { jsonMaxDepth, bodyLimit };
}
