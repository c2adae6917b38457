import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { BASE_SECURITY_HEADERS, documentCsp } from "#server-shared/security";
import { NonceContext } from "~/lib/nonce";
import { FirstVisitCssContext } from "~/lib/first-visit-css";
import { firstVisitCss } from "~/services/first-visit-css.server";
import { config } from "~/services/config.server";

const ABORT_DELAY = 5_000;

function cspHosts() {
  const e = config();
  const storage = e.S3_BUCKET
    ? new URL(e.S3_PUBLIC_URL ?? e.S3_ENDPOINT ?? `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`).origin
    : undefined;
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
 * writes the finished document into it at once, so none of a stream's buffering or back-pressure is needed, and the
 * drain, error and close events never come (a Writable cost about 0.3 ms of a page's CPU, `npm run bench:ssr`).
 */
class DocumentSink extends EventEmitter implements NodeJS.WritableStream {
  readonly writable = true;
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  constructor(private readonly done: (html: Buffer<ArrayBuffer>) => void) {
    super();
  }

  write(chunk: Uint8Array | string) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    this.chunks.push(bytes);
    this.length += bytes.byteLength;
    return true;
  }

  end() {
    // concat copies into a buffer of its own (never a shared one)
    this.done(Buffer.concat(this.chunks, this.length));
    return this;
  }
}

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;
const settled = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });

/**
 * Reads the page's loader data (Remix's turbo-stream) to its end and hands it to Remix's `StreamTransfer` through the
 * cache it reads chunks from (`renderMeta.streamCache`, @remix-run/react single-fetch.js): chunk 0 is all the data,
 * chunk 1 the end. With every chunk already there, nothing in the document waits, so it renders in one synchronous
 * pass. The browser gets the same scripts: one that enqueues the data, one that closes the stream.
 */
export async function readLoaderData(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    value += decoder.decode(chunk.value, { stream: true });
  value += decoder.decode();
  const cache: StreamCache = { 0: settled(false, value), 1: settled(true, "") };
  context.renderMeta = { ...context.renderMeta, streamCache: cache };
  // RemixServer takes a reader of the stream on every render and never reads it (the cache answers first); a second
  // render (renderDocument's fallback) needs a stream no reader holds, so each look gets a fresh, ended one
  Object.defineProperty(context, "serverHandoffStream", {
    configurable: true,
    get: () => new ReadableStream<Uint8Array>({ start: (c) => c.close() }),
  });
}

/**
 * React marks a Suspense boundary it could not finish in a synchronous render (`<!--$!-->`, left for the browser to
 * render): a lazy component whose module is still loading (the first time after start), or an error inside a
 * boundary. Typed text never contains it (React escapes `<`), and stored HTML is sanitised without comments.
 */
const UNFINISHED_BOUNDARY = "<!--$!";

/**
 * Renders the whole document, then answers with it in one piece. The loader data is read first (readLoaderData), so
 * React's synchronous string renderer does it in one pass: no stream, no scheduled work, no UTF-8 encoding chunk by
 * chunk (`npm run bench:ssr`; docs/architecture.md, budgets: a list page costs at most twice its API call). A document
 * with a boundary that could not finish at once is rendered again by the streaming renderer, which waits for it (so a
 * page without JavaScript never gets a fallback); an error outside every boundary throws, and Remix renders the error
 * page.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = nonceBytes().toString("base64");
  secure(responseHeaders);
  responseHeaders.set("Content-Security-Policy", documentCsp(nonce, cspHosts(), config().NODE_ENV === "development"));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  await readLoaderData(remixContext);
  const css = firstVisitCss(request, remixContext, responseHeaders);
  const { status, body } = await renderDocument(
    () => (
      <NonceContext.Provider value={nonce}>
        <FirstVisitCssContext.Provider value={css}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </FirstVisitCssContext.Provider>
      </NonceContext.Provider>
    ),
    nonce,
  );
  return new Response(body, { headers: responseHeaders, status: status ?? responseStatusCode });
}

/**
 * The document's HTML: in one synchronous pass when nothing in it waits, else by the streaming renderer (see
 * handleRequest). `status` is 500 when a boundary failed, else null (the status Remix chose stands).
 */
export async function renderDocument(
  document: () => ReactElement,
  nonce: string,
): Promise<{ status: number | null; body: string | Buffer<ArrayBuffer> }> {
  const html = renderToString(document());
  // React's stream renderer writes the doctype before a root <html>; the string renderer does not
  if (!html.includes(UNFINISHED_BOUNDARY))
    return { status: null, body: html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html };
  return renderWaiting(document(), nonce);
}

/** The streaming renderer, waiting for every boundary (onAllReady); a boundary that failed makes the answer a 500. */
function renderWaiting(document: ReactElement, nonce: string) {
  return new Promise<{ status: number | null; body: Buffer<ArrayBuffer> }>((resolve, reject) => {
    let failed = false;
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        clearTimeout(timer);
        pipe(new DocumentSink((body) => resolve({ status: failed ? 500 : null, body })));
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
    });
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  secure(response.headers);
  return response;
};

export { runtime, prepare, serverProcesses, attachChat, DEMO_SIGN_INS } from "~/services/transport.server";
// server.mjs reads the web tier's configuration at start, so a bad value stops it with the variable's name
export { config } from "~/services/config.server";
// server.mjs runs each page read inside its scope (one sign-in check and session lookup for all its loaders)
export { inPageScope } from "~/services/page-scope.server";
// server.mjs puts the route-matching memo in place at start
export { memoizeRouteMatching } from "~/services/route-matching.server";
// server.mjs refuses cross-site writes before Remix (which answers them with a bare 500)
export { isCrossSiteWrite, transportSecurity } from "#server-shared/security";
