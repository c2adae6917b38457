import { StreamChat, type Event } from "stream-chat";
import { afterAll, beforeAll, expect } from "vitest";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit, type KitCustomer, type TestKit } from "../../../tests/factories";
import { listen } from "../../../tests/http-listen";
import { attachChat } from "./ws";

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

/**
 * A chat test file's server: its own test API (its own database) and kit, the app on a real listening socket with the
 * chat WebSocket attached, and the file's clients (`chatClients`). It registers the file's `beforeAll`, which makes
 * them and then runs `setup` (the file's shops, customers, channels), and the `afterAll` that disconnects the clients
 * and closes the socket and the API.
 */
export function chatTestServer(setup: (made: { t: TestApi; kit: TestKit }) => Promise<void>) {
  let t: TestApi | undefined;
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  let detach: (() => void) | undefined;
  /** The listening server's address (for raw calls to the chat service). */
  const origin = () => server!.origin;
  const clients = chatClients(() => ({ t: t!, origin: origin() }));
  beforeAll(async () => {
    t = await testApi();
    server = await listen(t.app);
    detach = attachChat(server.server, t.deps);
    await setup({ t, kit: testKit(t) });
  }, 240_000);
  afterAll(async () => {
    await clients.disconnectAll();
    detach?.();
    await server?.close();
    await t?.close();
  });
  return { ...clients, origin };
}

/** How the mobile app signs a customer's call: their bearer token. */
export const appAuth = async (kit: TestKit, customer: KitCustomer): Promise<Auth> => ({
  headers: { authorization: `Bearer ${await kit.customerToken(customer)}` },
});

/** The next event of `type` the client receives. */
export const next = (client: StreamChat, type: string) =>
  new Promise<Event>((resolve) => {
    const { unsubscribe } = client.on(type, (event) => {
      unsubscribe();
      resolve(event);
    });
  });
