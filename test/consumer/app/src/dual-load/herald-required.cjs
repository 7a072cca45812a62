'use strict';
// A CommonJS module inside the ES module app: it reaches Herald through require(), as
// a CommonJS dependency of an ES module app does. With one copy of each package
// (Node's `module-sync` condition gives require() the ES module build) its token,
// module class and collector are the ones the app's `import`s see.
const { METRICS_COLLECTOR } = require('@herald/contracts');
const { MonitorModule } = require('@herald/monitor');

exports.requiredHerald = {
  METRICS_COLLECTOR,
  MonitorModule,
  monitorFile: require.resolve('@herald/monitor'),
};

/** Built by a factory that injects the METRICS_COLLECTOR token required above. */
class RequiredCollectorHolder {
  constructor(collector) {
    this.collector = collector;
  }
}
exports.RequiredCollectorHolder = RequiredCollectorHolder;
