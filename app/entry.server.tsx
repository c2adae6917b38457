import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
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

/**
 * Renders the whole document, then answers with it in one piece. No page defers data, so streaming would only cut the
 * document into many small writes, each paying for the stream conversions and the compressor (docs/architecture.md,
 * budgets: a list page costs at most twice its API call; measured by `npm run bench:ssr`).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = randomBytes(16).toString("base64");
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
          const chunks: Buffer[] = [];
          const collect = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          collect.on("finish", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
          });
          pipe(collect);
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
