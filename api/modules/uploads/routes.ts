import type { Context } from "hono";
import { MSG } from "#contract/core/messages";
import type { StoredUploadData } from "#contract/uploads/uploads-api";
import {
  completeMultipartSchema,
  completeUploadSchema,
  multipartKeySchema,
  multipartPartsSchema,
  signUploadSchema,
} from "#contract/uploads/uploads-api";
import { ANY_CONSOLE_USER } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { badRequest, notFound, ok } from "#api/platform/http/http";
import { publicRoute, route } from "#api/platform/http/router";
import { CLOSED_CSP } from "#server-shared/security";
import {
  abortMultipart,
  completeMultipart,
  completeUpload,
  contentDisposition,
  hostPart,
  parseRange,
  receivePart,
  receiveSignedPut,
  signParts,
  signUpload,
  startMultipart,
  storedUpload,
  uploadFile,
  uploadedParts,
} from "./service";

const requestHost = (deps: Deps, c: Context) =>
  hostPart(deps, c.req.header("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host);
const contentLength = (c: Context) => {
  const value = c.req.header("content-length");
  return value && /^\d+$/.test(value) ? Number(value) : null;
};
/** What follows a fixed prefix in the path: storage keys contain slashes. */
const keyAfter = (c: Context, prefix: string) => c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length);
const decodedHeader = (c: Context, name: string) => {
  const value = c.req.header(name) ?? "";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
/**
 * What a one-request upload (raw body) says about itself in its headers. The file name is capped like a signed
 * upload's (255 characters) and may hold no control characters.
 */
export function directUpload(deps: Deps, c: Context, purpose: string | undefined) {
  const fileName = decodedHeader(c, "x-file-name").trim() || "file";
  if (fileName.length > 255) throw badRequest(MSG.fileNameTooLong, { fileName: [MSG.fileNameTooLong] });
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(fileName))
    throw badRequest(MSG.fileNameInvalid, { fileName: [MSG.fileNameInvalid] });
  const host = requestHost(deps, c);
  return {
    host,
    file: {
      fileName,
      contentType: c.req.header("content-type") ?? "",
      purpose,
      contentLength: contentLength(c),
      body: c.req.raw.body,
    },
  };
}

/** A checked, stored file and the message naming it. */
export const uploaded = (file: StoredUploadData) => ok(file, MSG.fileUploaded(file.fileName));

// the one upload path for the whole app (spec 1 §4 File upload, §7 Third-party services)
export const uploadRoutes = [
  route({
    method: "post",
    path: "/upload/sign",
    summary:
      "Check a file's declared type and size for its purpose and return a signed PUT (local disk or S3 presigned URL)",
    policy: ANY_CONSOLE_USER,
    body: signUploadSchema,
    handler: async ({ deps, actor, body, c }) =>
      ok(await signUpload(deps, actor, body, requestHost(deps, c)), "Upload signed"),
  }),
  publicRoute({
    method: "put",
    path: "/upload/put/*",
    summary: "Local storage only: receive the bytes of a signed upload (authorised by its signature, streamed to disk)",
    rawBody: "application/octet-stream",
    handler: async ({ deps, c }) =>
      ok(
        await receiveSignedPut(deps, keyAfter(c, "/upload/put/"), {
          expires: c.req.query("expires"),
          signature: c.req.query("signature"),
          contentType: c.req.header("content-type") ?? "",
          contentLength: contentLength(c),
          body: c.req.raw.body,
        }),
      ),
  }),
  route({
    method: "post",
    path: "/upload/complete",
    summary: "Check the stored file's real type (magic bytes) and size; returns its location and content type",
    policy: ANY_CONSOLE_USER,
    body: completeUploadSchema,
    handler: async ({ deps, actor, body }) => uploaded(await completeUpload(deps, actor, body.key)),
  }),
  // multipart uploads for large files (ADR 0037): resumable part by part, on S3 or local disk
  route({
    method: "post",
    path: "/upload/multipart/start",
    summary:
      "Check a large file's declared type and size for its purpose and start a multipart upload (S3 or local disk); answers the part size and count",
    policy: ANY_CONSOLE_USER,
    body: signUploadSchema,
    handler: async ({ deps, actor, body, c }) =>
      ok(await startMultipart(deps, actor, body, requestHost(deps, c)), "Upload started"),
  }),
  route({
    method: "post",
    path: "/upload/multipart/parts",
    summary:
      "Signed URLs (S3 presigned UploadPart, or local) for parts of one's own multipart upload; PUT each part's bytes and keep the ETag answered",
    policy: ANY_CONSOLE_USER,
    body: multipartPartsSchema,
    handler: async ({ deps, actor, body }) => ok(await signParts(deps, actor, body), "Parts signed"),
  }),
  route({
    method: "post",
    path: "/upload/multipart/status",
    summary: "The parts of one's own multipart upload that have arrived (to resume after a dropped connection)",
    policy: ANY_CONSOLE_USER,
    body: multipartKeySchema,
    handler: async ({ deps, actor, body }) => ok(await uploadedParts(deps, actor, body.key)),
  }),
  publicRoute({
    method: "put",
    path: "/upload/part/*",
    summary:
      "Local storage only: receive one part of a multipart upload (authorised by its signature; streamed to disk; answers its ETag)",
    rawBody: "application/octet-stream",
    handler: async ({ deps, c }) => {
      const part = await receivePart(deps, keyAfter(c, "/upload/part/"), {
        part: c.req.query("part"),
        expires: c.req.query("expires"),
        signature: c.req.query("signature"),
        body: c.req.raw.body,
      });
      c.header("ETag", part.etag);
      return ok(part);
    },
  }),
  route({
    method: "post",
    path: "/upload/multipart/complete",
    summary:
      "Join every part (numbers and ETags), then check the file's real type and size as upload/complete does; 409 while parts are missing",
    policy: ANY_CONSOLE_USER,
    body: completeMultipartSchema,
    handler: async ({ deps, actor, body }) => uploaded(await completeMultipart(deps, actor, body)),
  }),
  route({
    method: "post",
    path: "/upload/multipart/abort",
    summary: "Drop one's own unfinished multipart upload and its parts",
    policy: ANY_CONSOLE_USER,
    body: multipartKeySchema,
    handler: async ({ deps, actor, body }) => ok(await abortMultipart(deps, actor, body.key), "Upload cancelled"),
  }),
  route({
    method: "post",
    path: "/upload/file",
    summary:
      "Upload a file in one request (raw body; headers x-file-name, x-purpose, content-type); used by pages without JavaScript",
    policy: ANY_CONSOLE_USER,
    rawBody: "application/octet-stream",
    handler: async ({ deps, actor, c }) => {
      const { host, file } = directUpload(deps, c, c.req.header("x-purpose"));
      return uploaded(await uploadFile(deps, actor, host, file));
    },
  }),
  publicRoute({
    method: "get",
    path: "/files/*",
    summary: "A stored file, with its checked content type; supports Range requests (206, 416)",
    handler: async ({ deps, c }) => {
      const row = await storedUpload(deps, keyAfter(c, "/files/"));
      if (!row || !row.contentType || !row.size) throw notFound();
      const headers = new Headers({
        "Content-Type": row.contentType,
        "Content-Disposition": contentDisposition(row.contentType, row.fileName),
        "Content-Security-Policy": CLOSED_CSP,
        "X-Content-Type-Options": "nosniff",
        // keys are never reused, so a stored file never changes
        "Cache-Control": "public, max-age=31536000, immutable",
        "Accept-Ranges": "bytes",
      });
      const range = parseRange(c.req.header("range"), row.size);
      if (range === "unsatisfiable") {
        headers.set("Content-Range", `bytes */${row.size}`);
        headers.set("Cache-Control", "no-store");
        return new Response(null, { status: 416, headers });
      }
      const length = range ? range.end - range.start + 1 : row.size;
      headers.set("Content-Length", String(length));
      if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${row.size}`);
      const status = range ? 206 : 200;
      if (c.req.method === "HEAD") return new Response(null, { status, headers });
      const body = await deps.storage.read(row.key, range ?? undefined);
      if (!body) throw notFound();
      return new Response(body, { status, headers });
    },
  }),
];
