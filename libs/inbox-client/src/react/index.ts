'use client';
/**
 * React bindings for `<herald-inbox>`: `<Inbox/>` renders the element (nothing
 * runs on the server but markup) and `useInbox()` gives a headless client's live
 * counts and status to your own components. React is an optional peer.
 */
import {
  createElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactElement,
} from 'react';
import { HeraldInboxClient } from '../client/herald-inbox.client.js';
import { defineHeraldInbox } from '../element/define-herald-inbox.js';
import type { HeraldInboxElement, InboxBadge } from '../element/herald-inbox.element.js';
import type { InboxStringOverrides } from '../i18n/strings.js';
import type {
  ConnectionStatus,
  InboxClient,
  InboxClientOptions,
  InboxCounts,
  InboxTab,
} from '../types.js';

export interface InboxProps {
  /** A client you made (share it with `useInbox(client)`); or give `baseUrl`. */
  client?: InboxClient;
  baseUrl?: string;
  tabs?: InboxTab[];
  badge?: InboxBadge;
  locale?: string;
  /** A locale module (`fr`, `de`) and/or your overrides. */
  strings?: InboxStringOverrides;
  id?: string;
  className?: string;
  style?: CSSProperties;
}

/** `<herald-inbox>` for React; defines the element on first mount (never on the server). */
export function Inbox(props: InboxProps): ReactElement {
  const ref = useRef<HeraldInboxElement>(null);
  const { client, strings, tabs } = props;
  useEffect(() => defineHeraldInbox(), []);
  useEffect(() => {
    if (ref.current && client) ref.current.client = client;
  }, [client]);
  useEffect(() => {
    if (ref.current && strings) ref.current.strings = strings;
  }, [strings]);
  return createElement('herald-inbox', {
    ref,
    id: props.id,
    class: props.className,
    style: props.style,
    'base-url': client ? undefined : props.baseUrl,
    locale: props.locale,
    badge: props.badge,
    tabs: tabs ? JSON.stringify(tabs) : undefined,
  });
}

const NO_COUNTS: Record<string, InboxCounts> = {};

/**
 * A client's live counts and connection status for your own components. Give a
 * client, or options to make one (connected while the component is mounted).
 */
export function useInbox(clientOrOptions: InboxClient | InboxClientOptions): {
  client: InboxClient;
  counts: Record<string, InboxCounts>;
  status: ConnectionStatus;
} {
  const [own] = useState(() =>
    'baseUrl' in clientOrOptions ? new HeraldInboxClient(clientOrOptions) : undefined,
  );
  const client = own ?? (clientOrOptions as InboxClient);
  useEffect(() => {
    client.connect();
    return () => {
      if (own) client.disconnect();
    };
  }, [client, own]);
  const subscribe = useCallback(
    (changed: () => void) => {
      const offs = [client.on('counts', changed), client.on('status', changed)];
      return () => offs.forEach((off) => off());
    },
    [client],
  );
  const counts = useSyncExternalStore(
    subscribe,
    () => client.counts,
    () => NO_COUNTS,
  );
  const status = useSyncExternalStore(
    subscribe,
    () => client.status,
    () => 'idle' as const,
  );
  return { client, counts, status };
}
