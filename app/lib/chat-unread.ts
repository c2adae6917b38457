import { useEffect, useState } from "react";

// The Chat menu entry's unread count (ARCHITECTURE §7: JavaScript only enhances). Every page load brings the server's
// count (the layout's loader); while a live chat is connected on the page (the ChatIsland), the chat service's events
// carry the user's new total, and the live client publishes it here, so the menu changes without a reload. Pages
// without a live chat load no chat client: their count is refreshed when the layout's loader runs again.

type Listener = (total: number) => void;
const listeners = new Set<Listener>();

/** The live chat's news: the signed-in user's unread total now. */
export function publishUnread(total: number) {
  for (const listener of listeners) listener(total);
}

/** The count to show: the loader's `server` count, replaced by the live chat's while it publishes. */
export function useUnread(server: number) {
  const [total, setTotal] = useState(server);
  useEffect(() => setTotal(server), [server]);
  useEffect(() => {
    listeners.add(setTotal);
    return () => {
      listeners.delete(setTotal);
    };
  }, []);
  return total;
}
