// spec 3 §2 Add and edit stream: the edit page with no id is the Add Stream page, titled Add Stream
export { action, default, ErrorBoundary, handle, headers, links, loader, meta } from "./add-streams";
