/**
 * Whether every segment of a URL path decodes (`%ff%fe` is not UTF-8, `%zz` not an escape). Next
 * answers such a path with a bare 500 when it decodes a route's parameters; it names no record, so
 * proxy.ts answers 404 first.
 */
export function isDecodablePath(pathname: string): boolean {
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return false;
    }
  }
  return true;
}
