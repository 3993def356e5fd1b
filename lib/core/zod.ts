/**
 * Zod, configured for code that also runs in the browser. Zod 4 compiles object parsers with
 * `new Function` unless told not to, and even its check for whether it may is reported as a violation
 * of the page's Content-Security-Policy (no 'unsafe-eval'): import `z` from here, not from "zod", in
 * modules the browser loads. Must run before the first `z.object` is built, hence a module of its own.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
