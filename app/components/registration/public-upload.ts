import type { PublicUploadPurpose } from "#contract/people/registration";
import { sendFile } from "~/lib/upload.client";

/**
 * The registration page's upload: the anonymous calls (ADR 0019). PictureUpload imports this module only when a picture
 * is chosen, so the upload code stays out of the page's first load; nothing imports it statically.
 */
export const sendPublicFile = (file: File, purpose: PublicUploadPurpose) =>
  sendFile(file, purpose, { api: "upload/public" });
