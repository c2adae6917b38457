import type { UploadPurpose } from "../uploads/uploads";

// Public influencer registration (spec 1 §2, §3, §5): shapes and constants pages may use (no zod here, ADR 0010).

/** spec 1 §3 OTP payload: the type the registration's code is verified with. */
export const REGISTRATION_OTP_TYPE = "influencer-web-registration";

/** The only uploads the anonymous registration page may make (spec 1 §5: profile JPG/PNG under 10 MB; portfolio JPG/JPEG/PNG). */
export const PUBLIC_UPLOAD_PURPOSES = ["profileImage", "portfolio"] as const satisfies readonly UploadPurpose[];
export type PublicUploadPurpose = (typeof PUBLIC_UPLOAD_PURPOSES)[number];
/** The file inputs' accept attribute for both (the same as UPLOAD_PURPOSES' rows, kept here so the page need not load that table). */
export const PUBLIC_UPLOAD_ACCEPT = "image/png,image/jpeg";

/** spec 1 §9: name max 25 characters. Bio and social ids: ours. */
export const REG_NAME_MAX = 25;
export const REG_BIO_MAX = 500;
export const REG_SOCIAL_ID_MAX = 100;

/**
 * The latest day anyone on Earth can call today (UTC+14): "not later than today" (spec 1 §5) holds in the
 * registrant's own time zone, whatever the server's.
 */
export const latestToday = (now: Date) => new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
