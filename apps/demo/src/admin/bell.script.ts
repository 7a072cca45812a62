/**
 * Keeps the topbar bells live: one EventSource per bell (the browser
 * reconnects by itself and sends Last-Event-ID), `unread_count` from each
 * event's JSON data, and every event re-dispatched on `document` as
 * `herald:inbox` for the page's own script. No build step, no framework.
 */
export const BELL_SCRIPT = `
(function () {
  if (!window.EventSource) return;
  document.querySelectorAll('[data-herald-bell]').forEach(function (bell) {
    var count = bell.querySelector('.bell-count');
    var live = document.getElementById('herald-bell-live');
    var label = bell.getAttribute('data-label');
    function set(n) {
      if (String(n) === count.textContent) return;
      count.textContent = String(n);
      bell.setAttribute('data-count', String(n));
      bell.setAttribute('aria-label', label + ', ' + n + ' unread');
      bell.classList.toggle('has-unread', n > 0);
      if (live) live.textContent = label + ': ' + n + ' unread';
    }
    document.addEventListener('herald:unread', function (e) { set(e.detail); });
    var source = new EventSource(bell.getAttribute('data-stream-url'));
    ['sync', 'inbox.sent', 'inbox.read', 'inbox.read_all', 'inbox.deleted'].forEach(function (type) {
      source.addEventListener(type, function (e) {
        var data = {};
        try { data = JSON.parse(e.data); } catch (err) { return; }
        if (typeof data.unread_count === 'number') set(data.unread_count);
        document.dispatchEvent(new CustomEvent('herald:inbox', { detail: { type: type, data: data } }));
      });
    });
    bell.setAttribute('data-live', 'connecting');
    source.onopen = function () { bell.setAttribute('data-live', 'open'); };
    source.onerror = function () { bell.setAttribute('data-live', 'reconnecting'); };
  });
})();
`;
