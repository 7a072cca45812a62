import { HeraldError } from './herald.error.js';

/** An optional integration was asked for, but its package is not installed. */
export class MissingDependencyError extends HeraldError {
  readonly packageName: string;

  constructor(packageName: string, feature: string, cause?: unknown) {
    super(
      `${feature} needs the optional package "${packageName}". Install it with: npm install ${packageName}`,
      {
        code: 'HERALD_MISSING_DEPENDENCY',
        cause,
      },
    );
    this.packageName = packageName;
  }
}
