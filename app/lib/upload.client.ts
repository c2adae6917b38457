import { UI_MSG } from "#contract/messages-ui";
import { UPLOAD_PART_BYTES, checkFile, partCount, uploadRule, type SignedUploadData, type UploadPurpose } from "#contract/uploads";
import { ApiCallError, callApi } from "~/lib/api.client";

/** What a PUT answered: its ETag (S3 sends it as a header; our local part PUT too). */
interface PutResult {
  etag: string | null;
}

/** PUT with upload progress (fetch cannot report it); works for our signed URLs and S3 presigned ones. */
function putWithProgress(
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
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
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
}

const PARALLEL_PARTS = 3;
const PART_TRIES = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A large file in parts (ADR 0037): each part is signed and PUT on its own, a part that fails is sent again (after
 * asking which parts arrived), and completing reports the parts still missing, which are then sent once more. So a
 * slow or dropping link costs a part, never the whole video.
 */
async function sendInParts(file: File, purpose: UploadPurpose, opts: SendOptions) {
  const started = await callApi("POST", "upload/multipart/start", { body: { fileName: file.name, contentType: file.type, size: file.size, purpose } });
  const { key } = started;
  const loaded = new Map<number, number>();
  const report = () => opts.onProgress?.(Math.min(100, Math.round(([...loaded.values()].reduce((a, b) => a + b, 0) / file.size) * 100)));
  const etags = new Map<number, string>();
  const arrived = async () => {
    for (const part of await callApi("POST", "upload/multipart/status", { body: { key } })) {
      etags.set(part.partNumber, part.etag);
      loaded.set(part.partNumber, part.size);
    }
    report();
  };
  const sendPart = async (partNumber: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const [signed] = await callApi("POST", "upload/multipart/parts", { body: { key, partNumbers: [partNumber] } });
        const start = (partNumber - 1) * UPLOAD_PART_BYTES;
        const { etag } = await putWithProgress(
          { method: "PUT", uploadUrl: signed.url, headers: {} },
          file.slice(start, start + UPLOAD_PART_BYTES),
          file.name,
          (bytes) => {
            loaded.set(partNumber, bytes);
            report();
          },
          opts.signal,
        );
        if (!etag) throw new ApiCallError(UI_MSG.fileUploadFailed(file.name));
        etags.set(partNumber, etag);
        return;
      } catch (error) {
        if ((error as { final?: boolean }).final || attempt >= PART_TRIES || opts.signal?.aborted) throw error;
        loaded.set(partNumber, 0);
        await pause(500 * 2 ** attempt);
        // the part may have arrived and only its answer was lost
        await arrived();
        if (etags.has(partNumber)) return;
      }
    }
  };
  const sendMissing = async () => {
    const queue = Array.from({ length: started.partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendPart(next);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker));
  };
  const complete = () =>
    callApi("POST", "upload/multipart/complete", { body: { key, parts: [...etags].map(([partNumber, etag]) => ({ partNumber, etag })) } });
  await sendMissing();
  try {
    return await complete();
  } catch (error) {
    // a part the store does not hold after all: ask which arrived, send the rest, complete once more
    if (!(error instanceof ApiCallError) || !error.errors?.parts) throw error;
    etags.clear();
    loaded.clear();
    await arrived();
    await sendMissing();
    return complete();
  }
}

/** Whether a file goes in parts: its purpose asks for it (stream videos), or it is larger than one part. */
export const sentInParts = (purpose: UploadPurpose, size: number) => !!uploadRule(purpose).resumable || partCount(size) > 1;

/** The one upload: checks the file (spec 1 §4), then signs, PUTs with progress and completes (or sends it in parts); throws an Error with the message to show. */
export async function sendFile(file: File, purpose: UploadPurpose, opts: SendOptions = {}) {
  const problem = checkFile(purpose, file);
  if (problem) throw new ApiCallError(problem.message);
  const api = opts.api ?? "upload";
  try {
    if (api === "upload" && sentInParts(purpose, file.size)) return await sendInParts(file, purpose, opts);
    const signed: SignedUploadData = await callApi("POST", `${api}/sign`, { body: { fileName: file.name, contentType: file.type, size: file.size, purpose } });
    await putWithProgress(signed, file, file.name, (bytes) => opts.onProgress?.(Math.round((bytes / file.size) * 100)), opts.signal);
    return await callApi("POST", `${api}/complete`, { body: { key: signed.key } });
  } catch (e) {
    throw e instanceof ApiCallError ? e : new ApiCallError(UI_MSG.fileUploadFailed(file.name));
  }
}
