/**
 * Route handlers read the same way: parse → call lib/server → respond. A ZodError is a 400 with its
 * issues, a NotFoundError a 404, an AccessError its own status (421 foreign host, 403 foreign site),
 * anything else a logged 500 — never a silent null.
 */
import { NextResponse } from "next/server";
import { ZodError } from "zod";
import { AccessError } from "./access/require-access";
import { HttpError, NotFoundError } from "./http-errors";

// The error classes live apart from Next so the CLI can throw them too (lib/server/http-errors.ts).
export { HttpError, NotFoundError };

export function searchParamsObject(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

export function handle<Args extends unknown[]>(work: (...args: Args) => Promise<unknown>) {
  return async (...args: Args) => {
    try {
      return NextResponse.json(await work(...args));
    } catch (error) {
      if (error instanceof ZodError) return NextResponse.json({ error: "invalid request", issues: error.issues }, { status: 400 });
      if (error instanceof HttpError) return NextResponse.json({ ...error.details, error: error.message }, { status: error.status });
      if (error instanceof AccessError) return NextResponse.json({ error: error.message }, { status: error.status });
      if (error instanceof NotFoundError) return NextResponse.json({ error: error.message || "not found" }, { status: 404 });
      console.error(error);
      return NextResponse.json({ error: "internal error" }, { status: 500 });
    }
  };
}
