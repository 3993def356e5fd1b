import { describe, expect, it } from "vitest";
import {
  formatSettings,
  isBatonCommand,
  listBatonHooks,
  mergeHooks,
  mergeMcpServer,
  mergeStatusLine,
  removeHooks,
  removeMcpServer,
  removeStatusLine,
  SettingsShapeError,
  type DesiredHook,
  type JsonObject,
} from "./hook-settings";

const COMMAND = (event: string) => `'/usr/bin/node' '/opt/baton/bin/baton.mjs' hook ${event} --runtime claude-code`;
const DESIRED: DesiredHook[] = [
  { event: "SessionStart", matcher: "startup|resume|clear|compact", command: COMMAND("session-start"), timeout: 30 },
  { event: "UserPromptSubmit", matcher: null, command: COMMAND("user-prompt-submit"), timeout: 30 },
  { event: "PostToolUse", matcher: "*", command: COMMAND("post-tool-use"), timeout: 30 },
];

/** A settings file as another tool left it: its own hooks on two of Baton's events, other keys around. */
const OTHERS: JsonObject = {
  model: "opus",
  permissions: { allow: ["Bash(npm test:*)"] },
  hooks: {
    PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: "prettier --write $FILE" }] }],
    SessionStart: [{ hooks: [{ type: "command", command: "other-tool greet" }] }],
    Stop: [{ hooks: [{ type: "command", command: "say done" }] }],
  },
  env: { FOO: "1" },
};

describe("merging Baton's hooks into a settings file", () => {
  it("adds one group per event after the other tools' and keeps every other key", () => {
    const merged = mergeHooks(OTHERS, DESIRED, "settings.json");
    expect(merged.changed).toBe(true);
    const hooks = merged.value.hooks as Record<string, JsonObject[]>;
    expect(hooks.PostToolUse).toEqual([...(OTHERS.hooks as Record<string, JsonObject[]>).PostToolUse!, { matcher: "*", hooks: [{ type: "command", command: COMMAND("post-tool-use"), timeout: 30 }] }]);
    expect(hooks.SessionStart![0]).toEqual({ hooks: [{ type: "command", command: "other-tool greet" }] });
    expect(hooks.UserPromptSubmit).toEqual([{ hooks: [{ type: "command", command: COMMAND("user-prompt-submit"), timeout: 30 }] }]);
    expect(hooks.Stop).toEqual((OTHERS.hooks as Record<string, unknown>).Stop);
    expect({ ...merged.value, hooks: undefined }).toEqual({ ...OTHERS, hooks: undefined });
    expect(merged.created).toEqual({ topLevel: [], events: ["UserPromptSubmit"] });
    // The input is never modified.
    expect((OTHERS.hooks as Record<string, unknown>).UserPromptSubmit).toBeUndefined();
  });

  it("changes nothing the second time, and formats the same bytes", () => {
    const first = mergeHooks(OTHERS, DESIRED, "settings.json");
    const text = formatSettings(first.value, JSON.stringify(OTHERS, null, 2) + "\n");
    const second = mergeHooks(JSON.parse(text) as JsonObject, DESIRED, "settings.json");
    expect(second.changed).toBe(false);
    expect(formatSettings(second.value, text)).toBe(text);
  });

  it("replaces an install from another Baton path instead of adding a second one", () => {
    const old = mergeHooks(OTHERS, DESIRED.map((hook) => ({ ...hook, command: hook.command.replace("/opt/baton", "/old/baton") })), "settings.json").value;
    const again = mergeHooks(old, DESIRED, "settings.json");
    expect(again.changed).toBe(true);
    expect(listBatonHooks(again.value).map((hook) => hook.command).sort()).toEqual(DESIRED.map((hook) => hook.command).sort());
  });

  it("uninstall gives back the file as it was (deep-equal), keeping a user's empty containers", () => {
    const merged = mergeHooks(OTHERS, DESIRED, "settings.json");
    const removed = removeHooks(merged.value, DESIRED.map((hook) => hook.event), "settings.json", merged.created);
    expect(removed.value).toEqual(OTHERS);
    const empty: JsonObject = { hooks: { UserPromptSubmit: [] } };
    const mergedEmpty = mergeHooks(empty, DESIRED, "settings.json");
    expect(removeHooks(mergedEmpty.value, DESIRED.map((hook) => hook.event), "settings.json", mergedEmpty.created).value).toEqual(empty);
    const none = mergeHooks({}, DESIRED, "settings.json");
    expect(none.created.topLevel).toEqual(["hooks"]);
    expect(removeHooks(none.value, DESIRED.map((hook) => hook.event), "settings.json", none.created).value).toEqual({});
  });

  it("takes Baton's entry out of a group it shares with another tool and keeps the other entry", () => {
    const shared: JsonObject = { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "other" }, { type: "command", command: COMMAND("user-prompt-submit") }] }] } };
    expect(removeHooks(shared, ["UserPromptSubmit"], "settings.json", null).value).toEqual({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "other" }] }] } });
  });

  it.each([
    [{ hooks: [] }, '"hooks" is not an object'],
    [{ hooks: { SessionStart: { hooks: [] } } }, '"hooks.SessionStart" is not an array'],
  ])("refuses a shape it cannot merge into (%j)", (settings, message) => {
    expect(() => mergeHooks(settings as JsonObject, DESIRED, "settings.json")).toThrow(SettingsShapeError);
    expect(() => mergeHooks(settings as JsonObject, DESIRED, "settings.json")).toThrow(message);
  });

  it("keeps Gemini CLI's own switches beside the events", () => {
    const gemini: JsonObject = { hooks: { enabled: true, disabled: [] as never } };
    const merged = mergeHooks(gemini, [DESIRED[0]!], "settings.json");
    expect((merged.value.hooks as JsonObject).enabled).toBe(true);
  });
});

describe("Baton's commands", () => {
  it.each([
    [`'/usr/bin/node' '/x/bin/baton.mjs' hook session-start --runtime codex`, true],
    [`BATON_DATA_DIR='/d' '/usr/bin/node' '/x/bin/baton.mjs' 'hook' 'session-start'`, true],
    [`node /x/bin/baton.mjs statusline`, true],
    [`baton mcp`, true],
    [`npx baton-lint hook`, false],
    [`prettier --write`, false],
    [42, false],
  ])("%j is Baton's: %s", (command, expected) => {
    expect(isBatonCommand(command)).toBe(expected);
  });
});

describe("status line and MCP server", () => {
  const STATUS = `'/usr/bin/node' '/opt/baton/bin/baton.mjs' statusline`;
  it("sets the status line only where none is set, and never replaces another tool's", () => {
    expect(mergeStatusLine({}, STATUS).value.statusLine).toEqual({ type: "command", command: STATUS, padding: 0 });
    const other = mergeStatusLine({ statusLine: { type: "command", command: "ccstatusline" } }, STATUS);
    expect(other.changed).toBe(false);
    expect(other.notes[0]).toContain("ccstatusline");
    expect(removeStatusLine({ statusLine: { type: "command", command: "ccstatusline" } }).changed).toBe(false);
    expect(removeStatusLine(mergeStatusLine({ a: 1 }, STATUS).value).value).toEqual({ a: 1 });
  });

  it("registers mcpServers.baton beside other servers and removes only it", () => {
    const before: JsonObject = { mcpServers: { github: { command: "gh-mcp" } } };
    const merged = mergeMcpServer(before, { command: "/usr/bin/node", args: ["/opt/baton/bin/baton.mjs", "mcp"] }, ".mcp.json");
    expect((merged.value.mcpServers as JsonObject).baton).toEqual({ command: "/usr/bin/node", args: ["/opt/baton/bin/baton.mjs", "mcp"] });
    expect(removeMcpServer(merged.value, merged.created).value).toEqual(before);
    const foreign = mergeMcpServer({ mcpServers: { baton: { command: "something-else" } } }, { command: "node", args: ["/b/bin/baton.mjs", "mcp"] }, ".mcp.json");
    expect(foreign.changed).toBe(false);
    expect(foreign.notes[0]).toContain("not Baton's");
  });
});

describe("formatting", () => {
  it("keeps the file's indentation and final newline", () => {
    expect(formatSettings({ a: { b: 1 } }, '{\n    "a": 1\n}')).toBe('{\n    "a": {\n        "b": 1\n    }\n}');
    expect(formatSettings({ a: 1 }, '{\n\t"a": 0\n}\n')).toBe('{\n\t"a": 1\n}\n');
    expect(formatSettings({ a: 1 }, null)).toBe('{\n  "a": 1\n}\n');
  });
});
