import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureSkipLine, fixtureSuite } from "./shared-fixtures";

describe("fixtureSuite", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the title and prints nothing when the samples are there", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(fixtureSuite("realcli: Codex", "/x/realcli/codex", true)).toBe("realcli: Codex");
    expect(warn).not.toHaveBeenCalled();
  });

  it("names the missing folder in the title and prints one line saying how to get the samples", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(fixtureSuite("realcli: Codex", "/x/realcli/codex", false)).toBe("realcli: Codex [skipped: /x/realcli/codex not found]");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(fixtureSkipLine("realcli: Codex", "/x/realcli/codex"));
    expect(fixtureSkipLine("realcli: Codex", "/x/realcli/codex")).toMatch(/^skipped: "realcli: Codex" needs \/x\/realcli\/codex.*BATON_SHARED_FIXTURES/);
  });
});
