// The commission module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { commissionRoutes } from "./routes";
export { addCommission, deleteCommission, editCommission } from "./service";
