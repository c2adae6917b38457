export { auditRoutes } from "./routes";
