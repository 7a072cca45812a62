/**
 * The page's progressive enhancement (no build step): forms work without
 * JavaScript (POST + redirect); with it they post with fetch, and the list
 * follows the live `herald:inbox` events the shell's bell script dispatches.
 * New items are built with textContent, never innerHTML.
 */
export const INBOX_PAGE_SCRIPT = `
(function () {
  var root = document.querySelector('[data-herald-inbox]');
  if (!root) return;
  var list = root.querySelector('#herald-inbox-list');
  var unread = root.querySelector('#herald-inbox-unread');
  var firstPage = root.getAttribute('data-first-page') === 'true';
  var unreadOnly = root.getAttribute('data-unread-only') === 'true';
  function setUnread(n) {
    unread.textContent = String(n);
    unread.setAttribute('data-count', String(n));
    document.dispatchEvent(new CustomEvent('herald:unread', { detail: n }));
  }
  function markItemRead(item) {
    if (!item) return;
    item.classList.remove('unread');
    item.classList.add('read');
    var state = item.querySelector('.inbox-state');
    if (state) state.textContent = 'Read';
    var form = item.querySelector('form[data-inbox-action="read"]');
    if (form) form.remove();
  }
  function itemFor(id) {
    return list.querySelector('[data-message-id="' + CSS.escape(id) + '"]');
  }
  function addItem(m) {
    if (!firstPage || itemFor(m.id)) return;
    var li = document.createElement('li');
    li.className = 'inbox-item unread';
    li.setAttribute('data-message-id', m.id);
    var h = document.createElement('h2');
    h.className = 'inbox-title';
    h.textContent = m.title;
    var p = document.createElement('p');
    p.className = 'inbox-body';
    p.textContent = m.body;
    var meta = document.createElement('p');
    meta.className = 'inbox-meta';
    var state = document.createElement('span');
    state.className = 'inbox-state';
    state.textContent = 'Unread';
    var time = document.createElement('time');
    time.setAttribute('datetime', m.created_at);
    time.textContent = m.created_at.replace('T', ' ').slice(0, 19) + ' UTC';
    meta.append(state, ' · ', time);
    var form = document.createElement('form');
    form.method = 'post';
    form.action = root.getAttribute('data-base-path') + '/read/' + encodeURIComponent(m.id);
    form.setAttribute('data-inbox-action', 'read');
    var button = document.createElement('button');
    button.type = 'submit';
    button.textContent = 'Mark read';
    button.setAttribute('aria-label', 'Mark "' + m.title + '" read');
    form.append(button);
    li.append(h, p, meta, form);
    list.prepend(li);
    var empty = root.querySelector('.inbox-empty');
    if (empty) empty.remove();
  }
  root.addEventListener('submit', function (event) {
    var form = event.target;
    var action = form.getAttribute('data-inbox-action');
    if (!action || !window.fetch) return;
    event.preventDefault();
    fetch(form.action, { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) { return res.ok ? res.json() : Promise.reject(res.status); })
      .then(function (body) {
        if (action === 'read') markItemRead(form.closest('.inbox-item'));
        if (action === 'read-all') list.querySelectorAll('.inbox-item.unread').forEach(markItemRead);
        if (typeof body.unread_count === 'number') setUnread(body.unread_count);
      })
      .catch(function () { form.submit(); });
  });
  document.addEventListener('herald:inbox', function (event) {
    var d = event.detail.data || {};
    if (event.detail.type === 'inbox.sent' && d.id) addItem(d);
    if (event.detail.type === 'inbox.read') markItemRead(itemFor(d.message_id));
    if (event.detail.type === 'inbox.deleted') { var gone = itemFor(d.message_id); if (gone) gone.remove(); }
    if (event.detail.type === 'inbox.read_all') list.querySelectorAll('.inbox-item.unread').forEach(markItemRead);
    if (typeof d.unread_count === 'number') {
      unread.textContent = String(d.unread_count);
      unread.setAttribute('data-count', String(d.unread_count));
    }
    if (unreadOnly) list.querySelectorAll('.inbox-item.read').forEach(function (li) { li.remove(); });
  });
})();
`;
