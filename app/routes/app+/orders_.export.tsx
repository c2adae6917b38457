import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrders } from "~/services/orders.server";

// The order list's Export PDF / CSV links (spec 2 §2, §9; ADR 0031): a resource route, a plain GET that needs no JavaScript.
export const loader = ({ request }: LoaderFunctionArgs) => exportOrders(request);
