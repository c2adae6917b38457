import { setupServer } from "msw/node";
import { facebookHandlers } from "./facebook";
import { googleHandlers } from "./google";
import { placesHandlers } from "./places";
import { twilioHandlers } from "./twilio";
import { stripeHandlers } from "./stripe";

/** Google, Facebook and Twilio as this machine (no internet) and the tests need them. */
export const handlers = [
  ...googleHandlers,
  ...facebookHandlers,
  ...twilioHandlers,
  ...placesHandlers,
  ...stripeHandlers,
];

/**
 * MOCKS=true (like the Epic Stack's): answers the providers inside the server process.
 * Anything else goes out untouched.
 */
export function startMocks() {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: "bypass" });
  console.log("MOCKS=true: Google, Facebook and Twilio are answered by MSW inside this process");
  return server;
}
