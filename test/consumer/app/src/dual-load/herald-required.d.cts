// Types of herald-required.cjs. They name no Herald type on purpose: a CommonJS
// declaration importing ESM-only Nest 12 types is an error on TypeScript 5.5-5.7.
export declare const requiredHerald: {
  METRICS_COLLECTOR: symbol;
  MonitorModule: unknown;
  /** The file Node loaded for `require('@herald/monitor')`. */
  monitorFile: string;
};
export declare class RequiredCollectorHolder {
  constructor(collector: unknown);
  readonly collector: unknown;
}
