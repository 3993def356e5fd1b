import { afterEach, describe, expect, it, vi } from "vitest";
import { progressLine, type Io } from "./io";

const io = (isTty: boolean): Io => ({ out: () => undefined, err: () => undefined, isTty });

describe("progressLine", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never makes the text of a line it does not draw (not a terminal)", () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const make = vi.fn(() => "agent logs: 1/2 files");
    const progress = progressLine(io(false));
    progress.update(make);
    progress.update("plain text");
    progress.done();
    expect(make).not.toHaveBeenCalled();
    expect(write).not.toHaveBeenCalled();
  });

  it("on a terminal, makes and draws a line at most every 80 ms", () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const now = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    const progress = progressLine(io(true));
    const first = vi.fn(() => "first");
    const second = vi.fn(() => "second");
    progress.update(first);
    progress.update(second);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    now.mockReturnValue(1_000_100);
    progress.update(second);
    expect(second).toHaveBeenCalledTimes(1);
    expect(write.mock.calls.map(([text]) => String(text))).toEqual(["\r\x1b[2Kfirst", "\r\x1b[2Ksecond"]);
  });
});
