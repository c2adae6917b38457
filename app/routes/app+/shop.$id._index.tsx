// spec 1 §2: /app/shop/{id} is the owner's and staff member's landing page; it shows Shop Info in place, without a redirect
export { action, default, ErrorBoundary, handle, links, loader, meta } from "./shop.$id.shopInfo";
