import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { UPLOAD_PART_BYTES } from "#contract/uploads/uploads";
import { uploads } from "#api/db/schema";
import { createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { s3TestApi } from "../../../tests/s3-test-server";

// Multipart uploads (ADR 0037): a stream video in parts, resumable, checked like every upload.

/** A real MP4 head (ftyp isom) followed by `size` bytes in all; each byte depends on its offset, so order matters. */
const mp4 = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 10)) % 251;
  bytes.set([0, 0, 0, 0x18, ...Buffer.from("ftypisom", "latin1")], 0);
  return bytes;
};
const HTML = new TextEncoder().encode(`<!doctype html><script>alert(1)</script>${" ".repeat(2000)}`);
const slice = (bytes: Uint8Array<ArrayBuffer>, part: number) =>
  bytes.slice((part - 1) * UPLOAD_PART_BYTES, part * UPLOAD_PART_BYTES);

let t: TestApi;
let cookie: string;
let otherCookie: string;
beforeAll(async () => {
  t = await testApi();
  await createUser(t.db, { role: "admin", email: "parts@liveshop.test", password: "Upload#2026" });
  await createUser(t.db, { role: "admin", email: "parts-other@liveshop.test", password: "Other#2026!" });
  cookie = await t.signIn("parts@liveshop.test", "Upload#2026");
  otherCookie = await t.signIn("parts-other@liveshop.test", "Other#2026!");
  // two argon2 sign-ins: slow on a loaded machine
}, 240_000);
afterAll(() => t.close());

const start = (fileName: string, contentType: string, size: number, purpose = "streamVideo", as = cookie) =>
  t.post("upload/multipart/start", { cookie: as, body: { fileName, contentType, size, purpose } });
const signParts = (key: string, partNumbers: number[], as = cookie) =>
  t.post("upload/multipart/parts", { cookie: as, body: { key, partNumbers } });
const status = (key: string, as = cookie) => t.post("upload/multipart/status", { cookie: as, body: { key } });
const complete = (key: string, parts: { partNumber: number; etag: string }[], as = cookie) =>
  t.post("upload/multipart/complete", { cookie: as, body: { key, parts } });
const putPart = async (url: string, body: Uint8Array<ArrayBuffer>) => {
  const res = await t.request(url, { method: "PUT", body });
  return { status: res.status, headers: res.headers, body: await res.json() };
};
const rowOf = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];

/** Signs and PUTs the given parts of `bytes`; answers their ETags by part number. */
async function sendParts(key: string, bytes: Uint8Array<ArrayBuffer>, partNumbers: number[]) {
  const signed = await signParts(key, partNumbers);
  expect(signed.status).toBe(200);
  const etags = new Map<number, string>();
  for (const { partNumber, url } of signed.body.data as { partNumber: number; url: string }[]) {
    const res = await putPart(url, slice(bytes, partNumber));
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe(res.body.data.etag);
    etags.set(partNumber, res.body.data.etag);
  }
  return etags;
}

describe("multipart uploads on local disk", () => {
  it("starts with the purpose's checks and the spec's messages (stream page: its video types, under 50 MB; modal: mp4 up to 150 MB)", async () => {
    const wrongType = await start("clip.mov", "video/quicktime", 1000);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe("Please upload a file in the correct format only.");
    const tooLarge = await start("clip.mp4", "video/mp4", 50 * 1024 * 1024);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe("Please Add Video Of Less Than 50 MB");
    expect((await start("clip.mp4", "video/mp4", 50 * 1024 * 1024, "streamModalVideo")).status).toBe(200);
    const modalTooLarge = await start("clip.mp4", "video/mp4", 150 * 1024 * 1024 + 1, "streamModalVideo");
    expect(modalTooLarge.body.message).toBe("Video size is too large (Min 150 mb).");
    expect((await start("clip.webm", "video/webm", 1000, "streamModalVideo")).body.message).toBe(
      "Please upload a file in the correct format only.",
    );
    const modalBmp = await t.post("upload/sign", {
      cookie,
      body: { fileName: "t.bmp", contentType: "image/bmp", size: 1000, purpose: "streamModalThumbnail" },
    });
    expect(modalBmp.status).toBe(200);
    const pageBmp = await t.post("upload/sign", {
      cookie,
      body: { fileName: "t.bmp", contentType: "image/bmp", size: 1000, purpose: "streamThumbnail" },
    });
    expect(pageBmp.body.message).toBe("Please upload a file in the correct format only.");
    expect(
      (
        await t.post("upload/multipart/start", {
          body: { fileName: "a.mp4", contentType: "video/mp4", size: 10, purpose: "streamVideo" },
        })
      ).status,
    ).toBe(401);
  });

  it("takes a video in parts, joins them in order, sniffs it and serves exactly the bytes sent", async () => {
    const bytes = mp4(2 * UPLOAD_PART_BYTES + 1234);
    const started = await start("launch night.mp4", "video/mp4", bytes.length);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ partSize: UPLOAD_PART_BYTES, partCount: 3 });
    const { key } = started.body.data;
    expect(key).toMatch(/^localhost\/streamVideo\/\d+-[0-9a-f]{8}-launch-night\.mp4$/);
    // parts may arrive in any order
    const etags = await sendParts(key, bytes, [3, 1, 2]);
    const arrived = await status(key);
    expect(arrived.body.data.map((p: { partNumber: number; size: number }) => [p.partNumber, p.size])).toEqual([
      [1, UPLOAD_PART_BYTES],
      [2, UPLOAD_PART_BYTES],
      [3, 1234],
    ]);
    const done = await complete(
      key,
      [...etags].map(([partNumber, etag]) => ({ partNumber, etag })),
    );
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("launch night.mp4 file uploaded successfully");
    expect(done.body.data).toMatchObject({
      key,
      contentType: "video/mp4",
      size: bytes.length,
      location: `/api/files/${key}`,
    });
    // HEAD: the headers of what is served (the bytes are compared from storage below)
    const served = await t.request(`/api/files/${key}`, { method: "HEAD" });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    const stream = await t.deps.storage.read(key);
    // byte for byte (Buffer.equals: a deep toEqual over 10 million elements takes a minute)
    expect(Buffer.from(await new Response(stream).arrayBuffer()).equals(bytes)).toBe(true);
    // the parts are gone once joined
    expect(await readdir(path.join(t.deps.env.uploadsDir, ".parts", key)).catch(() => null)).toBeNull();
    // completing again answers the same file
    expect(
      (
        await complete(
          key,
          [...etags].map(([partNumber, etag]) => ({ partNumber, etag })),
        )
      ).status,
    ).toBe(200);
    // 10 MB through three parts: slow on a loaded machine
  }, 300_000);

  it("resumes: completing with a part missing answers 409 and keeps the upload; the page asks which arrived, sends the rest and completes", async () => {
    const bytes = mp4(UPLOAD_PART_BYTES + 10);
    const { key } = (await start("resume.mp4", "video/mp4", bytes.length)).body.data;
    const first = await sendParts(key, bytes, [1]);
    // the connection dropped before part 2: completing with a guessed ETag is refused, nothing is stored
    const early = await complete(key, [
      { partNumber: 1, etag: first.get(1)! },
      { partNumber: 2, etag: '"guess"' },
    ]);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.uploadPartsIncomplete);
    // only parts 1..N, each once, complete an upload
    expect((await complete(key, [{ partNumber: 1, etag: first.get(1)! }])).status).toBe(409);
    expect((await rowOf(key)).status).toBe("issued");
    expect((await t.request(`/api/files/${key}`, { method: "GET" })).status).toBe(404);
    const arrived = (await status(key)).body.data as { partNumber: number; etag: string }[];
    expect(arrived.map((p) => p.partNumber)).toEqual([1]);
    const rest = await sendParts(key, bytes, [2]);
    const done = await complete(
      key,
      [...arrived, { partNumber: 2, etag: rest.get(2)! }].map(({ partNumber, etag }) => ({ partNumber, etag })),
    );
    expect(done.status).toBe(200);
    expect(done.body.data.size).toBe(bytes.length);
  });

  it("refuses a part larger than its share of the signed size (while streaming), and part numbers the file does not have", async () => {
    const bytes = mp4(UPLOAD_PART_BYTES + 100);
    const { key } = (await start("big.mp4", "video/mp4", bytes.length)).body.data;
    const [, last] = (await signParts(key, [1, 2])).body.data as { partNumber: number; url: string }[];
    const over = await putPart(last.url, mp4(101));
    expect(over.status).toBe(413);
    expect(over.body.message).toBe("Please Add Video Of Less Than 50 MB");
    expect((await status(key)).body.data).toEqual([]);
    const beyond = await signParts(key, [3]);
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(MSG.uploadPartOutOfRange(2));
  });

  it("refuses a bad or re-used part signature", async () => {
    const bytes = mp4(UPLOAD_PART_BYTES + 100);
    const { key } = (await start("sig.mp4", "video/mp4", bytes.length)).body.data;
    const [one] = (await signParts(key, [1])).body.data as { url: string }[];
    // part 1's signature does not open part 2
    expect((await putPart(one.url.replace("part=1", "part=2"), slice(bytes, 2))).status).toBe(403);
    expect((await putPart(one.url.replace(/signature=[^&]+/, "signature=forged"), slice(bytes, 1))).status).toBe(403);
  });

  it("refuses what is not a video once joined (HTML sent as mp4): deleted and never served", async () => {
    const { key } = (await start("evil.mp4", "video/mp4", HTML.length)).body.data;
    const etags = await sendParts(key, HTML, [1]);
    const done = await complete(key, [{ partNumber: 1, etag: etags.get(1)! }]);
    expect(done.status).toBe(400);
    expect(done.body.message).toBe("Please upload a file in the correct format only.");
    expect((await rowOf(key)).status).toBe("rejected");
    expect((await t.request(`/api/files/${key}`, { method: "GET" })).status).toBe(404);
  });

  it("keeps uploads apart: another user cannot sign, list, complete or abort one's parts", async () => {
    const bytes = mp4(1000);
    const { key } = (await start("mine.mp4", "video/mp4", bytes.length)).body.data;
    expect((await signParts(key, [1], otherCookie)).status).toBe(404);
    expect((await status(key, otherCookie)).status).toBe(404);
    expect((await complete(key, [{ partNumber: 1, etag: '"x"' }], otherCookie)).status).toBe(404);
    expect((await t.post("upload/multipart/abort", { cookie: otherCookie, body: { key } })).status).toBe(404);
  });

  it("aborts: the parts go, and the upload can no longer be completed", async () => {
    const bytes = mp4(1000);
    const { key } = (await start("drop.mp4", "video/mp4", bytes.length)).body.data;
    const etags = await sendParts(key, bytes, [1]);
    expect((await t.post("upload/multipart/abort", { cookie, body: { key } })).status).toBe(200);
    expect(await readdir(path.join(t.deps.env.uploadsDir, ".parts", key)).catch(() => null)).toBeNull();
    const late = await complete(key, [{ partNumber: 1, etag: etags.get(1)! }]);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MSG.fileUploadFailed("drop.mp4"));
  });

  it("a single-PUT upload is not completed as multipart", async () => {
    const signed = await t.post("upload/sign", {
      cookie,
      body: { fileName: "t.png", contentType: "image/png", size: 100, purpose: "streamThumbnail" },
    });
    expect((await complete(signed.body.data.key, [{ partNumber: 1, etag: '"x"' }])).body.message).toBe(
      MSG.uploadNotMultipart,
    );
  });
});

describe("multipart uploads on S3 (s3rver)", () => {
  let s3: TestApi;
  let store: Awaited<ReturnType<typeof s3TestApi>>;
  let base: string;
  let s3Cookie: string;
  beforeAll(async () => {
    store = await s3TestApi();
    ({ api: s3, base } = store);
    await createUser(s3.db, { role: "admin", email: "s3parts@liveshop.test", password: "Upload#2026" });
    s3Cookie = await s3.signIn("s3parts@liveshop.test", "Upload#2026");
  }, 240_000);
  afterAll(() => store.close());

  it("signs presigned UploadPart URLs, takes the parts straight into the bucket, completes with their ETags and serves the checked object", async () => {
    const bytes = mp4(UPLOAD_PART_BYTES + 4321);
    const started = await s3.post("upload/multipart/start", {
      cookie: s3Cookie,
      body: { fileName: "s3 video.mp4", contentType: "video/mp4", size: bytes.length, purpose: "streamModalVideo" },
    });
    expect(started.status).toBe(200);
    const { key, location } = started.body.data;
    expect(location).toBe(`${base}/liveshop/${key}`);
    const signed = await s3.post("upload/multipart/parts", { cookie: s3Cookie, body: { key, partNumbers: [1, 2] } });
    const parts: { partNumber: number; etag: string }[] = [];
    for (const { partNumber, url } of signed.body.data as { partNumber: number; url: string }[]) {
      expect(url.startsWith(`${base}/liveshop/incoming/${key}?`)).toBe(true);
      expect(new URL(url).searchParams.get("partNumber")).toBe(String(partNumber));
      expect(new URL(url).searchParams.get("X-Amz-Signature")).toBeTruthy();
      const res = await fetch(url, { method: "PUT", body: slice(bytes, partNumber) });
      expect(res.status).toBe(200);
      parts.push({ partNumber, etag: res.headers.get("etag")! });
    }
    const done = await s3.post("upload/multipart/complete", { cookie: s3Cookie, body: { key, parts } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ contentType: "video/mp4", size: bytes.length, location });
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(Buffer.from(await object.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
