// The orders module's only public face (ARCHITECTURE §2): its routes and what other modules, the seed and tests may call.
export { orderRoutes } from "./routes";
export { placeOrder, type PlaceOrderInput, type PlaceOrderResult } from "./place";
export { shareCents } from "./coupon";
export { orderPartRows } from "./shared";
// orders console (read side, ADR 0031)
export { orderReadRoutes } from "./read-routes";
// the console's writes, for the demo seed
export { refundLines, updateOrder } from "./write";
