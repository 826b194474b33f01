// What QuickJS lacks and the router needs while rendering on the server: URL and
// URLSearchParams. Imported first by entry-server.tsx only; browsers have their own.
import "core-js/actual/url";
import "core-js/actual/url-search-params";
