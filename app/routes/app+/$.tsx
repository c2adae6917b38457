// the shell's own not-found page (inside the console's frame), also for areas that later issues build
export { loader, default, ErrorBoundary } from "../$";
