import type { EntryContext } from "@remix-run/node";
import { Suspense, lazy, type ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { readLoaderData, renderDocument } from "../../app/entry.server";

// app/entry.server.tsx renders a document in one synchronous pass (React's string renderer) and falls back to the
// streaming renderer when a Suspense boundary could not finish at once. Both must give the browser the same document.

/** What the streaming renderer writes for `element`, waiting for every boundary (as the page did before). */
function streamed(element: ReactElement) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = {
          write: (c: Uint8Array) => chunks.push(Buffer.from(c)) > 0,
          end: () => resolve(Buffer.concat(chunks).toString("utf8")),
          on: () => sink,
        };
        pipe(sink as never);
      },
      onShellError: reject,
    });
  });
}

const text = (body: string | Buffer) => (typeof body === "string" ? body : body.toString("utf8"));

function Page({ children }: { children: ReactElement }) {
  return (
    <html lang="en">
      <head>
        <title>Orders &amp; returns</title>
      </head>
      <body>
        <main>
          <h1 id="title">Orders</h1>
          <p>{"<script>alert(1)</script> stays text"}</p>
          <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>
        </main>
      </body>
    </html>
  );
}

describe("renderDocument", () => {
  it("writes what the streaming renderer writes, doctype included, when nothing waits", async () => {
    const page = () => (
      <Page>
        <ul>
          <li>Ava</li>
          <li>Mae</li>
        </ul>
      </Page>
    );
    const { status, body } = await renderDocument(page, "n0nce");
    expect(status).toBeNull();
    expect(typeof body).toBe("string");
    expect(text(body)).toBe(await streamed(page()));
    expect(text(body).startsWith("<!DOCTYPE html><html")).toBe(true);
  });

  it("waits for a lazy component whose module is still loading instead of sending its fallback", async () => {
    let loaded!: (module: { default: () => ReactElement }) => void;
    const Lazy = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (loaded = resolve)));
    const page = () => (
      <Page>
        <Lazy />
      </Page>
    );
    const first = renderDocument(page, "n0nce");
    loaded({ default: () => <form aria-label="Add customer">step 1</form> });
    const { status, body } = await first;
    expect(status).toBeNull();
    expect(text(body)).toContain('<form aria-label="Add customer">step 1</form>');
    expect(text(body)).not.toContain("Loading…");
    // the module is in now: the next document is rendered in one pass, and is the same
    const again = await renderDocument(page, "n0nce");
    expect(typeof again.body).toBe("string");
    expect(again.body).toBe(text(body));
  });

  it("answers 500 when a component inside a boundary fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): ReactElement {
      throw new Error("a broken row");
    }
    const { status } = await renderDocument(
      () => (
        <Page>
          <Broken />
        </Page>
      ),
      "n0nce",
    );
    expect(status).toBe(500);
    error.mockRestore();
  });

  it("throws when the document itself fails, so Remix renders its error page", async () => {
    function Broken(): ReactElement {
      throw new Error("a broken layout");
    }
    await expect(renderDocument(() => <Broken />, "n0nce")).rejects.toThrow("a broken layout");
  });
});

describe("readLoaderData", () => {
  it("reads the whole stream into the chunk cache Remix's StreamTransfer reads, and leaves an ended stream to each render", async () => {
    // "é" (two bytes in UTF-8) split across two chunks
    const bytes = new TextEncoder().encode('[{"name":"Renée"}]');
    const cut = bytes.indexOf(0xc3) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
    await readLoaderData(context);
    const cache = context.renderMeta?.streamCache;
    expect(cache?.[0].result).toEqual({ done: false, value: '[{"name":"Renée"}]' });
    expect(cache?.[1].result).toEqual({ done: true, value: "" });
    // Remix takes a reader on each render (the fallback renders twice): each gets a stream nothing holds, already ended
    for (const _render of [1, 2])
      expect(await context.serverHandoffStream?.getReader().read()).toEqual({ done: true, value: undefined });
  });
});
