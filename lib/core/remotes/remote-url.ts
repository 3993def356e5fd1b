/**
 * Which git URLs a remote may have (docs/team.md, "Remote repositories"; SECURITY.md, "Fetching remote
 * repositories"). Git understands far more than https/ssh/git: `ext::<command>` runs a command,
 * `fd::`, `file::` and any `<helper>::` hand the address to a program, a URL or host that starts with
 * `-` is read as an option by ssh, and local paths read the server's own disk. So the policy is a
 * short allow-list checked here, before anything is stored or run, and again right before each fetch
 * (git's own `protocol.allow=never` is the second line). Pure: no DNS; the server checks the addresses
 * a name resolves to at fetch time (lib/server/remotes/resolve-host.ts).
 */
import { parseAllowedHostList, type AllowedHost } from "../web/host-names";
import { isAddressLiteral, isBlockedAddress, isLoopbackName } from "./private-address";

export type RemoteTransport = "https" | "ssh" | "git" | "file";

export interface RemoteUrl {
  transport: RemoteTransport;
  /** Lower-cased host name or address (IPv6 without brackets); null for a local path. */
  host: string | null;
  /** The port the connection uses (written or the transport's default); null for a local path. */
  port: number | null;
  /** The URL as git is given it (may hold credentials: never show it). */
  fetchUrl: string;
  /** The URL with any password or token removed (https: the whole user part; ssh: the password). */
  displayUrl: string;
  /** The credentials the URL holds, so error text can be cleaned of them. */
  secrets: string[];
}

export type RemoteUrlRefusal = { kind: "invalid" | "transport-refused" | "host-not-allowed"; message: string };

export interface RemoteUrlPolicy {
  /** `BATON_GIT_ALLOWED_HOSTS`: when not empty, only these hosts (which may then be loopback or private). */
  allowedHosts: readonly AllowedHost[];
  /** Local paths (and file://) are for admins only (the CLI user, a team admin). */
  allowLocalPaths: boolean;
}

export const DEFAULT_PORTS: Record<Exclude<RemoteTransport, "file">, number> = { https: 443, ssh: 22, git: 9418 };

/** `BATON_GIT_ALLOWED_HOSTS`: comma-separated `host` or `host:port`; entries that are not host names are returned in `invalid`. */
export function parseGitAllowedHosts(text: string | undefined): { hosts: AllowedHost[]; invalid: string[] } {
  const parsed = parseAllowedHostList(text);
  // Canonical form here is without IPv6 brackets, as RemoteUrl.host.
  return { hosts: parsed.hosts.map((host) => ({ hostname: unbracket(host.hostname), port: host.port })), invalid: parsed.invalid };
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
// Git's remote-helper form: `<transport>::<address>` (ext::, fd::, file::, anything a helper handles).
const HELPER = /^[a-z0-9+.-]*::/i;
// scp-like `[user@]host:path`: a colon before any slash (git's own rule), the host possibly `[v6]`.
const SCP = /^(?:([^@/]+)@)?(\[[^\]/]+\]|[^:/@]+):(.*)$/;

function refuse(kind: RemoteUrlRefusal["kind"], message: string): { ok: false; refusal: RemoteUrlRefusal } {
  return { ok: false, refusal: { kind, message } };
}

/** Reads a URL into its parts when the policy allows it; else the reason in one line. */
export function checkRemoteUrl(input: string, policy: RemoteUrlPolicy): { ok: true; url: RemoteUrl } | { ok: false; refusal: RemoteUrlRefusal } {
  const text = input.trim();
  if (text === "") return refuse("invalid", "the URL is empty");
  if (text.length > 2048) return refuse("invalid", "the URL is longer than 2,048 characters");
  if (text.startsWith("-")) return refuse("invalid", "a URL may not start with '-' (git and ssh would read it as an option)");
  const scheme = SCHEME.exec(text);
  if (!scheme && HELPER.test(text)) {
    return refuse("transport-refused", `the '${text.slice(0, text.indexOf("::"))}::' transport is refused: only https://, ssh:// (or user@host:path) and git:// URLs`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f]/.test(text)) return refuse("invalid", "the URL holds spaces or control characters");
  if (scheme) return checkSchemeUrl(text, scheme[1]!.toLowerCase(), policy);
  if (text.startsWith("/") || text.startsWith(".") || text.startsWith("~")) return checkLocalPath(text, policy);
  const scp = SCP.exec(text);
  if (scp) return checkScpUrl(text, scp[1] ?? null, scp[2]!, scp[3]!, policy);
  return checkLocalPath(text, policy);
}

function checkLocalPath(text: string, policy: RemoteUrlPolicy): { ok: true; url: RemoteUrl } | { ok: false; refusal: RemoteUrlRefusal } {
  if (!policy.allowLocalPaths) return refuse("transport-refused", "local paths are for admins only; use an https://, ssh:// or git:// URL");
  if (!text.startsWith("/")) return refuse("invalid", "give a local repository as an absolute path");
  return { ok: true, url: { transport: "file", host: null, port: null, fetchUrl: text, displayUrl: text, secrets: [] } };
}

function checkSchemeUrl(text: string, scheme: string, policy: RemoteUrlPolicy): { ok: true; url: RemoteUrl } | { ok: false; refusal: RemoteUrlRefusal } {
  if (scheme === "file") {
    const local = text.slice("file://".length);
    return checkLocalPath(local.startsWith("/") ? local : `/${local}`, policy);
  }
  if (scheme !== "https" && scheme !== "ssh" && scheme !== "git") {
    return refuse("transport-refused", `'${scheme}://' is refused: only https://, ssh:// (or user@host:path) and git:// URLs${scheme === "http" ? " (plain http sends credentials and code unprotected)" : ""}`);
  }
  let url: URL;
  try {
    // WHATWG URL has no special rules for ssh/git; parse those as if https to get the host canonicalised the same way.
    url = new URL(scheme === "https" ? text : `https://${text.slice(scheme.length + 3)}`);
  } catch {
    return refuse("invalid", "the URL cannot be read");
  }
  const host = unbracket(url.hostname.toLowerCase());
  if (host === "") return refuse("invalid", "the URL names no host");
  if (host.startsWith("-") || !/^[a-z0-9._:-]+$/.test(host)) return refuse("invalid", "the host may not start with '-' or hold characters a host name cannot");
  if (url.pathname === "/" || url.pathname === "") return refuse("invalid", "the URL names no repository path");
  if (url.search || url.hash) return refuse("invalid", "the URL may not hold '?' or '#'");
  // The port as written (URL drops a port equal to https's default, which is not ssh's or git's).
  const authority = text.slice(scheme.length + 3).split("/")[0] ?? "";
  const writtenPort = /:(\d{1,5})$/.exec(authority.slice(authority.lastIndexOf("@") + 1))?.[1];
  const port = writtenPort === undefined ? DEFAULT_PORTS[scheme] : Number(writtenPort);
  if (port < 1 || port > 65535) return refuse("invalid", "the port is out of range");
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (user.startsWith("-")) return refuse("invalid", "the user name may not start with '-' (ssh would read it as an option)");
  const secrets = [url.username, url.password, user, password].filter((value) => value.length > 0);
  const hostPart = `${url.hostname.toLowerCase()}${writtenPort === undefined ? "" : `:${port}`}`;
  let displayUrl: string;
  let fetchSecrets: string[];
  if (scheme === "https") {
    // Over https the user part is usually the token itself (`https://<token>@github.com/…`).
    displayUrl = `https://${hostPart}${url.pathname}`;
    fetchSecrets = secrets;
  } else {
    if (scheme === "git" && (user || password)) return refuse("invalid", "git:// URLs carry no user name or password");
    displayUrl = `${scheme}://${url.username ? `${url.username}@` : ""}${hostPart}${url.pathname}`;
    fetchSecrets = [url.password, password].filter((value) => value.length > 0);
  }
  const hostRefusal = checkHost(host, port, policy);
  if (hostRefusal) return { ok: false, refusal: hostRefusal };
  return { ok: true, url: { transport: scheme, host, port, fetchUrl: text, displayUrl, secrets: [...new Set(fetchSecrets)] } };
}

function checkScpUrl(text: string, user: string | null, rawHost: string, repoPath: string, policy: RemoteUrlPolicy): { ok: true; url: RemoteUrl } | { ok: false; refusal: RemoteUrlRefusal } {
  if (user !== null && (user === "" || user.startsWith("-"))) return refuse("invalid", "the user name may not be empty or start with '-'");
  if (repoPath === "" || repoPath.startsWith("-")) return refuse("invalid", "the URL names no repository path (or one starting with '-')");
  const host = unbracket(rawHost).toLowerCase();
  if (host === "" || host.startsWith("-")) return refuse("invalid", "the host may not be empty or start with '-'");
  if (!/^[a-z0-9._:-]+$/.test(host)) return refuse("invalid", "the host name holds characters a host name cannot");
  const hostRefusal = checkHost(host, DEFAULT_PORTS.ssh, policy);
  if (hostRefusal) return { ok: false, refusal: hostRefusal };
  return { ok: true, url: { transport: "ssh", host, port: DEFAULT_PORTS.ssh, fetchUrl: text, displayUrl: text, secrets: [] } };
}

/** Whether `host:port` is on the allow-list (an entry without a port allows every port). */
export function isHostAllowListed(host: string, port: number, allowedHosts: readonly AllowedHost[]): boolean {
  return allowedHosts.some((entry) => entry.hostname === host && (entry.port === null || entry.port === port));
}

/**
 * The host rule: with an allow-list, only its hosts (loopback and private ones included); without one,
 * any host but loopback and private addresses and the `localhost` names. Names are checked again, by
 * the addresses they resolve to, when fetching.
 */
export function checkHost(host: string, port: number, policy: Pick<RemoteUrlPolicy, "allowedHosts">): RemoteUrlRefusal | null {
  if (policy.allowedHosts.length > 0) {
    if (isHostAllowListed(host, port, policy.allowedHosts)) return null;
    return { kind: "host-not-allowed", message: `${host}:${port} is not on BATON_GIT_ALLOWED_HOSTS` };
  }
  if (isLoopbackName(host) || (isAddressLiteral(host) && isBlockedAddress(host))) {
    return { kind: "host-not-allowed", message: `${host} is a loopback or private address; list it in BATON_GIT_ALLOWED_HOSTS to allow it` };
  }
  return null;
}

/** Removes every credential from a text (git's error output can repeat the URL). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of [...secrets].filter((value) => value.length > 0).sort((a, b) => b.length - a.length)) result = result.split(secret).join("***");
  // Any other `scheme://user:password@` form that slipped in.
  return result.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1***@");
}
