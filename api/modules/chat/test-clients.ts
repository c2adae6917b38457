import { StreamChat, type Event } from "stream-chat";
import { expect } from "vitest";
import type { TestApi } from "../../../tests/api-harness";

/** How a test signs a call: a console session's cookie, or the mobile app's bearer token in headers. */
export type Auth = { cookie?: string; headers?: Record<string, string> };

/**
 * The chat tests' clients: the real `stream-chat` client (the one stream-chat-react runs on), connected through
 * GET chat/token exactly as a page or the app connects one, to the test's listening server (`origin`). `at` is read
 * when a client connects, so a file can call this before its `beforeAll` has made the API and the server.
 */
export function chatClients(at: () => { t: TestApi; origin: string }) {
  const clients: StreamChat[] = [];
  /** The chat token of a signed-in user, through GET chat/token. */
  async function tokenOf(auth: Auth) {
    const res = await at().t.get("chat/token", auth);
    expect(res.status).toBe(200);
    return res.body.data as { token: string; apiKey: string; baseURL: string; userId: string };
  }
  /** A client connected as the signed-in user. */
  async function connect(auth: Auth) {
    const { token, apiKey, baseURL, userId } = await tokenOf(auth);
    const client = new StreamChat(apiKey, {
      baseURL: baseURL.replace("http://localhost", at().origin),
      allowServerSideConnect: true,
      recoverStateOnReconnect: false,
    });
    clients.push(client);
    await client.connectUser({ id: userId }, token);
    return client;
  }
  /** Every client made here disconnected (a file's afterAll). */
  async function disconnectAll() {
    for (const c of clients) await c.disconnectUser();
  }
  return { tokenOf, connect, disconnectAll };
}

/** The next event of `type` the client receives. */
export const next = (client: StreamChat, type: string) =>
  new Promise<Event>((resolve) => {
    const { unsubscribe } = client.on(type, (event) => {
      unsubscribe();
      resolve(event);
    });
  });
