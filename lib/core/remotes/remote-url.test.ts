import { describe, expect, test } from "vitest";
import { checkRemoteUrl, parseGitAllowedHosts, redactSecrets, type RemoteUrlPolicy } from "./remote-url";

const open: RemoteUrlPolicy = { allowedHosts: [], allowLocalPaths: false };
const admin: RemoteUrlPolicy = { allowedHosts: [], allowLocalPaths: true };
const allowing = (text: string): RemoteUrlPolicy => ({ allowedHosts: parseGitAllowedHosts(text).hosts, allowLocalPaths: false });

function refusal(url: string, policy = open) {
  const result = checkRemoteUrl(url, policy);
  return result.ok ? null : result.refusal.kind;
}

describe("checkRemoteUrl: transports", () => {
  test.each([
    ["https://github.com/o/r.git", "https", "github.com", 443],
    ["ssh://git@github.com/o/r.git", "ssh", "github.com", 22],
    ["ssh://git@github.com:2222/o/r.git", "ssh", "github.com", 2222],
    ["ssh://git@example.com:443/o/r.git", "ssh", "example.com", 443],
    ["git@github.com:o/r.git", "ssh", "github.com", 22],
    ["github.com:o/r.git", "ssh", "github.com", 22],
    ["git://example.org/r.git", "git", "example.org", 9418],
    ["HTTPS://GitHub.com/o/r", "https", "github.com", 443],
  ])("%s is allowed as %s", (url, transport, host, port) => {
    const result = checkRemoteUrl(url, open);
    expect(result.ok && result.url).toMatchObject({ transport, host, port });
  });

  test.each([
    "ext::sh -c touch% /tmp/pwned",
    "ext::sh",
    "fd::17",
    "file::/etc",
    "foo::bar",
    "::x",
    "http://example.com/r.git",
    "ftp://example.com/r.git",
    "git+ssh://example.com/r.git",
    "file:///etc",
    "/srv/git/r.git",
    "./r.git",
    "r.git",
  ])("%s is refused", (url) => {
    expect(refusal(url)).toBe("transport-refused");
  });

  test.each(["-u/tmp/x", "--upload-pack=touch /tmp/x", "ssh://-oProxyCommand=x/r", "ssh://-oProxyCommand=x@host/r", "-oProxyCommand=x:r", "git@-oProxyCommand=x:r", "", "  ", "https://exa mple.com/r", "https://example.com/", "https://example.com/r?x=1", "git://u:p@example.com/r", "host:-r"])(
    "%j is invalid or refused",
    (url) => {
      expect(refusal(url)).not.toBeNull();
    },
  );

  test("local paths only for admins, and only absolute", () => {
    expect(refusal("/srv/git/r.git", admin)).toBeNull();
    expect(refusal("file:///srv/git/r.git", admin)).toBeNull();
    expect(refusal("./r.git", admin)).toBe("invalid");
    const result = checkRemoteUrl("file:///srv/git/r.git", admin);
    expect(result.ok && result.url.fetchUrl).toBe("/srv/git/r.git");
  });
});

describe("checkRemoteUrl: hosts", () => {
  test.each([
    "https://127.0.0.1/r.git",
    "https://127.1/r.git",
    "https://2130706433/r.git",
    "https://0x7f.0.0.1/r.git",
    "git://10.0.0.1/r.git",
    "git://192.168.1.1/r.git",
    "git://172.16.5.4/r.git",
    "https://169.254.169.254/latest",
    "git://0.0.0.0/r.git",
    "https://[::1]/r.git",
    "https://[fd00::1]/r.git",
    "https://[fe80::1]/r.git",
    "https://[::ffff:10.0.0.1]/r.git",
    "https://localhost/r.git",
    "https://LOCALHOST./r.git",
    "https://a.localhost/r.git",
    "git@10.0.0.1:r.git",
    "git@[::1]:r.git",
    "git@localhost:r.git",
  ])("%s is refused without the allow-list", (url) => {
    expect(refusal(url)).toBe("host-not-allowed");
  });

  test("the allow-list lets loopback through, by host or host:port, and only what it lists", () => {
    expect(refusal("git://127.0.0.1:3232/r.git", allowing("127.0.0.1:3232"))).toBeNull();
    expect(refusal("git://127.0.0.1:3233/r.git", allowing("127.0.0.1:3232"))).toBe("host-not-allowed");
    expect(refusal("git://localhost/r.git", allowing("localhost"))).toBeNull();
    expect(refusal("https://[::1]/r.git", allowing("[::1]"))).toBeNull();
    expect(refusal("https://github.com/o/r.git", allowing("gitlab.example.com"))).toBe("host-not-allowed");
    expect(refusal("https://gitlab.example.com/o/r.git", allowing("gitlab.example.com, 127.0.0.1"))).toBeNull();
  });

  test("invalid allow-list entries are reported", () => {
    expect(parseGitAllowedHosts("a.example,not a host,b:99999").invalid).toEqual(["not a host", "b:99999"]);
  });
});

describe("credentials", () => {
  test("https: the whole user part is dropped from the display URL and listed as secret", () => {
    const result = checkRemoteUrl("https://x-access-token:ghp_abcdefSECRET@github.com/o/r.git", open);
    expect(result.ok && result.url.displayUrl).toBe("https://github.com/o/r.git");
    expect(result.ok && result.url.secrets).toContain("ghp_abcdefSECRET");
    const tokenOnly = checkRemoteUrl("https://ghp_TOKEN123@github.com/o/r.git", open);
    expect(tokenOnly.ok && tokenOnly.url.displayUrl).toBe("https://github.com/o/r.git");
  });

  test("ssh: the user name stays, a password goes", () => {
    const result = checkRemoteUrl("ssh://git:hunter2@example.com:2222/o/r.git", open);
    expect(result.ok && result.url.displayUrl).toBe("ssh://git@example.com:2222/o/r.git");
    expect(result.ok && result.url.secrets).toEqual(["hunter2"]);
  });

  test("redactSecrets removes listed values and any user:password@ form", () => {
    expect(redactSecrets("fatal: unable to access 'https://tok:SECRET@h/r': 403 SECRET", ["SECRET", "tok"])).not.toMatch(/SECRET|tok:/);
    expect(redactSecrets("https://a:b@host/x", [])).toBe("https://***@host/x");
  });
});
