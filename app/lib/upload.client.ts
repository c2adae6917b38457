import { UI_MSG } from "#contract/messages-ui";
import { checkFile, type SignedUploadData, type UploadPurpose } from "#contract/uploads";
import { ApiCallError, callApi } from "~/lib/api.client";

/** PUT with upload progress (fetch cannot report it); works for our signed URL and an S3 presigned one. */
function putWithProgress(signed: SignedUploadData, file: File, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(signed.method, signed.uploadUrl);
    for (const [name, value] of Object.entries(signed.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = UI_MSG.fileUploadFailed(file.name);
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
      } catch {
        // S3 answers XML; keep the generic message
      }
      reject(new ApiCallError(message));
    };
    xhr.onerror = () => reject(new ApiCallError(UI_MSG.fileUploadFailed(file.name)));
    xhr.send(file);
  });
}

/** Where a page uploads: the console's calls, or the anonymous ones of the public registration page (ADR 0019). */
export type UploadApi = "upload" | "upload/public";

/** The one upload: checks the file (spec 1 §4), signs, PUTs with progress and completes; throws an Error with the message to show. */
export async function sendFile(file: File, purpose: UploadPurpose, opts: { api?: UploadApi; onProgress?: (percent: number) => void } = {}) {
  const problem = checkFile(purpose, file);
  if (problem) throw new ApiCallError(problem.message);
  const api = opts.api ?? "upload";
  try {
    const signed = await callApi("POST", `${api}/sign`, { body: { fileName: file.name, contentType: file.type, size: file.size, purpose } });
    await putWithProgress(signed, file, opts.onProgress ?? (() => undefined));
    return await callApi("POST", `${api}/complete`, { body: { key: signed.key } });
  } catch (e) {
    throw e instanceof ApiCallError ? e : new ApiCallError(UI_MSG.fileUploadFailed(file.name));
  }
}
