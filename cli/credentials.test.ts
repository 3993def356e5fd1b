import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { credentialsPath, normalizeServerUrl, requireServerCredential, resolveServerCredential, saveServerCredential } from "./credentials";

function home() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "baton-cred-"));
  return { HOME: dir, XDG_CONFIG_HOME: path.join(dir, "cfg") };
}

describe("credentials", () => {
  it("stores a token with mode 0600 and makes its server the default", () => {
    const env = home();
    const file = saveServerCredential({ server: "https://baton.example.com/", token: "btn_abc" }, env);
    expect(file).toBe(credentialsPath(env));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8")).default).toBe("https://baton.example.com");
    expect(resolveServerCredential(undefined, env)).toEqual({ server: "https://baton.example.com", token: "btn_abc" });
    saveServerCredential({ server: "http://127.0.0.1:3000", token: "btn_local" }, env);
    expect(resolveServerCredential("https://baton.example.com", env)?.token).toBe("btn_abc");
    expect(resolveServerCredential(undefined, env)?.server).toBe("http://127.0.0.1:3000");
  });

  it("prefers BATON_SERVER + BATON_TOKEN, and says how to log in when nothing is stored", () => {
    const env = home();
    expect(resolveServerCredential(undefined, env)).toBeNull();
    expect(() => requireServerCredential(undefined, env)).toThrow(/baton login --server URL/);
    expect(resolveServerCredential(undefined, { ...env, BATON_SERVER: "https://t.example", BATON_TOKEN: "btn_env" })).toEqual({ server: "https://t.example", token: "btn_env" });
  });

  it("refuses addresses that are not http(s) or carry a password", () => {
    expect(() => normalizeServerUrl("ftp://x")).toThrow(/https:\/\//);
    expect(() => normalizeServerUrl("https://u:p@x")).toThrow(/without a user name/);
    expect(() => normalizeServerUrl("not a url")).toThrow(/not a server address/);
  });
});
