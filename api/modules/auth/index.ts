// The auth module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { authRoutes } from "./routes";
export { loggedUser, type LoggedUser } from "./service";
export { consumeCode, issueCode, sendInfluencerOtp, throttleCodeRequest, verifyInfluencerOtp } from "./otp";
