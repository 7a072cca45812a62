import type { AdminViewer } from '@herald/contracts';
import { html } from '../admin/html.util.js';

/** The demo's sign-in form: one button per demo user. */
export function loginPageBody(
  users: readonly AdminViewer[],
  next = '/admin/notifications',
): string {
  const buttons = users.map(
    (user) =>
      html`<li>
        <form method="post" action="/auth/login">
          <input type="hidden" name="user" value="${user.id}" />
          <input type="hidden" name="next" value="${next}" />
          <button type="submit">Sign in as ${user.name ?? user.id}</button>
        </form>
      </li>`,
  );
  return html`<h1>Sign in</h1>
    <p>
      This demo has a few users and no passwords. API clients: <code>POST /auth/login</code> with
      <code>{"user":"alice"}</code> returns a bearer token.
    </p>
    <ul class="login-users">
      ${buttons}
    </ul>`;
}
