/**
 * The span exporter `MonitorModule`'s tracer feeds: the module option
 * `exporter` when given, otherwise what `tracing.exporter` names. Tests
 * override it (`overrideProvider(TRACE_EXPORTER).useValue(new InMemorySpanExporter())`)
 * to see the spans an app exports.
 */
export const TRACE_EXPORTER = Symbol.for('HERALD:TRACE_EXPORTER');
