import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

/**
 * The Hono app on a real listening HTTP server (127.0.0.1, a free port), for tests whose clients need a socket: the
 * chat WebSocket and Stream's client. Requests and answers pass through as the production server passes them.
 */
export async function listen(app: { fetch(request: Request): Response | Promise<Response> }) {
  const server = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const withBody = req.method !== "GET" && req.method !== "HEAD";
    const init: RequestInit & { duplex?: "half" } = {
      method: req.method,
      headers,
      body: withBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      duplex: withBody ? "half" : undefined,
    };
    try {
      const answer = await app.fetch(new Request(`http://${req.headers.host}${req.url}`, init));
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => (out[name] = value));
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      res.writeHead(answer.status, out);
      if (answer.body) for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      res.end();
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
