import { CHAT_IMAGE_TYPES, CHAT_VIDEO_TYPES } from "../chat/chat";
import { UI_MSG } from "../core/messages-ui";

const MB = 1024 * 1024;

export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const VIDEO_TYPES = [
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "video/x-matroska",
  "video/x-msvideo",
  "video/3gpp",
  "video/x-flv",
  "video/mp2t",
] as const;

/** spec 3 §5: the stream page's video types (3gpp, mp4, flv, avi, ts, webm; the pictures the spec also lists are left to the thumbnail, ADR 0037). */
export const STREAM_VIDEO_TYPES = [
  "video/mp4",
  "video/3gpp",
  "video/x-flv",
  "video/x-msvideo",
  "video/mp2t",
  "video/webm",
] as const;

/**
 * The size of each part of a multipart upload (ADR 0037): S3's smallest part, so a dropped connection costs at most
 * this much; the last part is what is left.
 */
export const UPLOAD_PART_BYTES = 5 * MB;
/** How many parts a multipart upload of `size` bytes has. */
export const partCount = (size: number) => Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES));
/** The exact size part `partNumber` (from 1) of a `size`-byte file has. */
export const partSize = (size: number, partNumber: number) =>
  Math.min(UPLOAD_PART_BYTES, size - (partNumber - 1) * UPLOAD_PART_BYTES);

export interface UploadRule {
  /** the content types accepted, checked on the declared type at signing and on the sniffed type at completion */
  types: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
  /** the file input's accept attribute */
  accept: string;
  /** sent in parts (multipart, resumable) whatever its size; larger files than one part always are */
  resumable?: boolean;
}

/**
 * What each kind of upload accepts (one table for the whole app; later areas add rows).
 * Sizes and messages: spec 1 §5 and §9, spec 2 §5.
 */
export const UPLOAD_PURPOSES = {
  profileImage: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    typeMessage: UI_MSG.imageType,
    sizeMessage: UI_MSG.imageSize,
    accept: "image/png,image/jpeg",
  },
  shopImage: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    typeMessage: UI_MSG.imageType,
    sizeMessage: UI_MSG.imageSize,
    accept: "image/png,image/jpeg",
  },
  staffImage: {
    types: IMAGE_TYPES,
    maxBytes: 2 * MB,
    typeMessage: UI_MSG.staffImageType,
    sizeMessage: UI_MSG.staffImageSize,
    accept: "image/png,image/jpeg",
  },
  portfolio: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    typeMessage: UI_MSG.portfolioType,
    sizeMessage: UI_MSG.imageSize,
    accept: "image/png,image/jpeg",
  },
  // brand, coupon, customer, category and size-chart images
  catalogueImage: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    typeMessage: UI_MSG.catalogueImageType,
    sizeMessage: UI_MSG.catalogueImageSize,
    accept: "image/png,image/jpeg",
  },
  productMedia: {
    types: [...IMAGE_TYPES, "image/webp", ...VIDEO_TYPES],
    maxBytes: 50 * MB,
    typeMessage: UI_MSG.mediaType,
    sizeMessage: UI_MSG.mediaSize,
    accept: "image/png,image/jpeg,image/webp,video/*",
  },
  // spec 1 §9: 157286400 bytes, mp4
  video: {
    types: ["video/mp4"],
    maxBytes: 150 * MB,
    typeMessage: UI_MSG.videoType,
    sizeMessage: UI_MSG.videoSize,
    accept: "video/mp4",
  },
  // streams (ADR 0037): spec 3 §5, the page form (under 50 MB; its video types) and the shop page's modal (mp4 up to 150 MB)
  streamThumbnail: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    typeMessage: UI_MSG.streamFileType,
    sizeMessage: UI_MSG.imageSize,
    accept: "image/png,image/jpeg",
  },
  streamVideo: {
    types: STREAM_VIDEO_TYPES,
    maxBytes: 50 * MB - 1,
    typeMessage: UI_MSG.streamFileType,
    sizeMessage: UI_MSG.streamVideoSize,
    accept: STREAM_VIDEO_TYPES.join(","),
    resumable: true,
  },
  streamModalThumbnail: {
    types: [...IMAGE_TYPES, "image/bmp", "image/tiff"],
    maxBytes: 10 * MB,
    typeMessage: UI_MSG.streamFileType,
    sizeMessage: UI_MSG.imageSize,
    accept: "image/png,image/jpeg,image/bmp,image/tiff",
  },
  streamModalVideo: {
    types: ["video/mp4"],
    maxBytes: 150 * MB,
    typeMessage: UI_MSG.streamFileType,
    sizeMessage: UI_MSG.videoSize,
    accept: "video/mp4",
    resumable: true,
  },
  // chat attachments (spec 2 §9 accepted types; ADR 0066), sent through the chat service's image and file uploads
  chatMedia: {
    types: [...CHAT_IMAGE_TYPES, ...CHAT_VIDEO_TYPES],
    maxBytes: 50 * MB,
    typeMessage: UI_MSG.mediaType,
    sizeMessage: UI_MSG.mediaSize,
    accept: [...CHAT_IMAGE_TYPES, ...CHAT_VIDEO_TYPES].join(","),
  },
} as const satisfies Record<string, UploadRule>;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]];
export const uploadRule = (purpose: UploadPurpose): UploadRule => UPLOAD_PURPOSES[purpose];

/**
 * What a finished upload says: the catalogue's uploads (brand, category and size-chart images, product media and
 * variation images) name the file, '{file} file uploaded successfully' (spec 2 §8); the others 'Uploaded!' (spec 1 §8).
 */
export const uploadedMessage = (purpose: UploadPurpose, fileName: string) =>
  purpose === "catalogueImage" || purpose === "productMedia" || purpose.startsWith("stream")
    ? UI_MSG.fileUploaded(fileName)
    : UI_MSG.uploaded;

/** Browsers and apps say image/jpg now and then; the table speaks image/jpeg. */
export const normalizeContentType = (type: string) => {
  const t = type.split(";")[0].trim().toLowerCase();
  return t === "image/jpg" || t === "image/pjpeg" ? "image/jpeg" : t;
};

/** The first problem with a file before it is sent (type, then size), or null; used by the page and the API. */
export function checkFile(
  purpose: UploadPurpose,
  file: { type: string; size: number },
): { field: "contentType" | "size"; message: string } | null {
  const rule = uploadRule(purpose);
  if (!rule.types.includes(normalizeContentType(file.type))) return { field: "contentType", message: rule.typeMessage };
  if (file.size > rule.maxBytes) return { field: "size", message: rule.sizeMessage };
  return null;
}

/**
 * The line under an image picker that says what it takes: 'JPG or PNG, under 10 MB.' for the picture purposes (the
 * pickers of other kinds of file word their own).
 */
export function imageHint(purpose: UploadPurpose) {
  return `JPG or PNG, under ${uploadRule(purpose).maxBytes / MB} MB.`;
}
