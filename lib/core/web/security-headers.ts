/**
 * The response headers every page and route carries (SECURITY.md). Handoff content is untrusted:
 * sanitised rendering is the first line, this policy the second. Scripts run only with the request's
 * nonce (Next puts it on its own scripts, and `'strict-dynamic'` lets those load their chunks), so an
 * injected `<script>` or inline handler never runs; no remote image, frame or connection is fetched.
 */

/** Content-Security-Policy for one response. `nonce` is fresh per request (proxy.ts). */
export function contentSecurityPolicy({ nonce, isDevelopment }: { nonce: string; isDevelopment: boolean }): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval' only in development, where React rebuilds server error stacks with eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    // React Flow and Recharts position nodes with style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The fixed headers. Permissions-Policy turns off every powerful feature the dashboard never uses
 * (clipboard writes stay: the resume dialog copies commands).
 */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value: "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()",
  },
];

/** A nonce: 128 random bits, base64 (Web Crypto, so it also runs where node:crypto does not). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
