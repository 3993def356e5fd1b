import { describe, expect, it } from "vitest";
import { parse } from "smol-toml";
import { addCodexMcp, hasCodexMcp, removeCodexMcp } from "./codex-mcp-toml";

const CONFIG = `# my settings\nmodel = "gpt-5.5"\n\n[mcp_servers.github]\ncommand = "gh-mcp"\n\n[analytics]\nenabled = false\n`;

describe("baton mcp in Codex's config.toml", () => {
  it("appends one block, keeps every other line byte for byte, and takes exactly it out again", () => {
    const added = addCodexMcp(CONFIG, "/usr/bin/node", ["/opt/baton/bin/baton.mjs", "mcp"], "config.toml");
    if (!added.ok) throw new Error(added.message);
    expect(added.changed).toBe(true);
    expect(added.text.startsWith(CONFIG)).toBe(true);
    const parsed = parse(added.text) as { mcp_servers: Record<string, { command: string; args: string[] }> };
    expect(parsed.mcp_servers.baton).toEqual({ command: "/usr/bin/node", args: ["/opt/baton/bin/baton.mjs", "mcp"] });
    expect(parsed.mcp_servers.github).toEqual({ command: "gh-mcp" });
    const again = addCodexMcp(added.text, "/usr/bin/node", ["/opt/baton/bin/baton.mjs", "mcp"], "config.toml");
    expect(again.ok && again.changed).toBe(false);
    expect(hasCodexMcp(added.text)).toBe(true);
    expect(removeCodexMcp(added.text)).toEqual({ text: CONFIG, changed: true });
  });

  it("quotes paths with quotes and backslashes as TOML strings", () => {
    const added = addCodexMcp("", "/opt/my \"node\"", ["C:\\baton\\bin\\baton.mjs", "mcp"], "config.toml");
    if (!added.ok) throw new Error(added.message);
    expect((parse(added.text) as { mcp_servers: { baton: { command: string; args: string[] } } }).mcp_servers.baton).toEqual({ command: '/opt/my "node"', args: ["C:\\baton\\bin\\baton.mjs", "mcp"] });
    expect(removeCodexMcp(added.text).text).toBe("");
  });

  it("leaves a server named baton that Baton did not add, and refuses a file that is not TOML", () => {
    const foreign = addCodexMcp('[mcp_servers.baton]\ncommand = "x"\n', "node", ["b.mjs", "mcp"], "config.toml");
    expect(foreign.ok && foreign.changed).toBe(false);
    expect(foreign.ok && foreign.note).toContain("not added by Baton");
    expect(addCodexMcp("model = = 1", "node", [], "config.toml").ok).toBe(false);
  });
});
