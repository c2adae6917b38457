import source from "~/embed/embed.js?raw";

// GET /embed.js: the script shops paste on their websites (spec 1 §9, ADR 0038). The source is inlined into the server
// build as text, so it is in no page's bundle; it runs on other sites, so it is cached briefly rather than forever.
export function loader() {
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
