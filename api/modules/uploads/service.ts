import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import {
  UPLOAD_PURPOSES,
  checkFile,
  normalizeContentType,
  partCount,
  partSize,
  uploadRule,
  type UploadPurpose,
} from "#contract/uploads/uploads";
import type { StoredUploadData } from "#contract/uploads/uploads-api";
import type { SignUploadInput } from "#contract/uploads/uploads-api";
import { uploads } from "#api/db/schema";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { ApiError, badRequest, fieldError, notFound } from "#api/platform/http/http";
import {
  FileTooLarge,
  PartsMissing,
  isSafeKey,
  localPartSigned,
  verifyLocalSignature,
  type ByteRange,
  type LocalStorage,
} from "#api/platform/providers/storage";
import { SNIFF_BYTES, sniffContentType } from "./sniff";

type UploadRow = typeof uploads.$inferSelect;

/** spec 1 §7: names are prefixed with the host and a timestamp, spaces replaced by dashes; the rest is made safe for a URL. */
export function storedFileName(name: string) {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "-")
    .replace(/[^A-Za-z0-9._-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[.-]+/, "");
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 ? cleaned.slice(dot, dot + 11) : "";
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).slice(0, 80);
  return stem ? `${stem}${ext}` : `file${ext}`;
}

/** The host part of a key: the public URL's host, else the one the request came to. */
export function hostPart(deps: Pick<Deps, "env">, requestHost: string | undefined) {
  const host = deps.env.PUBLIC_URL ? new URL(deps.env.PUBLIC_URL).host : requestHost || "localhost";
  return (
    host
      .toLowerCase()
      .replace(/[^a-z0-9.-]/g, "-")
      .replace(/^[.-]+/, "") || "localhost"
  );
}

/**
 * `<host>/<purpose>/<timestamp>-<random>-<name>`: the purpose travels in the key because the uploads table
 * has no column for it (ADR 0006); the random part keeps two same-millisecond uploads apart and URLs unguessable.
 */
export function uploadKey(host: string, purpose: UploadPurpose, fileName: string, now: Date) {
  return `${host}/${purpose}/${now.getTime()}-${randomBytes(4).toString("hex")}-${storedFileName(fileName)}`;
}

export function purposeOf(key: string): UploadPurpose | null {
  const purpose = key.split("/")[1];
  return purpose && Object.hasOwn(UPLOAD_PURPOSES, purpose) ? (purpose as UploadPurpose) : null;
}

const refusal = (status: 400 | 413, message: string) => new ApiError(status, message, { errors: { file: [message] } });

/** Who an upload belongs to: a signed-in person, or null for the anonymous registration page (ADR 0019). */
type Uploader = Pick<Actor, "id"> | null;

/** POST upload/sign (and upload/public/sign): checks the declared type and size, records the upload and returns where to PUT it. */
export async function signUpload(deps: Deps, actor: Uploader, input: SignUploadInput, host: string) {
  const contentType = normalizeContentType(input.contentType);
  const key = uploadKey(host, input.purpose, input.fileName, deps.now());
  await deps.db.insert(uploads).values({
    key,
    userId: actor?.id ?? null,
    fileName: input.fileName,
    contentType,
    size: input.size,
    status: "issued",
  });
  return deps.storage.sign(key, contentType, input.size);
}

/**
 * PUT upload/put/<key> (local storage only): authorised by the signature alone; the body is streamed to disk
 * and refused past the size that was signed.
 */
export async function receiveSignedPut(
  deps: Deps,
  key: string,
  input: {
    expires: string | undefined;
    signature: string | undefined;
    contentType: string;
    contentLength: number | null;
    body: ReadableStream<Uint8Array> | null;
  },
) {
  if (deps.storage.kind !== "local" || !isSafeKey(key)) throw notFound();
  const expires = Number(input.expires);
  if (
    !input.signature ||
    !verifyLocalSignature(deps.env.SESSION_SECRET, key, expires, input.contentType, input.signature)
  ) {
    throw new ApiError(403, MSG.uploadLinkInvalid);
  }
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.key, key));
  const purpose = purposeOf(key);
  if (!row || !purpose) throw notFound(MSG.uploadNotFound);
  if (row.status !== "issued") throw new ApiError(409, MSG.uploadDone);
  const rule = uploadRule(purpose);
  const limit = Math.min(row.size ?? rule.maxBytes, rule.maxBytes);
  if (input.contentLength !== null && input.contentLength > limit) throw refusal(413, rule.sizeMessage);
  if (!input.body) throw refusal(400, MSG.fileUploadFailed(row.fileName));
  try {
    const { size } = await deps.storage.put(key, input.body, input.contentType, { maxBytes: limit });
    return { key, size };
  } catch (error) {
    if (error instanceof FileTooLarge) throw refusal(413, rule.sizeMessage);
    throw error;
  }
}

/** Refuses a stored file: it is deleted and its row marked rejected, so it is never served. */
async function reject(deps: Deps, row: UploadRow, message: string): Promise<never> {
  await deps.storage.remove(row.key);
  await deps.db.update(uploads).set({ status: "rejected" }).where(eq(uploads.key, row.key));
  throw refusal(400, message);
}

/** Checks what was really stored (size, and type from magic bytes) and marks the upload stored. */
async function finish(deps: Deps, row: UploadRow, purpose: UploadPurpose) {
  const rule = uploadRule(purpose);
  // the incoming bytes become the file first, so the check below reads exactly what will be served (ADR 0026)
  if (!(await deps.storage.seal(row.key))) return reject(deps, row, MSG.fileUploadFailed(row.fileName));
  const peeked = await deps.storage.peek(row.key, SNIFF_BYTES);
  if (!peeked || peeked.size === 0) return reject(deps, row, MSG.fileUploadFailed(row.fileName));
  if (peeked.size > rule.maxBytes) return reject(deps, row, rule.sizeMessage);
  const contentType = sniffContentType(peeked.head);
  if (!contentType || !rule.types.includes(contentType)) return reject(deps, row, rule.typeMessage);
  if (contentType !== row.contentType) await deps.storage.retype(row.key, contentType);
  const [stored] = await deps.db
    .update(uploads)
    .set({ status: "stored", contentType, size: peeked.size })
    .where(and(eq(uploads.key, row.key), eq(uploads.status, "issued")))
    .returning();
  if (!stored) throw new ApiError(409, MSG.uploadDone);
  return storedData(deps, stored);
}

const storedData = (deps: Deps, row: UploadRow): StoredUploadData => ({
  key: row.key,
  location: deps.storage.location(row.key),
  contentType: row.contentType ?? "application/octet-stream",
  size: row.size ?? 0,
  fileName: row.fileName,
});

/** POST upload/complete: only the caller's own upload (anonymous: only an anonymous one); completing twice answers the same result. */
export async function completeUpload(deps: Deps, actor: Uploader, key: string) {
  const [row] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), actor ? eq(uploads.userId, actor.id) : isNull(uploads.userId)));
  const purpose = row ? purposeOf(row.key) : null;
  if (!row || !purpose) throw notFound(MSG.uploadNotFound);
  if (row.status === "stored") return storedData(deps, row);
  if (row.status === "rejected") throw refusal(400, MSG.fileUploadFailed(row.fileName));
  return finish(deps, row, purpose);
}

/**
 * POST upload/file: the path for pages without JavaScript. The raw body is streamed into storage,
 * refused past the purpose's size, then checked exactly like a signed upload.
 */
export async function uploadFile(
  deps: Deps,
  actor: Uploader,
  host: string,
  input: {
    fileName: string;
    contentType: string;
    purpose: string | undefined;
    contentLength: number | null;
    body: ReadableStream<Uint8Array> | null;
  },
) {
  if (!input.purpose || !Object.hasOwn(UPLOAD_PURPOSES, input.purpose))
    throw badRequest(MSG.somethingWrong, { purpose: ["Unknown upload purpose"] });
  const purpose = input.purpose as UploadPurpose;
  const rule = uploadRule(purpose);
  const contentType = normalizeContentType(input.contentType || "application/octet-stream");
  // a browser that knows the type has already told us it is wrong; an unknown type is left to sniffing
  const declared =
    contentType === "application/octet-stream"
      ? null
      : checkFile(purpose, { type: contentType, size: input.contentLength ?? 0 });
  if (declared) throw refusal(declared.field === "size" ? 413 : 400, declared.message);
  if (input.contentLength !== null && input.contentLength > rule.maxBytes) throw refusal(413, rule.sizeMessage);
  if (!input.body) throw refusal(400, MSG.fileUploadFailed(input.fileName));
  const key = uploadKey(host, purpose, input.fileName, deps.now());
  const [row] = await deps.db
    .insert(uploads)
    .values({
      key,
      userId: actor?.id ?? null,
      fileName: input.fileName,
      contentType,
      size: input.contentLength,
      status: "issued",
    })
    .returning();
  try {
    await deps.storage.put(key, input.body, contentType, { maxBytes: rule.maxBytes });
  } catch (error) {
    await deps.db.update(uploads).set({ status: "rejected" }).where(eq(uploads.key, key));
    if (error instanceof FileTooLarge) throw refusal(413, rule.sizeMessage);
    throw error;
  }
  return finish(deps, row, purpose);
}

// Multipart uploads (ADR 0037): the same row, key and checks as a signed PUT; the bytes come in parts, each signed on
// its own, and the parts that arrived can be listed, so a page resumes after a dropped connection by sending only the
// missing ones. Completing joins them into the incoming place, then `finish` seals, sniffs and sizes the file as always.

/** POST upload/multipart/start: the declared type and size are checked as for signing; the store starts the upload. */
export async function startMultipart(deps: Deps, actor: Uploader, input: SignUploadInput, host: string) {
  const contentType = normalizeContentType(input.contentType);
  const key = uploadKey(host, input.purpose, input.fileName, deps.now());
  const multipartId = await deps.storage.startMultipart(key, contentType);
  await deps.db.insert(uploads).values({
    key,
    userId: actor?.id ?? null,
    fileName: input.fileName,
    contentType,
    size: input.size,
    status: "issued",
    multipartId,
  });
  return {
    key,
    partSize: partSize(input.size, 1),
    partCount: partCount(input.size),
    location: deps.storage.location(key),
  };
}

/** The caller's own multipart upload still receiving parts (anonymous: only an anonymous one). */
async function openMultipart(deps: Deps, actor: Uploader, key: string) {
  const [row] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), actor ? eq(uploads.userId, actor.id) : isNull(uploads.userId)));
  const purpose = row ? purposeOf(row.key) : null;
  if (!row || !purpose) throw notFound(MSG.uploadNotFound);
  if (!row.multipartId || row.size === null)
    throw badRequest(MSG.uploadNotMultipart, { key: [MSG.uploadNotMultipart] });
  return { row, purpose, multipartId: row.multipartId, size: row.size };
}

const checkPartNumbers = (size: number, partNumbers: number[]) => {
  const count = partCount(size);
  if (partNumbers.some((n) => n > count))
    throw badRequest(MSG.uploadPartOutOfRange(count), { partNumbers: [MSG.uploadPartOutOfRange(count)] });
};

/** POST upload/multipart/parts: signed URLs for the parts asked for (only part numbers the file has). */
export async function signParts(deps: Deps, actor: Uploader, input: { key: string; partNumbers: number[] }) {
  const { row, multipartId, size } = await openMultipart(deps, actor, input.key);
  if (row.status !== "issued") throw new ApiError(409, MSG.uploadDone);
  checkPartNumbers(size, input.partNumbers);
  const numbers = [...new Set(input.partNumbers)];
  return Promise.all(
    numbers.map(async (partNumber) => ({
      partNumber,
      url: await deps.storage.signPart(row.key, multipartId, partNumber),
    })),
  );
}

/** POST upload/multipart/status: the parts that have arrived, so a page sends only the others. */
export async function uploadedParts(deps: Deps, actor: Uploader, key: string) {
  const { row, multipartId } = await openMultipart(deps, actor, key);
  if (row.status !== "issued") return [];
  return deps.storage.listParts(row.key, multipartId);
}

/**
 * PUT upload/part/<key>?part=n (local storage only): authorised by the part's signature; the body is streamed to
 * disk and refused past the exact size that part must have, so the parts together never pass the size signed.
 */
export async function receivePart(
  deps: Deps,
  key: string,
  input: {
    part: string | undefined;
    expires: string | undefined;
    signature: string | undefined;
    body: ReadableStream<Uint8Array> | null;
  },
) {
  if (deps.storage.kind !== "local" || !isSafeKey(key)) throw notFound();
  const partNumber = Number(input.part);
  const expires = Number(input.expires);
  if (!Number.isInteger(partNumber) || partNumber < 1 || !input.signature)
    throw new ApiError(403, MSG.uploadLinkInvalid);
  if (!verifyLocalSignature(deps.env.SESSION_SECRET, key, expires, localPartSigned(partNumber), input.signature))
    throw new ApiError(403, MSG.uploadLinkInvalid);
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.key, key));
  const purpose = purposeOf(key);
  if (!row || !purpose || !row.multipartId || row.size === null) throw notFound(MSG.uploadNotFound);
  if (row.status !== "issued") throw new ApiError(409, MSG.uploadDone);
  checkPartNumbers(row.size, [partNumber]);
  const rule = uploadRule(purpose);
  if (!input.body) throw refusal(400, MSG.fileUploadFailed(row.fileName));
  try {
    return await (deps.storage as LocalStorage).putPart(key, partNumber, input.body, partSize(row.size, partNumber));
  } catch (error) {
    if (error instanceof FileTooLarge) throw refusal(413, rule.sizeMessage);
    throw error;
  }
}

/**
 * POST upload/multipart/complete: every part from 1 to the last, with the ETags their PUTs answered. A part that has
 * not arrived leaves the upload open (409, the page asks which arrived and resends); then the file is checked as always.
 */
export async function completeMultipart(
  deps: Deps,
  actor: Uploader,
  input: { key: string; parts: { partNumber: number; etag: string }[] },
) {
  const { row, purpose, multipartId, size } = await openMultipart(deps, actor, input.key);
  if (row.status === "stored") return storedData(deps, row);
  if (row.status === "rejected") throw refusal(400, MSG.fileUploadFailed(row.fileName));
  const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber);
  const count = partCount(size);
  if (parts.length !== count || parts.some((p, i) => p.partNumber !== i + 1)) {
    throw new ApiError(409, MSG.uploadPartsIncomplete, { errors: { parts: [MSG.uploadPartsIncomplete] } });
  }
  try {
    await deps.storage.completeMultipart(row.key, multipartId, parts);
  } catch (error) {
    if (error instanceof PartsMissing)
      throw new ApiError(409, MSG.uploadPartsIncomplete, { errors: { parts: [MSG.uploadPartsIncomplete] } });
    throw error;
  }
  return finish(deps, row, purpose);
}

/** POST upload/multipart/abort: the parts are dropped and the upload refused; completing it later fails. */
export async function abortMultipart(deps: Deps, actor: Uploader, key: string) {
  const { row, multipartId } = await openMultipart(deps, actor, key);
  if (row.status !== "issued") throw new ApiError(409, MSG.uploadDone);
  await deps.storage.abortMultipart(row.key, multipartId);
  await deps.db
    .update(uploads)
    .set({ status: "rejected" })
    .where(and(eq(uploads.key, row.key), eq(uploads.status, "issued")));
  return null;
}

/** A stored upload by key, or null: only files that passed the checks are ever served. */
export async function storedUpload(deps: Deps, key: string) {
  if (!isSafeKey(key)) return null;
  const [row] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.status, "stored")));
  return row ?? null;
}

/** A single `bytes=` range against a size: the range, null to send everything, or "unsatisfiable" (416). */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Number(match[2]);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}

/** Shown in the page, downloaded otherwise: only images and video are ever inline. */
export function contentDisposition(contentType: string, fileName: string) {
  const inline = contentType.startsWith("image/") || contentType.startsWith("video/");
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** An image location on a profile must be one the same person uploaded and we checked (or the one already there). */
export async function ownImageUpload(deps: Deps, actor: Actor, location: string, purposes: readonly UploadPurpose[]) {
  const key = deps.storage.keyOf(location);
  if (!key) return false;
  const purpose = purposeOf(key);
  if (!purpose || !purposes.includes(purpose)) return false;
  const row = await storedUpload(deps, key);
  return !!row && row.userId === actor.id && uploadRule(purpose).types.includes(row.contentType ?? "");
}

/**
 * The `image` of a profile, brand or category: a new one must be a checked upload of this person, of one of
 * `purposes`; keeping the current one, or having none, is always fine.
 */
export async function checkNewImage(
  deps: Deps,
  actor: Actor,
  image: string | null | undefined,
  current: string | null,
  purposes: readonly UploadPurpose[],
) {
  if (image === undefined || image === null || image === current) return;
  if (!(await ownImageUpload(deps, actor, image, purposes))) throw fieldError("image", MSG.imageNotUploaded);
}

/** A signed link lives minutes; an upload still unfinished a day later was abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Removes uploads nobody can use, once a day old: signed but never completed (their bytes may sit in storage),
 * refused ones (already deleted from storage), and anonymous files the registration page stored that no
 * registration claimed (ADR 0019). Other stored files are never touched. Returns how many went.
 */
export async function sweepAbandonedUploads(deps: Deps) {
  const cutoff = new Date(deps.now().getTime() - ABANDONED_AFTER_MS);
  const abandoned = or(
    inArray(uploads.status, ["issued", "rejected"]),
    and(eq(uploads.status, "stored"), isNull(uploads.userId), isNull(uploads.claimedAt)),
  );
  let removed = 0;
  for (;;) {
    const batch = deps.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(abandoned, lt(uploads.createdAt, cutoff)))
      .limit(SWEEP_BATCH);
    // the state is checked again by the DELETE, so an upload completed or claimed meanwhile stays
    const rows = await deps.db
      .delete(uploads)
      .where(and(inArray(uploads.key, batch), abandoned))
      .returning({ key: uploads.key, status: uploads.status, multipartId: uploads.multipartId });
    for (const row of rows) {
      if (row.status === "issued" && row.multipartId)
        await deps.storage.abortMultipart(row.key, row.multipartId).catch(() => undefined);
      if (row.status !== "rejected") await deps.storage.remove(row.key);
    }
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}
