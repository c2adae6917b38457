import type { Context } from "hono";
import { MSG } from "#contract/core/messages";
import { PUBLIC_UPLOAD_PURPOSES } from "#contract/people/registration";
import {
  publicSignUploadSchema,
  registrationSchema,
  registrationSendOtpSchema,
} from "#contract/people/registration-api";
import { INFLUENCER_LOGIN_OTP_TYPE, influencerVerifyOtpSchema } from "#contract/people/influencer-app-api";
import { completeUploadSchema } from "#contract/uploads/uploads-api";
import type { Deps } from "#api/platform/deps";
import { badRequest, ok } from "#api/platform/http/http";
import { publicRoute, type RouteDef } from "#api/platform/http/router";
import { completeUpload, directUpload, hostPart, signUpload, uploadFile, uploaded } from "#api/modules/uploads";
import { verifyInfluencerOtp } from "#api/modules/auth";
import { registerInfluencer, sendInfluencerCode, spendPublicAllowance, verifyRegistrationOtp } from "./service";

const requestHost = (deps: Deps, c: Context) =>
  hostPart(deps, c.req.header("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host);

// spec 1 §2 /influencer/register, §7 Auth: the public registration and its anonymous uploads (ADR 0019)
export const registrationRoutes: RouteDef[] = [
  publicRoute({
    method: "post",
    path: "/auth/register-influencer",
    summary:
      "Register as an influencer (spec 1 §3 payload): a Pending account without password whose phone is verified by a texted code. " +
      "A phone whose code was never verified updates its pending registration. Answers 'User registered successfully.' with otpSent/otpError",
    body: registrationSchema(),
    handler: async ({ deps, c, body }) => ok(await registerInfluencer(deps, c, body), MSG.userRegistered),
  }),
  publicRoute({
    method: "post",
    path: "/auth/send-otp/influencer",
    summary:
      "Text a 6-digit code to an influencer's phone: {countryCode or countryFlag, mobile}. A registration still waiting for its code gets a new one ('A 6-digit code has been sent to your phone'); " +
      "every other number gets the same answer, whether or not an influencer uses it, and an influencer a sign-in code (ADR 0057)",
    body: registrationSendOtpSchema,
    handler: async ({ deps, c, body }) => {
      const { data, message } = await sendInfluencerCode(deps, c, body);
      return ok(data, message);
    },
  }),
  publicRoute({
    method: "post",
    path: "/auth/verify-otp/influencer",
    summary:
      "{otp, countryCode or countryFlag, mobile, type}. type 'influencer-web-registration': verify the registration's phone (no session is opened); " +
      "type 'influencer-login' (the mobile app): sign an Approved influencer in, answering a bearer token (`data.token`) that only the influencer calls accept; Pending and Rejected influencers are refused (403)",
    body: influencerVerifyOtpSchema,
    handler: async ({ deps, c, body }) =>
      body.type === INFLUENCER_LOGIN_OTP_TYPE
        ? ok(await verifyInfluencerOtp(deps, c, body), MSG.loginSuccess)
        : ok(await verifyRegistrationOtp(deps, c, body), MSG.registrationComplete),
  }),
  publicRoute({
    method: "post",
    path: "/upload/public/sign",
    summary:
      "Registration page: sign an anonymous picture upload (profileImage or portfolio; JPG/PNG; rate-limited per IP). PUT it, then upload/public/complete",
    body: publicSignUploadSchema,
    handler: async ({ deps, c, body }) => {
      await spendPublicAllowance(deps, c, "upload");
      return ok(await signUpload(deps, null, body, requestHost(deps, c)), "Upload signed");
    },
  }),
  publicRoute({
    method: "post",
    path: "/upload/public/complete",
    summary:
      "Registration page: check an anonymous upload's real type and size; returns its location (claimed by the registration, else deleted after a day)",
    body: completeUploadSchema,
    handler: async ({ deps, body }) => uploaded(await completeUpload(deps, null, body.key)),
  }),
  publicRoute({
    method: "post",
    path: "/upload/public/file",
    summary:
      "Registration page without JavaScript: one anonymous picture in one request (raw body; headers x-file-name, x-purpose, content-type)",
    rawBody: "application/octet-stream",
    handler: async ({ deps, c }) => {
      const purpose = c.req.header("x-purpose");
      if (!purpose || !(PUBLIC_UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
        throw badRequest(MSG.publicUploadPurpose, { purpose: [MSG.publicUploadPurpose] });
      }
      await spendPublicAllowance(deps, c, "upload");
      const { host, file } = directUpload(deps, c, purpose);
      return uploaded(await uploadFile(deps, null, host, file));
    },
  }),
];
