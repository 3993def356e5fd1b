/**
 * `baton login --server URL`: reads a personal API token (stdin, or a hidden prompt), checks it against
 * the server (GET /api/auth-check) and only then stores it (cli/credentials.ts, mode 0600).
 */
import { parseArgs } from "node:util";
import { looksLikeToken } from "../../lib/core/auth/api-token";
import { normalizeServerUrl, saveServerCredential, serverRequest } from "../credentials";
import { UsageError, type Io } from "../io";
import { readSecret as defaultReadSecret, type SecretReader } from "../secret-input";

export async function loginCommand(argv: string[], io: Io, deps: { readSecret?: SecretReader; env?: Record<string, string | undefined> } = {}): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { server: { type: "string" } } });
  if (!values.server || positionals.length > 0) throw new UsageError("usage: baton login --server https://baton.example.com   (token on stdin or typed at the prompt)");
  const server = normalizeServerUrl(values.server);
  const token = (await (deps.readSecret ?? defaultReadSecret)(`Token for ${server} (make one at ${server}/settings/tokens): `)).trim();
  if (!looksLikeToken(token)) throw new UsageError("that is not a Baton token (they start with btn_ and are 47 characters long)");
  const { status, data } = await serverRequest<{ email?: string; name?: string; role?: string; error?: string }>({ server, token }, "GET", "/api/auth-check");
  if (status !== 200 || !data?.email) throw new UsageError(`${server} did not accept the token (${status}${data?.error ? `: ${data.error}` : ""}); nothing stored`);
  const file = saveServerCredential({ server, token }, deps.env);
  io.out(`logged in to ${server} as ${data.name ?? data.email} <${data.email}> (${data.role}); token stored in ${file}`);
  return 0;
}
