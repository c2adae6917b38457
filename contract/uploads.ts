import { UI_MSG } from "./messages-ui";
import type { z } from "./zod";
import type { signedUploadSchema, storedUploadSchema } from "./uploads-api";

const MB = 1024 * 1024;

export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska", "video/x-msvideo", "video/3gpp", "video/x-flv", "video/mp2t"] as const;

export interface UploadRule {
  /** the content types accepted, checked on the declared type at signing and on the sniffed type at completion */
  types: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
  /** the file input's accept attribute */
  accept: string;
}

/**
 * What each kind of upload accepts (one table for the whole app; later areas add rows).
 * Sizes and messages: spec 1 §5 and §9, spec 2 §5.
 */
export const UPLOAD_PURPOSES = {
  profileImage: { types: IMAGE_TYPES, maxBytes: 10 * MB, typeMessage: UI_MSG.imageType, sizeMessage: UI_MSG.imageSize, accept: "image/png,image/jpeg" },
  shopImage: { types: IMAGE_TYPES, maxBytes: 10 * MB, typeMessage: UI_MSG.imageType, sizeMessage: UI_MSG.imageSize, accept: "image/png,image/jpeg" },
  staffImage: { types: IMAGE_TYPES, maxBytes: 2 * MB, typeMessage: UI_MSG.staffImageType, sizeMessage: UI_MSG.staffImageSize, accept: "image/png,image/jpeg" },
  portfolio: { types: IMAGE_TYPES, maxBytes: 10 * MB, typeMessage: UI_MSG.portfolioType, sizeMessage: UI_MSG.imageSize, accept: "image/png,image/jpeg" },
  // brand, coupon, customer, category and size-chart images
  catalogueImage: { types: IMAGE_TYPES, maxBytes: 10 * MB, typeMessage: UI_MSG.catalogueImageType, sizeMessage: UI_MSG.catalogueImageSize, accept: "image/png,image/jpeg" },
  productMedia: {
    types: [...IMAGE_TYPES, "image/webp", ...VIDEO_TYPES],
    maxBytes: 50 * MB,
    typeMessage: UI_MSG.mediaType,
    sizeMessage: UI_MSG.mediaSize,
    accept: "image/png,image/jpeg,image/webp,video/*",
  },
  // spec 1 §9: 157286400 bytes, mp4
  video: { types: ["video/mp4"], maxBytes: 150 * MB, typeMessage: UI_MSG.videoType, sizeMessage: UI_MSG.videoSize, accept: "video/mp4" },
} as const satisfies Record<string, UploadRule>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]];
export const uploadRule = (purpose: UploadPurpose): UploadRule => UPLOAD_PURPOSES[purpose];

/**
 * What a finished upload says: the catalogue's uploads (brand, category and size-chart images, product media and
 * variation images) name the file, '{file} file uploaded successfully' (spec 2 §8); the others 'Uploaded!' (spec 1 §8).
 */
export const uploadedMessage = (purpose: UploadPurpose, fileName: string) =>
  purpose === "catalogueImage" || purpose === "productMedia" ? UI_MSG.fileUploaded(fileName) : UI_MSG.uploaded;

/** Browsers and apps say image/jpg now and then; the table speaks image/jpeg. */
export const normalizeContentType = (type: string) => {
  const t = type.split(";")[0].trim().toLowerCase();
  return t === "image/jpg" || t === "image/pjpeg" ? "image/jpeg" : t;
};

/** The first problem with a file before it is sent (type, then size), or null; used by the page and the API. */
export function checkFile(purpose: UploadPurpose, file: { type: string; size: number }): { field: "contentType" | "size"; message: string } | null {
  const rule = uploadRule(purpose);
  if (!rule.types.includes(normalizeContentType(file.type))) return { field: "contentType", message: rule.typeMessage };
  if (file.size > rule.maxBytes) return { field: "size", message: rule.sizeMessage };
  return null;
}

/** What signing answers: where to send the bytes and how. */
export type SignedUploadData = z.output<typeof signedUploadSchema>;

/** What a finished upload answers (upload/complete and upload/file). */
export type StoredUploadData = z.output<typeof storedUploadSchema>;
