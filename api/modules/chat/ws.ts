import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { Deps } from "#api/platform/deps";
import { log } from "#api/platform/log";
import { hubFor } from "./hub";
import { chatErrorBody, chatCaller } from "./protocol";
import { ChatError, ownUser } from "./service";
import { CHAT_BASE_PATH } from "./tokens";

// The chat WebSocket (ADR 0066): Stream's client opens `${baseURL}/connect?json=…&api_key=…&authorization=<token>`.
// The server takes the HTTP upgrade of that path only (others are left to whoever else listens: Vite's HMR in
// development), checks the key and token, then answers the first health check with the connection id and `me`.
// A refused connection is opened, told the error as Stream tells it, and closed with code 1000 (the client then
// gives up instead of reconnecting).

export const CHAT_CONNECT_PATH = `${CHAT_BASE_PATH}/connect`;

/**
 * Attaches the chat WebSocket to an HTTP server of this app instance; returns a function that detaches it. `shared`:
 * other upgrade listeners take the other paths (the development server's HMR); else their sockets are closed.
 */
export function attachChat(server: Server, deps: Deps, { shared = false }: { shared?: boolean } = {}) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== CHAT_CONNECT_PATH) {
      if (!shared) socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      void (async () => {
        try {
          const payload = JSON.parse(url.searchParams.get("json") ?? "{}") as { user_id?: unknown };
          const user = await chatCaller(
            deps,
            url.searchParams.get("api_key") ?? undefined,
            url.searchParams.get("authorization") ?? undefined,
          );
          if (payload.user_id !== undefined && payload.user_id !== user.id)
            throw new ChatError(401, 5, "user_id does not match the token's user");
          await hubFor(deps).open(ws, user, await ownUser(deps, user));
        } catch (error) {
          const known = error instanceof ChatError;
          if (!known && !(error instanceof SyntaxError)) log.error("Chat connection failed", error);
          const body = known
            ? chatErrorBody(error.status, error.code, error.message)
            : chatErrorBody(400, 4, "The connection's json parameter is not valid");
          ws.send(JSON.stringify({ error: body }));
          ws.close(1000, body.message.slice(0, 120));
        }
      })();
    });
  };
  server.on("upgrade", onUpgrade);
  return () => {
    server.off("upgrade", onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
