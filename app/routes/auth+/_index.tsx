import { redirect } from "@remix-run/node";

// spec 1 §2: /auth itself is no page of its own; like every other auth path it goes to login
// (the layout's loader first sends a signed-in user home)
export const loader = () => redirect("/auth/login");
