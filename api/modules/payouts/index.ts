export { payoutRoutes } from "./routes";
