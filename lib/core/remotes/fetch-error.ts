/**
 * A failed fetch in clear words: git's stderr (credentials already removed) → one of a few kinds and a
 * sentence the Sources page shows. The kinds are stored (`Remote.lastErrorKind`); the patterns are data.
 */
export const FETCH_ERROR_KINDS = ["auth-failed", "host-not-allowed", "not-found", "timeout", "other"] as const;
export type FetchErrorKind = (typeof FETCH_ERROR_KINDS)[number];

export interface FetchFailure {
  kind: FetchErrorKind;
  /** One line: the clear words, then git's own last line when it adds something. */
  message: string;
}

const PATTERNS: { kind: FetchErrorKind; pattern: RegExp; words: string }[] = [
  { kind: "auth-failed", pattern: /authentication failed|could not read (username|password)|terminal prompts disabled|permission denied \(publickey|returned error: 40[13]|http (basic: )?access denied|invalid username or password/i, words: "authentication failed: the host refused the credentials, or none were given" },
  { kind: "auth-failed", pattern: /host key verification failed|no matching host key/i, words: "authentication failed: the host's SSH key is not trusted (add it to the server's known_hosts)" },
  { kind: "not-found", pattern: /repository not found|does not appear to be a git repository|returned error: 404|not found|no such repository|access denied or repository not exported/i, words: "not found: the repository does not exist at this URL (or is private and needs credentials)" },
  { kind: "not-found", pattern: /could not resolve host|name or service not known|temporary failure in name resolution|no address associated/i, words: "not found: the host name does not resolve" },
  { kind: "timeout", pattern: /timed out|operation too slow|connection timeout/i, words: "timed out: the host did not answer in time" },
  { kind: "other", pattern: /connection refused|unable to connect|couldn't connect|failed to connect/i, words: "could not connect: nothing answers at that address and port" },
  { kind: "other", pattern: /redirect/i, words: "the host redirected the request; redirects are not followed (use the final URL)" },
  { kind: "other", pattern: /transport '[^']*' not allowed|protocol '[^']*' is not supported/i, words: "the transport is not allowed" },
];

/** The last meaningful line git printed (its `fatal:` line when there is one), at most 300 characters. */
function lastLine(stderr: string): string {
  const lines = stderr.split(/\r?\n|\r/).map((line) => line.trim()).filter((line) => line.length > 0);
  const fatal = lines.filter((line) => /^(fatal|error):/i.test(line));
  const line = fatal[fatal.length - 1] ?? lines[lines.length - 1] ?? "";
  // eslint-disable-next-line no-control-regex -- stderr is shown as plain text
  return line.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 300);
}

export function classifyFetchError(stderr: string): FetchFailure {
  const detail = lastLine(stderr);
  for (const { kind, pattern, words } of PATTERNS) {
    if (pattern.test(stderr)) return { kind, message: detail ? `${words} (git: ${detail})` : words };
  }
  return { kind: "other", message: detail ? `the fetch failed (git: ${detail})` : "the fetch failed" };
}

/** What the page says for a kind, without the detail. */
export const FETCH_ERROR_LABELS: Record<FetchErrorKind, string> = {
  "auth-failed": "auth failed",
  "host-not-allowed": "host not allowed",
  "not-found": "not found",
  timeout: "timed out",
  other: "failed",
};

export function isFetchErrorKind(value: unknown): value is FetchErrorKind {
  return (FETCH_ERROR_KINDS as readonly unknown[]).includes(value);
}
