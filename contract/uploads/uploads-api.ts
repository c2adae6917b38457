import { decimal, z } from "../core/zod";
import { UPLOAD_PURPOSE_NAMES, checkFile } from "./uploads";

// The schemas of the upload calls; the rules and shapes the upload component needs are in uploads.ts.

export const signUploadSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    contentType: z.string().trim().min(1).max(100),
    size: z.preprocess(decimal, z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
    purpose: z.enum(UPLOAD_PURPOSE_NAMES),
  })
  .superRefine((v, ctx) => {
    const problem = checkFile(v.purpose, { type: v.contentType, size: v.size });
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type SignUploadInput = z.infer<typeof signUploadSchema>;

export const completeUploadSchema = z.object({ key: z.string().trim().min(1).max(400) });

/** What signing answers: where to send the bytes and how. */
export const signedUploadSchema = z.object({
  key: z.string(),
  method: z.literal("PUT"),
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
  location: z.string(),
});

/** What a finished upload answers (upload/complete and upload/file). */
export const storedUploadSchema = z.object({
  key: z.string(),
  location: z.string(),
  contentType: z.string(),
  size: z.number(),
  fileName: z.string(),
});

/** What the local signed PUT answers: the key and the bytes stored. */
export const receivedUploadSchema = z.object({ key: z.string(), size: z.number() });

// Multipart uploads (ADR 0037): start, sign parts, ask which arrived, complete or abort.

const uploadKeySchema = z.string().trim().min(1).max(400);
/** S3 allows 10000 parts; a page of signed part URLs is at most 100. */
const partNumberSchema = z.number().int().min(1).max(10000);

export const multipartPartsSchema = z.object({
  key: uploadKeySchema,
  partNumbers: z.array(partNumberSchema).min(1).max(100),
});
export const multipartKeySchema = z.object({ key: uploadKeySchema });
export const completeMultipartSchema = z.object({
  key: uploadKeySchema,
  parts: z
    .array(z.object({ partNumber: partNumberSchema, etag: z.string().trim().min(1).max(200) }))
    .min(1)
    .max(10000),
});

/** What starting a multipart upload answers: the key, the part size and how many parts to send. */
export const multipartStartedSchema = z.object({
  key: z.string(),
  partSize: z.number(),
  partCount: z.number(),
  location: z.string(),
});
/** Signed URLs for parts: PUT the part's bytes to `url`; keep the ETag the answer carries. */
export const signedPartsSchema = z.array(z.object({ partNumber: z.number(), url: z.string() }));
/** The parts that have arrived (what a resuming page skips). */
export const uploadedPartsSchema = z.array(z.object({ partNumber: z.number(), size: z.number(), etag: z.string() }));
/** What the local part PUT answers (it also sends the ETag header, as S3 does). */
export const receivedPartSchema = z.object({ partNumber: z.number(), size: z.number(), etag: z.string() });

/** What signing answers: where to send the bytes and how. */
export type SignedUploadData = z.output<typeof signedUploadSchema>;
/** What a finished upload answers (upload/complete and upload/file). */
export type StoredUploadData = z.output<typeof storedUploadSchema>;
