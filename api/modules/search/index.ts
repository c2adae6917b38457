// The search module's only public face (ARCHITECTURE §2): its routes.
export { searchRoutes } from "./routes";
