import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Env } from "../env";

/** A signed upload the browser sends the file to (local disk or S3 presigned PUT). */
export interface SignedUpload {
  key: string;
  method: "PUT";
  uploadUrl: string;
  headers: Record<string, string>;
  /** where the stored file is served once uploaded */
  location: string;
}

/** An inclusive byte range, as HTTP Range requests give it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One part of a multipart upload as the store holds it (ETag as S3 answers it, quotes included). */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/**
 * Multipart uploads (ADR 0037): a large file travels in parts, each signed on its own, so a dropped connection costs
 * one part, and the parts that arrived can be listed to resume. Assembled parts land in the key's incoming place,
 * which `seal` then makes the file, exactly like a single signed PUT.
 */
export interface MultipartStorage {
  /** starts a multipart upload of `key` and answers its upload id */
  startMultipart(key: string, contentType: string): Promise<string>;
  /** a signed URL the browser PUTs one part to (S3 presigned UploadPart, or our own signed URL) */
  signPart(key: string, uploadId: string, partNumber: number): Promise<string>;
  /** the parts that have arrived, in order */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** joins the parts, in order, into the key's incoming place (PartsMissing when one is not there); the parts are then gone */
  completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void>;
  /** drops the parts (and the upload, on S3) */
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

/** The one place files are kept; `local` under $DATA_DIR/uploads, or S3 (ARCHITECTURE §6). */
export interface Storage extends MultipartStorage {
  kind: "local" | "s3";
  sign(key: string, contentType: string, size: number): Promise<SignedUpload>;
  /**
   * streams a body in without buffering it; throws FileTooLarge (and keeps nothing) past `maxBytes`. What is put (and
   * what a signed PUT sends) lands in the key's incoming place, which is never served: `seal` makes it the file.
   */
  put(
    key: string,
    body: ReadableStream<Uint8Array>,
    contentType: string,
    opts?: { maxBytes?: number },
  ): Promise<{ size: number }>;
  /**
   * Moves the upload's incoming content to the key itself, in one step, so what is then checked is exactly what is
   * served, and no later or slower PUT can change it. False when nothing was uploaded.
   */
  seal(key: string): Promise<boolean>;
  /** the first bytes and size of a stored file, or null when missing */
  peek(key: string, bytes: number): Promise<{ head: Uint8Array; size: number } | null>;
  /** the stored bytes (all, or one range), or null when missing */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** records the checked content type on the stored object, where the store serves files itself */
  retype(key: string, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  location(key: string): string;
  /** the key behind a location this storage handed out, or null when it is not one of ours */
  keyOf(location: string): string | null;
}

/** Completing a multipart upload whose listed parts have not all arrived (or arrived with other bytes). */
export class PartsMissing extends Error {
  constructor(readonly partNumbers: number[]) {
    super(`Parts not uploaded: ${partNumbers.join(", ")}`);
  }
}

/** Thrown while streaming a body that grows past its limit. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
  }
}

export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET) return s3Storage(env);
  return localStorage(env.uploadsDir, env.SESSION_SECRET);
}

const SIGNED_FOR_MS = 15 * 60 * 1000;

/** Keys are made by the server (uploads module); this refuses anything that could leave the folder. */
export function safeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes("..") || key.includes("//"))
    throw new Error(`Unsafe storage key: ${key}`);
  return key;
}
export const isSafeKey = (key: string) => {
  try {
    safeKey(key);
    return true;
  } catch {
    return false;
  }
};

export function signLocal(secret: string, key: string, expires: number, contentType: string) {
  return createHmac("sha256", secret).update(`${key}\n${expires}\n${contentType}`).digest("base64url");
}

export function verifyLocalSignature(
  secret: string,
  key: string,
  expires: number,
  contentType: string,
  signature: string,
) {
  if (!Number.isFinite(expires) || expires < Date.now()) return false;
  const expected = Buffer.from(signLocal(secret, key, expires, contentType));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const toNodeStream = (body: ReadableStream<Uint8Array>) => Readable.fromWeb(body as NodeWebStream<Uint8Array>);
const toWebStream = (stream: Readable) => Readable.toWeb(stream) as ReadableStream<Uint8Array>;

/** Counts bytes as they pass and fails the pipeline past the limit, so an oversize body is refused mid-stream. */
function byteCounter(maxBytes = Number.POSITIVE_INFINITY) {
  const counter = Object.assign(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        counter.size += chunk.length;
        if (counter.size > maxBytes) done(new FileTooLarge(maxBytes));
        else done(null, chunk);
      },
    }),
    { size: 0 },
  );
  return counter;
}

/** Writes a stream to a file through a `.part` name, renamed only when complete and within the limit. */
async function streamToFile(body: ReadableStream<Uint8Array>, target: string, maxBytes?: number) {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(4).toString("hex")}.part`;
  const counter = byteCounter(maxBytes);
  try {
    await pipeline(toNodeStream(body), counter, createWriteStream(partial));
    await rename(partial, target);
    return { size: counter.size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** What a local part's signature covers besides the key and the expiry: the part number. */
export const localPartSigned = (partNumber: number) => `part ${partNumber}`;

/** A local part's ETag: an MD5 of its bytes, quoted as S3 quotes it. */
const partTag = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

export type LocalStorage = Storage & {
  filePath(key: string): string;
  /** receives one part of a multipart upload (the local store's own signed part URL) */
  putPart(key: string, partNumber: number, body: ReadableStream<Uint8Array>, maxBytes: number): Promise<StoredPart>;
};

/** Files on local disk under $DATA_DIR/uploads, with the same signed-URL protocols as S3 (single PUT and multipart). */
export function localStorage(dir: string, secret: string): LocalStorage {
  const filePath = (key: string) => path.join(dir, safeKey(key));
  // keys start with a letter or digit, so the incoming and parts folders never collide with a key
  const incomingPath = (key: string) => path.join(dir, ".incoming", safeKey(key));
  const partsPath = (key: string) => path.join(dir, ".parts", safeKey(key));
  const partPath = (key: string, partNumber: number) => path.join(partsPath(key), String(partNumber));
  const prefix = "/api/files/";
  const etagOf = async (file: string) => partTag(await readFile(file));
  const listParts = async (key: string) => {
    const names = await readdir(partsPath(key)).catch(() => [] as string[]);
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    return Promise.all(
      numbers.map(async (partNumber) => ({
        partNumber,
        size: (await stat(partPath(key, partNumber))).size,
        etag: await etagOf(partPath(key, partNumber)),
      })),
    );
  };
  return {
    kind: "local",
    filePath,
    async startMultipart(key) {
      await rm(partsPath(key), { recursive: true, force: true });
      await mkdir(partsPath(key), { recursive: true });
      return randomBytes(8).toString("hex");
    },
    async signPart(key, _uploadId, partNumber) {
      const expires = Date.now() + SIGNED_FOR_MS;
      const signature = signLocal(secret, safeKey(key), expires, localPartSigned(partNumber));
      return `/api/upload/part/${key}?${new URLSearchParams({ part: String(partNumber), expires: String(expires), signature })}`;
    },
    // streamed under a temporary name and renamed when whole, so a part cut off mid-way never counts
    async putPart(key, partNumber, body, maxBytes) {
      const { size } = await streamToFile(body, partPath(key, partNumber), maxBytes);
      return { partNumber, size, etag: await etagOf(partPath(key, partNumber)) };
    },
    listParts,
    async completeMultipart(key, _uploadId, parts) {
      const arrived = new Map((await listParts(key)).map((p) => [p.partNumber, p.etag]));
      const missing = parts.filter((p) => arrived.get(p.partNumber) !== p.etag).map((p) => p.partNumber);
      if (missing.length) throw new PartsMissing(missing);
      const target = incomingPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(4).toString("hex")}.part`;
      try {
        const out = createWriteStream(partial);
        for (const part of parts) {
          for await (const chunk of createReadStream(partPath(key, part.partNumber)))
            if (!out.write(chunk)) await once(out, "drain");
        }
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rm(partsPath(key), { recursive: true, force: true });
    },
    async abortMultipart(key) {
      await rm(partsPath(key), { recursive: true, force: true });
    },
    async sign(key, contentType) {
      const expires = Date.now() + SIGNED_FOR_MS;
      const signature = signLocal(secret, safeKey(key), expires, contentType);
      const query = new URLSearchParams({ expires: String(expires), signature });
      return {
        key,
        method: "PUT",
        uploadUrl: `/api/upload/put/${key}?${query}`,
        headers: { "Content-Type": contentType },
        location: `${prefix}${key}`,
      };
    },
    put: (key, body, _contentType, opts) => streamToFile(body, incomingPath(key), opts?.maxBytes),
    async seal(key) {
      await mkdir(path.dirname(filePath(key)), { recursive: true });
      try {
        await rename(incomingPath(key), filePath(key));
        return true;
      } catch {
        return false;
      }
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
    async read(key, range) {
      try {
        await stat(filePath(key));
      } catch {
        return null;
      }
      return toWebStream(createReadStream(filePath(key), range));
    },
    // the files route serves the type recorded on the upload row
    async retype() {},
    async remove(key) {
      await rm(filePath(key), { force: true });
      await rm(incomingPath(key), { force: true });
      await rm(partsPath(key), { recursive: true, force: true });
    },
    location: (key) => `${prefix}${key}`,
    keyOf: (location) =>
      location.startsWith(prefix) && isSafeKey(location.slice(prefix.length)) ? location.slice(prefix.length) : null,
  };
}

/** Where S3 objects are read from: S3_PUBLIC_URL, else the endpoint (path or virtual-host style), else AWS. */
export function s3PublicBase(
  env: Pick<Env, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_FORCE_PATH_STYLE" | "S3_PUBLIC_URL">,
) {
  if (env.S3_PUBLIC_URL) return env.S3_PUBLIC_URL.replace(/\/+$/, "");
  if (env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    if (env.S3_FORCE_PATH_STYLE === "true") return `${endpoint.origin}/${env.S3_BUCKET}`;
    return `${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`;
  }
  return `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

/** S3 or an S3-compatible store: the browser PUTs to a presigned URL; files are read from the bucket's URL. */
/** Where a signed or server PUT lands in S3 before `seal` (never served: the public address is the key itself). */
const incomingKey = (key: string) => `incoming/${safeKey(key)}`;

export function s3Storage(env: Env): Storage {
  const bucket = env.S3_BUCKET!;
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // ARCHITECTURE §9: otherwise the SDK signs a checksum the browser's PUT cannot send
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const base = s3PublicBase(env);
  const size = async (key: string) => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const get = async (key: string, range?: ByteRange) =>
    client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
  return {
    kind: "s3",
    async sign(key, contentType, bytes) {
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: incomingKey(key),
        ContentType: contentType,
        ContentLength: bytes,
      });
      // the type and length are signed: S3 refuses a PUT that sends others
      const uploadUrl = await getSignedUrl(client, command, {
        expiresIn: SIGNED_FOR_MS / 1000,
        signableHeaders: new Set(["content-type"]),
      });
      return { key, method: "PUT", uploadUrl, headers: { "Content-Type": contentType }, location: `${base}/${key}` };
    },
    async put(key, body, contentType, opts) {
      // S3 needs the length up front: spool to a temporary file (streamed, never held in memory), then send it
      const spool = path.join(tmpdir(), `liveshop-upload-${randomBytes(8).toString("hex")}`);
      try {
        const { size: bytes } = await streamToFile(body, spool, opts?.maxBytes);
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: incomingKey(key),
            Body: createReadStream(spool),
            ContentLength: bytes,
            ContentType: contentType,
          }),
        );
        return { size: bytes };
      } finally {
        await rm(spool, { force: true });
      }
    },
    async seal(key) {
      // the object as it is now is copied to the served key; a PUT arriving later only changes the incoming one
      try {
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: safeKey(key), CopySource: `${bucket}/${incomingKey(key)}` }),
        );
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: incomingKey(key) }));
      return true;
    },
    async peek(key, bytes) {
      const total = await size(key);
      if (total === null) return null;
      if (total === 0) return { head: new Uint8Array(), size: 0 };
      const object = await get(key, { start: 0, end: Math.min(bytes, total) - 1 });
      return { head: (await object.Body?.transformToByteArray()) ?? new Uint8Array(), size: total };
    },
    async read(key, range) {
      try {
        const object = await get(key, range);
        return (object.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retype(key, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: key,
          CopySource: `${bucket}/${key}`,
          MetadataDirective: "REPLACE",
          ContentType: contentType,
        }),
      );
    },
    async startMultipart(key, contentType) {
      const started = await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: incomingKey(key), ContentType: contentType }),
      );
      if (!started.UploadId) throw new Error("S3 started a multipart upload without an id");
      return started.UploadId;
    },
    signPart: (key, uploadId, partNumber) =>
      getSignedUrl(
        client,
        new UploadPartCommand({ Bucket: bucket, Key: incomingKey(key), UploadId: uploadId, PartNumber: partNumber }),
        {
          expiresIn: SIGNED_FOR_MS / 1000,
        },
      ),
    async listParts(key, uploadId) {
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      do {
        const page = await client.send(
          new ListPartsCommand({ Bucket: bucket, Key: incomingKey(key), UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const p of page.Parts ?? [])
          parts.push({ partNumber: p.PartNumber ?? 0, size: p.Size ?? 0, etag: p.ETag ?? "" });
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
      return parts;
    },
    async completeMultipart(key, uploadId, parts) {
      const multipart = { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) };
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: incomingKey(key),
            UploadId: uploadId,
            MultipartUpload: multipart,
          }),
        );
      } catch (error) {
        // S3's word for a part it does not hold with that ETag
        if ((error as { name?: string })?.name === "InvalidPart") throw new PartsMissing([]);
        throw error;
      }
    },
    async abortMultipart(key, uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: incomingKey(key), UploadId: uploadId }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: incomingKey(key) }));
    },
    location: (key) => `${base}/${key}`,
    keyOf: (location) =>
      location.startsWith(`${base}/`) && isSafeKey(location.slice(base.length + 1))
        ? location.slice(base.length + 1)
        : null,
  };
}
