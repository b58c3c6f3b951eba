/**
 * With future.v8_passThroughRequests the loader sees the raw URL: client navigations fetch
 * `<path>.data`, a full page load does not. Hash-keeping redirects differ between the two.
 */
export function isDocumentRequest(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
}
