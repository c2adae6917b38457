import { decimal, z } from "./zod";
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
export const storedUploadSchema = z.object({ key: z.string(), location: z.string(), contentType: z.string(), size: z.number(), fileName: z.string() });

/** What the local signed PUT answers: the key and the bytes stored. */
export const receivedUploadSchema = z.object({ key: z.string(), size: z.number() });
