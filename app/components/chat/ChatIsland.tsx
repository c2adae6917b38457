import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from "react";

// stream-chat-react, stream-chat and their CSS are fetched only here, after the page's first paint
const ChatLive = lazy(() => import("./ChatLive.client"));

/** What the live chat shows: one channel, or the channel list with the selected channel. */
export interface ChatIslandProps {
  /** the channel to show (its cid); with `list`, the selected one (`?channel=`), or none: 'Click On Chat Button' */
  cid?: string | null;
  /** show the channel list beside the channel (the /app/chat screen) */
  list?: boolean;
  /** the channel search of the list (hidden for shop owners); `search` is the URL's `csearch`, matched on names */
  showSearch?: boolean;
  search?: string;
  /** no message composer (a finished stream's chat) */
  inputHidden?: boolean;
  /** the server-rendered ChannelPane / ChannelList: shown until the live chat has connected, and if it cannot */
  children: ReactNode;
}

/** If the live chat fails (no token, a network error), the server-rendered chat stays. */
class KeepServerChat extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The chat's client island. The page renders it around the server-rendered chat (its `children`, which work without
 * JavaScript); once the page has hydrated, it loads stream-chat-react, connects as the signed-in user (token from
 * GET chat/token, the base URL's origin replaced by the browser's: ADR 0066) and, once connected, replaces the
 * children with stream-chat-react's Channel, MessageList and MessageComposer (and ChannelList, a members panel for
 * group channels). While connecting, the children stay, with 'Loading...'.
 */
export function ChatIsland(props: ChatIslandProps) {
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  if (!started) return <>{props.children}</>;
  return (
    <KeepServerChat fallback={props.children}>
      <Suspense fallback={props.children}>
        <ChatLive {...props} />
      </Suspense>
    </KeepServerChat>
  );
}
