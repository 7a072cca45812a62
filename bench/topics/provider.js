/**
 * The provider both sides deliver to: in-process, it accepts each message at
 * once and answers a message id, as a provider with no latency would. The
 * bench measures the fan-out and the queue, not a network call. It counts
 * what it accepted and reports to the orchestrator the instant of its first
 * send (`{ first }`) and its running count every 250 ms (`{ sent }`).
 */
const { epochMs, say } = require('./probe');

let sent = 0;
let reported = 0;

setInterval(() => {
  if (sent !== reported) say({ sent: (reported = sent) });
}, 250).unref();

/** Accepts one message for `recipient`; answers the provider's message id. */
function accept(recipient, text, idempotencyKey) {
  if (typeof recipient !== 'string' || typeof text !== 'string')
    throw new TypeError(`the bench provider takes a string recipient and text (got ${recipient})`);
  if (sent++ === 0) say({ first: epochMs() });
  return `bench_${idempotencyKey}`;
}

/** Messages accepted by this process. */
const acceptedCount = () => sent;

module.exports = { accept, acceptedCount };
