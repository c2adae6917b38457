// The sms module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { smsRoutes } from "./routes";
