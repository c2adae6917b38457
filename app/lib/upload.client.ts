import { UI_MSG } from "#contract/core/messages-ui";
import { checkFile, uploadRule, type UploadPurpose } from "#contract/uploads/uploads";
import type { SignedUploadData, StoredUploadData } from "#contract/uploads/uploads-api";
import { ApiCallError, callApi } from "~/lib/api.client";

/** What a PUT answered: its ETag (S3 sends it as a header; our local part PUT too). */
interface PutResult {
  etag: string | null;
}

/** PUT with upload progress (fetch cannot report it); works for our signed URLs and S3 presigned ones. */
export function putWithProgress(
  target: { method: string; uploadUrl: string; headers: Record<string, string> },
  body: Blob,
  fileName: string,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
) {
  return new Promise<PutResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadUrl);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ etag: xhr.getResponseHeader("ETag") });
      let message = UI_MSG.fileUploadFailed(fileName);
      try {
        const body: unknown = JSON.parse(xhr.responseText);
        if (body && typeof body === "object" && "message" in body && typeof body.message === "string")
          message = body.message;
      } catch {
        // S3 answers XML; keep the generic message
      }
      // a refusal (4xx) is final; anything else may pass on a second try
      reject(Object.assign(new ApiCallError(message), { final: xhr.status >= 400 && xhr.status < 500 }));
    };
    xhr.onerror = () => reject(new ApiCallError(UI_MSG.fileUploadFailed(fileName)));
    xhr.onabort = () => reject(new ApiCallError(UI_MSG.fileUploadFailed(fileName)));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Where a page uploads: the console's calls, or the anonymous ones of the public registration page (ADR 0019). */
export type UploadApi = "upload" | "upload/public";

export interface SendOptions {
  api?: UploadApi;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /**
   * How the resumable purposes (stream videos) are sent: `sendInParts` of app/lib/upload-parts.client.ts, passed in by
   * the forms that upload them, so the pages that upload only pictures do not load it (ARCHITECTURE §8 budgets).
   */
  inParts?: PartsSender;
}

/** Sends a file in parts (ADR 0037) and answers what the store holds, as the single upload does. */
export type PartsSender = (file: File, purpose: UploadPurpose, opts: SendOptions) => Promise<StoredUploadData>;

/**
 * What a refused file says: a form with its own words for a wrong type (spec 2 §5: the Edit page's 'Uploaded File Is Not A
 * Valid Image File') uses them whether the browser's check found it or the store's sniffing of the bytes (a text file
 * named .png passes the first).
 */
export function refusalMessage(purpose: UploadPurpose, message: string, typeMessage?: string) {
  return typeMessage && message === uploadRule(purpose).typeMessage ? typeMessage : message;
}

/** The one upload: checks the file (spec 1 §4), then signs, PUTs with progress and completes (or sends it in parts); throws an Error with the message to show. */
export async function sendFile(file: File, purpose: UploadPurpose, opts: SendOptions = {}) {
  const problem = checkFile(purpose, file);
  if (problem) throw new ApiCallError(problem.message);
  const api = opts.api ?? "upload";
  try {
    if (api === "upload" && opts.inParts && uploadRule(purpose).resumable)
      return await opts.inParts(file, purpose, opts);
    const signed: SignedUploadData = await callApi("POST", `${api}/sign`, {
      body: { fileName: file.name, contentType: file.type, size: file.size, purpose },
    });
    await putWithProgress(
      signed,
      file,
      file.name,
      (bytes) => opts.onProgress?.(Math.round((bytes / file.size) * 100)),
      opts.signal,
    );
    return await callApi("POST", `${api}/complete`, { body: { key: signed.key } });
  } catch (e) {
    throw e instanceof ApiCallError ? e : new ApiCallError(UI_MSG.fileUploadFailed(file.name));
  }
}
