// The geo module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { geoRoutes } from "./routes";
export { checkLocation } from "./service";
