import type { AdminViewer } from '@herald/contracts';

/** The demo's users. A real application plugs in its own `UserIdentifier`. */
export const DEMO_USERS: readonly AdminViewer[] = [
  { id: 'alice', name: 'Alice (admin)' },
  { id: 'bob', name: 'Bob (operator)' },
  { id: 'carol', name: 'Carol (support)' },
];
