import { redirect } from "@remix-run/node";

// spec 1 §2: /app/setting opens Edit Profile
export const loader = () => redirect("/app/setting/edit-profile");
