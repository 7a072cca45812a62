import type { ConfigProblem } from '../../errors/herald-config.error.js';
import { toSnakeCase } from '../schema/naming.util.js';

export interface NamedBackendLike {
  name: string;
  primary: boolean;
  driver: string;
}

/**
 * Rules shared by SMS, push and mailer backend lists: unique names, at most one
 * primary, and the sub-object named after the driver present when the driver
 * needs one.
 */
export function checkNamedBackends(
  list: unknown,
  listPath: string,
  driversWithSettings: readonly string[],
): ConfigProblem[] {
  if (!Array.isArray(list)) return [];
  const problems: ConfigProblem[] = [];
  const seen = new Map<string, number>();
  const primaries: number[] = [];
  list.forEach((item: NamedBackendLike & Record<string, unknown>, i) => {
    if (!item || typeof item !== 'object') return;
    if (typeof item.name === 'string') {
      const first = seen.get(item.name);
      if (first !== undefined) {
        problems.push({
          path: `${listPath}[${i}].name`,
          message: `duplicate backend name "${item.name}" (already used by ${listPath}[${first}]); names must be unique`,
        });
      } else seen.set(item.name, i);
    }
    if (item.primary === true) primaries.push(i);
    if (driversWithSettings.includes(item.driver)) {
      const key = Object.keys(item).find((k) => toSnakeCase(k) === item.driver);
      if (!key || item[key] === undefined || item[key] === null) {
        problems.push({
          path: `${listPath}[${i}].${item.driver}`,
          message: `driver "${item.driver}" needs its settings in a sub-object named "${item.driver}"`,
        });
      }
    }
  });
  if (primaries.length > 1) {
    problems.push({
      path: listPath,
      message: `only one backend may be primary (found ${primaries.length}: ${primaries
        .map((i) => `${listPath}[${i}]`)
        .join(', ')})`,
    });
  }
  return problems;
}
