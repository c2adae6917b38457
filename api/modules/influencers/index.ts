// The influencers module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { influencerRoutes } from "./routes";
export { influencerAppRoutes } from "./app-routes";
