// The uploads module's only public face (ARCHITECTURE §2): its routes and what other modules may call. Every module
// that stores a picture checks it here; the registration page's anonymous uploads reuse the same calls.
export { directUpload, uploadRoutes, uploaded } from "./routes";
export {
  ABANDONED_AFTER_MS,
  checkNewImage,
  completeUpload,
  hostPart,
  ownImageUpload,
  purposeOf,
  signUpload,
  storedUpload,
  sweepAbandonedUploads,
  uploadFile,
  uploadKey,
} from "./service";
export { sniffContentType } from "./sniff";
