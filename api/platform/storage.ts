import { createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Env } from "./env";

/** A signed upload the browser sends the file to (local disk or S3 presigned PUT). */
export interface SignedUpload {
  key: string;
  method: "PUT";
  uploadUrl: string;
  headers: Record<string, string>;
  /** where the stored file is served once uploaded */
  location: string;
}

/** The one place files are kept; `local` under $DATA_DIR/uploads, or S3. */
export interface Storage {
  kind: "local" | "s3";
  sign(key: string, contentType: string, size: number): Promise<SignedUpload>;
  put(key: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<{ size: number }>;
  /** the first bytes and size of a stored file, or null when missing */
  peek(key: string, bytes: number): Promise<{ head: Uint8Array; size: number } | null>;
  remove(key: string): Promise<void>;
  location(key: string): string;
}

export function createStorage(env: Env): Storage {
  return localStorage(env.uploadsDir, env.SESSION_SECRET);
}

const SIGNED_FOR_MS = 15 * 60 * 1000;

/** Keys are made by the server (uploads module); this refuses anything that could leave the folder. */
export function safeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

export function signLocal(secret: string, key: string, expires: number, contentType: string) {
  return createHmac("sha256", secret).update(`${key}\n${expires}\n${contentType}`).digest("base64url");
}

export function verifyLocalSignature(secret: string, key: string, expires: number, contentType: string, signature: string) {
  if (!Number.isFinite(expires) || expires < Date.now()) return false;
  const expected = Buffer.from(signLocal(secret, key, expires, contentType));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Files on local disk under $DATA_DIR/uploads, with the same signed-URL protocol as S3. */
export function localStorage(dir: string, secret: string): Storage & { filePath(key: string): string; stream(key: string, range?: { start: number; end: number }): Readable } {
  const filePath = (key: string) => path.join(dir, safeKey(key));
  return {
    kind: "local",
    filePath,
    async sign(key, contentType) {
      const expires = Date.now() + SIGNED_FOR_MS;
      const signature = signLocal(secret, safeKey(key), expires, contentType);
      const query = new URLSearchParams({ expires: String(expires), signature });
      return { key, method: "PUT", uploadUrl: `/api/upload/put/${key}?${query}`, headers: { "Content-Type": contentType }, location: `/api/files/${key}` };
    },
    async put(key, body) {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream), counter, createWriteStream(target));
      return { size };
    },
    async peek(key, bytes) {
      try {
        const handle = await open(filePath(key), "r");
        try {
          const { size } = await handle.stat();
          const head = Buffer.alloc(Math.min(bytes, size));
          await handle.read(head, 0, head.length, 0);
          return { head, size };
        } finally {
          await handle.close();
        }
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(filePath(key), { force: true });
    },
    location: (key) => `/api/files/${key}`,
    stream: (key, range) => createReadStream(filePath(key), range),
  };
}

export const fileSize = async (file: string) => (await stat(file)).size;
