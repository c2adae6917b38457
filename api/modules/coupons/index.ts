// The coupons module's only public face (ARCHITECTURE §2): its routes.
export { couponRoutes } from "./routes";
