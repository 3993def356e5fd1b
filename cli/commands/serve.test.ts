/**
 * `baton serve` on a host other machines can reach: refused without --expose, served with a warning
 * naming what becomes readable with it. (Serving itself, and stopping on SIGTERM, are tested against
 * the production build in e2e/serve-process.spec.ts.)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Io } from "../io";
import { UsageError } from "../io";

const serve = vi.hoisted(() => vi.fn(async () => 0));
vi.mock("../../lib/server/app/serve", () => ({ serve }));
const { serveCommand } = await import("./serve");

const projectRoot = path.resolve(import.meta.dirname, "..", "..");

function io(): Io & { errors: string[] } {
  const errors: string[] = [];
  return { out: () => undefined, err: (text) => void errors.push(text), isTty: false, errors };
}

describe("serve --host", () => {
  beforeEach(() => serve.mockClear());

  it.each(["0.0.0.0", "::", "192.168.1.20", "fd00::5", "my-laptop.lan"])("refuses %s without --expose, naming --expose and the missing --team", async (host) => {
    const promise = serveCommand(["--host", host], io());
    await expect(promise).rejects.toThrow(UsageError);
    const message = await promise.catch((error: Error) => error.message);
    expect(message).toContain(`refusing to serve on ${host}`);
    expect(message).toContain("--expose");
    expect(message).toContain("Add --team for a team server with sign-in");
    expect(message).toMatch(/every handoff.*resume command.*rescans/s);
    expect(serve).not.toHaveBeenCalled();
  });

  it.each(["127.0.0.1", "localhost", "::1", "127.0.0.2"])("serves loopback %s without a word", async (host) => {
    const output = io();
    expect(await serveCommand(["--host", host, "--port", "3999"], output)).toBe(0);
    expect(output.errors).toEqual([]);
    expect(serve).toHaveBeenCalledWith(expect.objectContaining({ host, port: 3999 }));
  });

  it("defaults to 127.0.0.1", async () => {
    await serveCommand([], io());
    expect(serve).toHaveBeenCalledWith(expect.objectContaining({ host: "127.0.0.1" }));
  });

  it("with --expose, warns what becomes readable and which names it answers to", async () => {
    const output = io();
    vi.stubEnv("BATON_ALLOWED_HOSTS", "baton.lan");
    await serveCommand(["--host", "192.168.1.20", "--port", "3999", "--expose"], output);
    vi.unstubAllEnvs();
    const warning = output.errors.join("\n");
    expect(warning).toContain("WARNING: --expose serves Baton on 192.168.1.20:3999 with no sign-in");
    for (const word of ["every handoff", "repository path", "agent session", "resume command", "start rescans"]) expect(warning).toContain(word);
    expect(warning).toContain("Host names it answers to: localhost:3999, 127.0.0.1:3999, [::1]:3999, 192.168.1.20:3999, baton.lan");
    expect(serve).toHaveBeenCalledWith(expect.objectContaining({ host: "192.168.1.20", port: 3999 }));
  });

  it("writes an IPv6 wildcard in brackets in the warning", async () => {
    const output = io();
    await serveCommand(["--host", "::", "--port", "3999", "--expose"], output);
    expect(output.errors.join("\n")).toContain("serves Baton on [::]:3999");
  });

  it("--team refuses without a postgresql:// DATABASE_URL or without BATON_AUTH_SECRET, one line each", async () => {
    vi.stubEnv("DATABASE_URL", "file:/tmp/x.db");
    vi.stubEnv("BATON_AUTH_SECRET", "s".repeat(40));
    await expect(serveCommand(["--team"], io())).rejects.toThrow(/^--team needs a PostgreSQL database: set DATABASE_URL=postgresql:\/\/[^\n]*$/);
    vi.stubEnv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/baton");
    vi.stubEnv("BATON_AUTH_SECRET", "");
    await expect(serveCommand(["--team"], io())).rejects.toThrow(/^--team: BATON_AUTH_SECRET is not set[^\n]*$/);
    vi.stubEnv("BATON_AUTH_SECRET", "short");
    await expect(serveCommand(["--team"], io())).rejects.toThrow(/too short/);
    expect(serve).not.toHaveBeenCalled();
    vi.stubEnv("BATON_AUTH_SECRET", "s".repeat(40));
    const output = io();
    expect(await serveCommand(["--team", "--host", "0.0.0.0", "--port", "3999"], output)).toBe(0);
    expect(output.errors).toEqual([]);
    expect(process.env.BATON_TEAM).toBe("1");
    expect(serve).toHaveBeenCalledWith(expect.objectContaining({ host: "0.0.0.0", port: 3999 }));
    await serveCommand([], io());
    expect(process.env.BATON_TEAM).toBeUndefined();
    vi.unstubAllEnvs();
  });

  it("refuses a BATON_TRUSTED_PROXIES that is not a list of addresses and CIDR ranges, naming the bad entry", async () => {
    vi.stubEnv("BATON_TRUSTED_PROXIES", "10.0.0.5, proxy.internal");
    await expect(serveCommand([], io())).rejects.toThrow(/BATON_TRUSTED_PROXIES holds "proxy\.internal"/);
    expect(serve).not.toHaveBeenCalled();
    vi.stubEnv("BATON_TRUSTED_PROXIES", "10.0.0.5, 10.1.0.0/16");
    expect(await serveCommand([], io())).toBe(0);
    vi.unstubAllEnvs();
  });

  it("refuses a host that is not a name or an address", async () => {
    await expect(serveCommand(["--host", "http://0.0.0.0"], io())).rejects.toThrow('invalid host "http://0.0.0.0"');
  });
});

describe("baton serve --host 0.0.0.0 (the command as a user runs it)", () => {
  it("exits 2 with the refusal before opening a database or a port", () => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), "serve", "--host", "0.0.0.0"], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", DATABASE_URL: "file:/nonexistent/never-opened.db" } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("baton: refusing to serve on 0.0.0.0");
    expect(result.stderr).toContain("add --expose");
  });
});

describe("baton serve on a port in use (the command as a user runs it)", () => {
  let holder: net.Server;
  let port: number;
  let scratch: string;
  beforeAll(async () => {
    holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    port = (holder.address() as net.AddressInfo).port;
    scratch = mkdtempSync(path.join(os.tmpdir(), "baton-serve-port-"));
  });
  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  it.each([
    ["baton serve", [path.join(projectRoot, "bin", "baton.mjs"), "serve", "--port"]],
    ["npm start", [path.join(projectRoot, "scripts", "start.mjs"), "--port"]],
  ])("%s: exit 1 and one line, checked before migrating or building (no database, no \"Baton on\")", (_name, args) => {
    const data = mkdtempSync(path.join(scratch, "data-"));
    const result = spawnSync(process.execPath, [...args, String(port)], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: data, BATON_DATA_DIR: data, DATABASE_URL: `file:${path.join(data, "baton.db")}` } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect([result.status, result.stderr, result.stdout]).toEqual([1, `baton: port ${port} is in use on 127.0.0.1; choose another with --port\n`, ""]);
    expect(readdirSync(data)).toEqual([]);
  });
});
