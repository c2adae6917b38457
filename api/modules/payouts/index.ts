export { payoutRoutes, revenueRoutes } from "./routes";
