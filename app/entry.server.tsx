import { randomBytes } from "node:crypto";
import type { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { BASE_SECURITY_HEADERS, documentCsp } from "#server-shared/security";
import { NonceContext } from "~/lib/nonce";
import { config } from "~/services/config.server";

const ABORT_DELAY = 5_000;

function cspHosts() {
  const e = config();
  const storage = e.S3_BUCKET ? new URL(e.S3_PUBLIC_URL ?? e.S3_ENDPOINT ?? `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`).origin : undefined;
  const formActions = [
    ...(e.GOOGLE_CLIENT_ID ? ["https://accounts.google.com"] : []),
    ...(e.FACEBOOK_CLIENT_ID ? ["https://www.facebook.com"] : []),
  ];
  return { storage, formActions };
}

/**
 * Headers of every page and data answer: the security headers, and no caching of what a signed-in person sees (a
 * route that may be cached says so itself).
 */
function secure(headers: Headers) {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

/** Random bytes drawn 4 kB at a time: a page's nonce is 16 of them (a draw per page cost more than the rest of it). */
let pool = Buffer.alloc(0);
let used = 0;
function nonceBytes() {
  if (used + 16 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

/**
 * What React's `pipe` uses of a Node stream (write, end, listeners), keeping the document's bytes in memory. React
 * writes the finished document into it at once, so none of a stream's buffering, events or back-pressure is needed
 * (a Writable cost about 0.3 ms of a page's CPU, `npm run bench:ssr`).
 */
function documentSink(done: (html: Buffer<ArrayBuffer>) => void): Writable {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const sink = {
    write(chunk: Uint8Array) {
      chunks.push(chunk);
      length += chunk.byteLength;
      return true;
    },
    end() {
      // concat copies into a buffer of its own (never a shared one)
      done(Buffer.concat(chunks, length) as Buffer<ArrayBuffer>);
    },
    // the drain, error and close events never come
    on: () => sink,
  };
  return sink as unknown as Writable;
}

/**
 * Renders the whole document, then answers with it in one piece. No page defers data, so streaming would only cut the
 * document into many small writes, each paying for the stream conversions and the compressor (docs/architecture.md,
 * budgets: a list page costs at most twice its API call; measured by `npm run bench:ssr`).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = nonceBytes().toString("base64");
  secure(responseHeaders);
  responseHeaders.set("Content-Security-Policy", documentCsp(nonce, cspHosts(), config().NODE_ENV === "development"));

  return new Promise((resolve, reject) => {
    let failed = false;
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          clearTimeout(timer);
          pipe(
            documentSink((html) => {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(html, { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          // an error before the shell is ready rejects (onShellError) and Remix reports it
          if (shellReady) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  secure(response.headers);
  return response;
};

export { runtime, DEMO_SIGN_INS } from "~/services/transport.server";
// server.mjs reads the web tier's configuration at start, so a bad value stops it with the variable's name
export { config } from "~/services/config.server";
// server.mjs runs each page read inside its scope (one sign-in check and session lookup for all its loaders)
export { inPageScope } from "~/services/page-scope.server";
// server.mjs puts the route-matching memo in place at start
export { memoizeRouteMatching } from "~/services/route-matching.server";
// server.mjs refuses cross-site writes before Remix (which answers them with a bare 500)
export { isCrossSiteWrite, transportSecurity } from "#server-shared/security";
