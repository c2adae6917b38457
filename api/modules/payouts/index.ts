export { influencerPayoutRoutes, payoutRoutes, revenueRoutes } from "./routes";
// the demo seed records terms and payments through the same service as the calls
export { addPayment, changePayout, paymentOutline } from "./service";
