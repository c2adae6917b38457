import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { uploads } from "#api/db/schema";
import { createUser } from "#api/db/seed/factories";
import { signLocal } from "#api/platform/providers/storage";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { ABANDONED_AFTER_MS, contentDisposition, parseRange, storedFileName, sweepAbandonedUploads } from "./service";
import { sniffContentType } from "./sniff";

// real magic bytes, padded so sniffing sees a realistic head
const pad = (head: number[] | string, size = 600) => {
  const bytes = typeof head === "string" ? [...Buffer.from(head, "latin1")] : head;
  return new Uint8Array([...bytes, ...Array.from({ length: Math.max(0, size - bytes.length) }, (_, i) => i % 251)]);
};
const PNG = pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = pad([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const HTML = new TextEncoder().encode(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);

let t: TestApi;
let cookie: string;
let otherCookie: string;
let userId: string;
beforeAll(async () => {
  t = await testApi();
  const user = await createUser(t.db, { role: "admin", email: "uploader@liveshop.test", password: "Upload#2026" });
  userId = user.id;
  await createUser(t.db, { role: "admin", email: "other@liveshop.test", password: "Other#2026!" });
  cookie = await t.signIn("uploader@liveshop.test", "Upload#2026");
  otherCookie = await t.signIn("other@liveshop.test", "Other#2026!");
});
afterAll(() => t.close());

const sign = (fileName: string, contentType: string, size: number, purpose = "profileImage", as = cookie) =>
  t.post("upload/sign", { cookie: as, body: { fileName, contentType, size, purpose } });
/** PUT to a signed URL as a browser would (the URL is relative for local storage). */
const put = (uploadUrl: string, contentType: string, body: Uint8Array | ReadableStream<Uint8Array>) =>
  t.request(uploadUrl, {
    method: "PUT",
    headers: { "content-type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
const complete = (key: string, as = cookie) => t.post("upload/complete", { cookie: as, body: { key } });
const rowOf = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];
/** The size of what a PUT left in the key's incoming place (never served until complete seals it), or null. */
const incomingSize = async (key: string) =>
  (await stat(path.join(t.deps.env.uploadsDir, ".incoming", key)).catch(() => null))?.size ?? null;

/** Signs, PUTs and completes one file; returns the completion response. */
async function uploadLocal(fileName: string, declaredType: string, bytes: Uint8Array) {
  const signed = await sign(fileName, declaredType, bytes.length);
  expect(signed.status).toBe(200);
  const stored = await put(signed.body.data.uploadUrl, declaredType, bytes);
  expect(stored.status).toBe(200);
  return { signed: signed.body.data, done: await complete(signed.body.data.key) };
}

describe("sniffing the real type from magic bytes", () => {
  it("recognises images, video containers and PDF, and nothing else", () => {
    const ftyp = (brand: string) => pad([0, 0, 0, 0x18, ...Buffer.from(`ftyp${brand}`, "latin1")]);
    const ts = new Uint8Array(600);
    ts[0] = ts[188] = ts[376] = 0x47;
    const cases: [Uint8Array, string | null][] = [
      [PNG, "image/png"],
      [JPEG, "image/jpeg"],
      [pad("GIF89a"), "image/gif"],
      [pad("RIFF\x00\x00\x00\x00WEBPVP8 "), "image/webp"],
      [pad("RIFF\x00\x00\x00\x00AVI LIST"), "video/x-msvideo"],
      [ftyp("isom"), "video/mp4"],
      [ftyp("mp42"), "video/mp4"],
      [ftyp("qt  "), "video/quicktime"],
      [ftyp("3gp5"), "video/3gpp"],
      [
        pad([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from("webm")]),
        "video/webm",
      ],
      [
        pad([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88, ...Buffer.from("matroska")]),
        "video/x-matroska",
      ],
      [pad("FLV\x01\x05"), "video/x-flv"],
      [ts, "video/mp2t"],
      [pad("%PDF-1.7"), "application/pdf"],
      [HTML, null],
      [pad("<svg xmlns='http://www.w3.org/2000/svg'>"), null],
      [new Uint8Array(0), null],
    ];
    for (const [head, expected] of cases) expect(sniffContentType(head)).toBe(expected);
  });
});

describe("file names and ranges", () => {
  it("replaces spaces with dashes and drops anything unsafe for a URL or a path", () => {
    expect(storedFileName("my summer photo.JPG")).toBe("my-summer-photo.JPG");
    expect(storedFileName("../../etc/passwd")).toBe("passwd");
    expect(storedFileName("café menu (1) <b>.png")).toBe("cafe-menu-1-b.png");
    expect(storedFileName("...")).toBe("file");
  });

  it("reads single byte ranges and refuses unsatisfiable ones", () => {
    expect(parseRange("bytes=0-3", 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange("bytes=5-", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=-4", 10)).toEqual({ start: 6, end: 9 });
    expect(parseRange("bytes=8-100", 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
  });

  it("shows images and video inline and downloads everything else", () => {
    expect(contentDisposition("image/png", "a.png")).toMatch(/^inline;/);
    expect(contentDisposition("video/mp4", "a.mp4")).toMatch(/^inline;/);
    expect(contentDisposition("application/pdf", "a.pdf")).toMatch(/^attachment;/);
  });
});

describe("POST upload/sign", () => {
  it("needs a session", async () => {
    const res = await t.post("upload/sign", {
      body: { fileName: "a.png", contentType: "image/png", size: 10, purpose: "profileImage" },
    });
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(1001);
  });

  it("refuses a profile image that is not JPG/PNG or is 10 MB or more, with the spec's messages", async () => {
    const gif = await sign("a.gif", "image/gif", 100);
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe("You Can Only Upload JPG/PNG file");
    const big = await sign("a.png", "image/png", 10 * 1024 * 1024 + 1);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe("Image Must Smaller Than 10MB");
    const staff = await sign("a.png", "image/png", 3 * 1024 * 1024, "staffImage");
    expect(staff.body.message).toBe("Image must be smaller than 2MB!");
    const video = await sign("clip.mp4", "video/mp4", 151 * 1024 * 1024, "video");
    expect(video.body.message).toBe("Video size is too large (Min 150 mb).");
  });

  it("makes the key itself (host, purpose, timestamp, dashed name), records the upload and signs a local PUT", async () => {
    const before = Date.now();
    const res = await sign("my holiday photo.png", "image/png", PNG.length);
    expect(res.status).toBe(200);
    const { key, uploadUrl, method, headers, location } = res.body.data;
    expect(key).toMatch(/^localhost\/profileImage\/(\d{13})-[0-9a-f]{8}-my-holiday-photo\.png$/);
    expect(Number(key.match(/\/(\d{13})-/)[1])).toBeGreaterThanOrEqual(before);
    expect(method).toBe("PUT");
    expect(headers).toEqual({ "Content-Type": "image/png" });
    expect(uploadUrl).toMatch(
      new RegExp(`^/api/upload/put/${key.replace(/\./g, "\\.")}\\?expires=\\d+&signature=[\\w-]+$`),
    );
    expect(location).toBe(`/api/files/${key}`);
    expect(await rowOf(key)).toMatchObject({
      userId,
      fileName: "my holiday photo.png",
      contentType: "image/png",
      size: PNG.length,
      status: "issued",
    });
  });
});

describe("PUT upload/put/<key> (local storage)", () => {
  it("stores the body when the signature is valid, and refuses a bad, re-typed or expired signature", async () => {
    const signed = (await sign("a.png", "image/png", PNG.length)).body.data;
    const tampered = signed.uploadUrl.replace(
      /signature=([\w-])/,
      (_: string, c: string) => `signature=${c === "A" ? "B" : "A"}`,
    );
    const bad = await put(tampered, "image/png", PNG);
    expect(bad.status).toBe(403);
    expect((await bad.json()).message).toBe(MSG.uploadLinkInvalid);
    expect((await put(signed.uploadUrl, "image/jpeg", PNG)).status).toBe(403);
    const expires = Date.now() - 1000;
    const expired = `/api/upload/put/${signed.key}?expires=${expires}&signature=${signLocal(t.deps.env.SESSION_SECRET, signed.key, expires, "image/png")}`;
    expect((await put(expired, "image/png", PNG)).status).toBe(403);
    expect(await incomingSize(signed.key)).toBeNull();
    const ok = await put(signed.uploadUrl, "image/png", PNG);
    expect(ok.status).toBe(200);
    expect(await incomingSize(signed.key)).toBe(PNG.length);
    // not served before complete has checked it
    expect(await t.deps.storage.peek(signed.key, 8)).toBeNull();
  });

  it("refuses, while streaming, a body larger than the size that was signed and keeps nothing", async () => {
    const signed = (await sign("a.png", "image/png", 1000)).body.data;
    let sent = 0;
    // no Content-Length: the limit has to hold while the bytes arrive
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        if (sent > 4 * 1024 * 1024) controller.close();
        else controller.enqueue(sent === 64 * 1024 ? pad([...PNG.slice(0, 16)], 64 * 1024) : new Uint8Array(64 * 1024));
      },
    });
    const res = await put(signed.uploadUrl, "image/png", endless);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("Image Must Smaller Than 10MB");
    expect(sent).toBeLessThan(4 * 1024 * 1024);
    expect(await incomingSize(signed.key)).toBeNull();
    const dir = path.join(t.deps.env.uploadsDir, ".incoming", path.dirname(signed.key));
    expect(
      (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(path.basename(signed.key))),
    ).toEqual([]);
  });
});

describe("POST upload/complete and GET files/<key>", () => {
  it("accepts a PNG, records the sniffed type and serves it with nosniff, a sandbox CSP and a long cache", async () => {
    const { signed, done } = await uploadLocal("avatar.png", "image/png", PNG);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("avatar.png file uploaded successfully");
    expect(done.body.data).toMatchObject({
      key: signed.key,
      location: `/api/files/${signed.key}`,
      contentType: "image/png",
      size: PNG.length,
    });
    expect(await rowOf(signed.key)).toMatchObject({ status: "stored", contentType: "image/png", size: PNG.length });
    const file = await t.get(`files/${signed.key}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(file.headers.get("cache-control")).toContain("max-age=31536000");
    expect(file.headers.get("accept-ranges")).toBe("bytes");
    expect(file.headers.get("content-length")).toBe(String(PNG.length));
  });

  it("answers Range requests with 206 and the exact bytes, and 416 when unsatisfiable", async () => {
    const { signed } = await uploadLocal("range.png", "image/png", PNG);
    const part = await t.app.request(`http://localhost/api/files/${signed.key}`, { headers: { range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${PNG.length}`);
    expect(part.headers.get("content-length")).toBe("8");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.slice(0, 8));
    const tail = await t.app.request(`http://localhost/api/files/${signed.key}`, { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(PNG.slice(PNG.length - 10));
    const beyond = await t.app.request(`http://localhost/api/files/${signed.key}`, {
      headers: { range: `bytes=${PNG.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${PNG.length}`);
  });

  it("accepts a PNG renamed .jpg as a PNG", async () => {
    const { done } = await uploadLocal("renamed.jpg", "image/jpeg", PNG);
    expect(done.status).toBe(200);
    expect(done.body.data.contentType).toBe("image/png");
    expect((await t.get(`files/${done.body.data.key}`)).headers.get("content-type")).toBe("image/png");
  });

  it("accepts a real JPEG", async () => {
    const { done } = await uploadLocal("photo.jpeg", "image/jpeg", JPEG);
    expect(done.body.data.contentType).toBe("image/jpeg");
  });

  it("refuses an HTML file renamed .jpg, deletes it, and never serves it", async () => {
    const { signed, done } = await uploadLocal("evil.jpg", "image/jpeg", HTML);
    expect(done.status).toBe(400);
    expect(done.body.message).toBe("You Can Only Upload JPG/PNG file");
    expect(done.body.errors.file).toEqual(["You Can Only Upload JPG/PNG file"]);
    expect(await t.deps.storage.peek(signed.key, 8)).toBeNull();
    expect((await rowOf(signed.key)).status).toBe("rejected");
    expect((await t.get(`files/${signed.key}`)).status).toBe(404);
    const again = await complete(signed.key);
    expect(again.body.message).toBe("evil.jpg file upload failed.");
  });

  it("answers '{file} file upload failed.' when nothing was uploaded, and 404 for another user's upload", async () => {
    const signed = (await sign("never.png", "image/png", PNG.length)).body.data;
    const other = await complete(signed.key, otherCookie);
    expect(other.status).toBe(404);
    const missing = await complete(signed.key);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("never.png file upload failed.");
    expect((await t.get(`files/${signed.key}`)).status).toBe(404);
  });

  it("never serves a path outside the uploads", async () => {
    expect((await t.get("files/../session-secret")).status).toBe(404);
    expect((await t.get("files/%2e%2e/session-secret")).status).toBe(404);
  });
});

describe("a completed upload can no longer change (local storage)", () => {
  it("a PUT that started before complete and finishes after it changes nothing that is served", async () => {
    const signed = (await sign("swap.png", "image/png", PNG.length)).body.data;
    expect((await put(signed.uploadUrl, "image/png", PNG)).status).toBe(200);
    // a second PUT with the same link starts while the upload is still open, and is held mid-body
    let release!: () => void;
    const held = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise<void>((resolve) => (release = resolve));
        controller.enqueue(HTML.slice(0, PNG.length));
        controller.close();
      },
    });
    const late = put(signed.uploadUrl, "image/png", held);
    const done = await complete(signed.key);
    expect(done.status).toBe(200);
    expect(done.body.data.contentType).toBe("image/png");
    release();
    await late;
    const file = await t.request(`/api/files/${signed.key}`, {});
    expect(file.status).toBe(200);
    expect(file.headers.get("content-length")).toBe(String(PNG.length));
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it("a PUT after complete is refused", async () => {
    const { signed, done } = await uploadLocal("twice.png", "image/png", PNG);
    expect(done.status).toBe(200);
    const again = await put(signed.uploadUrl, "image/png", HTML);
    expect(again.status).toBe(409);
    expect(new Uint8Array(await (await t.request(`/api/files/${signed.key}`, {})).arrayBuffer())).toEqual(PNG);
  });
});

describe("POST upload/file (pages without JavaScript)", () => {
  const rawUpload = (
    fileName: string,
    contentType: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    purpose = "profileImage",
  ) =>
    t.app.request("http://localhost/api/upload/file", {
      method: "POST",
      headers: {
        cookie,
        "content-type": contentType,
        "x-file-name": encodeURIComponent(fileName),
        "x-purpose": purpose,
      },
      body,
      duplex: "half",
    } as RequestInit);

  it("stores, sniffs and answers like upload/complete", async () => {
    const res = await rawUpload("my face.png", "image/png", PNG);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("my face.png file uploaded successfully");
    expect(body.data).toMatchObject({
      contentType: "image/png",
      location: expect.stringMatching(/^\/api\/files\/localhost\/profileImage\/\d{13}-[0-9a-f]{8}-my-face\.png$/),
    });
    expect((await rowOf(body.data.key)).status).toBe("stored");
  });

  it("refuses HTML named .jpg and a file over the purpose's limit (while streaming)", async () => {
    const html = await rawUpload("evil.jpg", "image/jpeg", HTML);
    expect(html.status).toBe(400);
    expect((await html.json()).message).toBe("You Can Only Upload JPG/PNG file");
    let sent = 0;
    const big = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256 * 1024;
        if (sent > 12 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const res = await rawUpload("huge.png", "image/png", big, "staffImage");
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("Image must be smaller than 2MB!");
    expect(sent).toBeLessThan(12 * 1024 * 1024);
  });

  it("needs a session and a known purpose", async () => {
    const anonymous = await t.app.request("http://localhost/api/upload/file", {
      method: "POST",
      body: PNG,
      headers: { "x-purpose": "profileImage" },
    });
    expect(anonymous.status).toBe(401);
    expect((await rawUpload("a.png", "image/png", PNG, "nonsense")).status).toBe(400);
  });
});

describe("S3 storage against s3rver", () => {
  let s3: TestApi;
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let dir: string;
  let base: string;
  let s3Cookie: string;
  beforeAll(async () => {
    // the SDK's notice about future Node versions is for operators, not for this test's output
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
    dir = await mkdtemp(path.join(tmpdir(), "liveshop-s3rver-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "liveshop" }],
    });
    const { port } = await server.run();
    base = `http://127.0.0.1:${port}`;
    s3 = await testApi({
      S3_BUCKET: "liveshop",
      S3_ENDPOINT: base,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    await createUser(s3.db, { role: "admin", email: "s3@liveshop.test", password: "Upload#2026" });
    s3Cookie = await s3.signIn("s3@liveshop.test", "Upload#2026");
  });
  afterAll(async () => {
    await s3.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const s3Upload = async (fileName: string, declaredType: string, bytes: Uint8Array<ArrayBuffer>) => {
    const signed = await s3.post("upload/sign", {
      cookie: s3Cookie,
      body: { fileName, contentType: declaredType, size: bytes.length, purpose: "profileImage" },
    });
    expect(signed.status).toBe(200);
    const { uploadUrl, headers, key, location } = signed.body.data;
    expect(uploadUrl).toMatch(new RegExp(`^${base}/liveshop/.+X-Amz-Signature=`));
    expect(uploadUrl).toContain("content-type");
    const stored = await fetch(uploadUrl, { method: "PUT", headers, body: bytes });
    expect(stored.status).toBe(200);
    return { key, location, done: await s3.post("upload/complete", { cookie: s3Cookie, body: { key } }) };
  };

  it("signs a presigned PUT, accepts the bytes sent to it, sniffs them and answers the object URL", async () => {
    const { key, location, done } = await s3Upload("holiday photo.jpg", "image/jpeg", PNG);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ contentType: "image/png", location: `${base}/liveshop/${key}` });
    expect(location).toBe(done.body.data.location);
    const object = await fetch(location);
    expect(object.status).toBe(200);
    // re-typed to what the bytes really are
    expect(object.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await object.arrayBuffer())).toEqual(PNG);
  });

  it("serves what was checked: a PUT to the same presigned link after complete changes nothing", async () => {
    const signed = await s3.post("upload/sign", {
      cookie: s3Cookie,
      body: { fileName: "pinned.png", contentType: "image/png", size: PNG.length, purpose: "profileImage" },
    });
    const { uploadUrl, headers, key, location } = signed.body.data;
    expect((await fetch(uploadUrl, { method: "PUT", headers, body: PNG })).status).toBe(200);
    expect((await s3.post("upload/complete", { cookie: s3Cookie, body: { key } })).status).toBe(200);
    const swap = HTML.slice(0, PNG.length);
    expect((await fetch(uploadUrl, { method: "PUT", headers, body: swap })).status).toBe(200);
    const object = await fetch(location);
    expect(object.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await object.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a fake image (HTML as .jpg) and removes it from the bucket", async () => {
    const { location, done } = await s3Upload("evil.jpg", "image/jpeg", HTML);
    expect(done.status).toBe(400);
    expect(done.body.message).toBe("You Can Only Upload JPG/PNG file");
    expect((await fetch(location)).status).toBe(404);
  });

  it("takes the no-JavaScript path into the bucket too", async () => {
    const res = await s3.app.request("http://localhost/api/upload/file", {
      method: "POST",
      headers: {
        cookie: s3Cookie,
        "content-type": "image/jpeg",
        "x-file-name": "face.jpg",
        "x-purpose": "profileImage",
      },
      body: JPEG,
    });
    expect(res.status).toBe(200);
    const { location, contentType } = (await res.json()).data;
    expect(contentType).toBe("image/jpeg");
    expect(new Uint8Array(await (await fetch(location)).arrayBuffer())).toEqual(JPEG);
  });
});

describe("sweeping abandoned uploads", () => {
  it("removes a day-old upload that was signed and sent but never completed (row and bytes) and a refused one, keeping stored files and fresh uploads", async () => {
    const abandoned = await sign("left.png", "image/png", PNG.length);
    expect((await put(abandoned.body.data.uploadUrl, "image/png", PNG)).status).toBe(200);
    const fresh = await sign("fresh.png", "image/png", PNG.length);
    const refused = await uploadLocal("page.png", "image/png", HTML);
    expect(refused.done.status).toBe(400);
    const kept = await uploadLocal("kept.png", "image/png", PNG);
    expect(kept.done.status).toBe(200);
    // everything but the fresh upload is from before the cut-off
    const old = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    for (const key of [abandoned.body.data.key, refused.signed.key, kept.signed.key])
      await t.db.update(uploads).set({ createdAt: old }).where(eq(uploads.key, key));
    expect(await incomingSize(abandoned.body.data.key)).not.toBeNull();

    expect(await sweepAbandonedUploads(t.deps)).toBe(2);
    expect(await rowOf(abandoned.body.data.key)).toBeUndefined();
    expect(await incomingSize(abandoned.body.data.key)).toBeNull();
    expect(await rowOf(refused.signed.key)).toBeUndefined();
    expect((await rowOf(kept.signed.key))?.status).toBe("stored");
    expect(await t.deps.storage.peek(kept.signed.key, 8)).not.toBeNull();
    expect((await rowOf(fresh.body.data.key))?.status).toBe("issued");
    // nothing left to do the second time
    expect(await sweepAbandonedUploads(t.deps)).toBe(0);
  });
});
