// orders console (read side, ADR 0031)
export { orderReadRoutes } from "./read-routes";
