import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/core/web/security-headers";

const nextConfig: NextConfig = {
  // esbuild: reached through the agent-log scan (parse-pool → build-cli) that /api/scan runs; a native binary, never bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg", "@prisma/schema-engine-wasm", "esbuild"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm start` and `npm test` set this: the one builds to serve (not to check), the other has just run
  // `tsc --noEmit` over the whole project, so the build's own TypeScript pass would be the same work again.
  typescript: { ignoreBuildErrors: process.env.BATON_BUILD_SKIP_TYPECHECK === "1" },
  // Turbopack's build cache speeds up the next build of the same checkout; a CI machine never has one,
  // and writing it took 12–48 s of a build here.
  // authInterrupts: forbidden()/unauthorized(), which a refused server action answers with (403/401, no
  // crash logged; lib/server/route.ts serverAction).
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI, authInterrupts: true },
  // The Content-Security-Policy carries a fresh nonce per request, so proxy.ts sets it (with these
  // same headers, on the responses it answers itself); these cover anything it does not reach.
  async headers() {
    return [{ source: "/:path*", headers: [...SECURITY_HEADERS] }];
  },
};

export default nextConfig;
