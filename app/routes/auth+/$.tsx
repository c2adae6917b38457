import { redirect } from "@remix-run/node";

// spec 1 §2: any other auth path goes to login
export const loader = () => redirect("/auth/login");
