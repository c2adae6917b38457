// The profile module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { profileRoutes } from "./routes";
