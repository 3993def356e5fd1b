import { describe, expect, test } from "vitest";
import { decodeText, normaliseLineEndings } from "./decode";

const encode = (text: string) => new TextEncoder().encode(text);
const limit = { maxBytes: 1024 * 1024 };

describe("decodeText", () => {
  test.each([
    ["plain text", encode("# Handoff\n"), "# Handoff\n"],
    ["empty file", new Uint8Array(), ""],
    ["UTF-8 BOM is stripped", new Uint8Array([0xef, 0xbb, 0xbf, ...encode("# Hi\n")]), "# Hi\n"],
    ["CRLF becomes LF", encode("a\r\nb\r\n"), "a\nb\n"],
    ["lone CR becomes LF", encode("a\rb\r"), "a\nb\n"],
    ["mixed endings", encode("a\r\nb\rc\n"), "a\nb\nc\n"],
    ["multi-byte characters survive", encode("Décision — ✅ 日本"), "Décision — ✅ 日本"],
    ["only the first BOM is removed", encode("\uFEFF\uFEFFx"), "\uFEFFx"],
  ])("%s", (_name, bytes, expected) => {
    const result = decodeText(bytes, limit);
    expect(result.issues).toEqual([]);
    expect(result.value).toBe(expected);
  });

  test.each([
    ["NUL byte near the start", new Uint8Array([0x23, 0x20, 0x00, 0x41]), "file-binary"],
    ["invalid UTF-8 sequence", new Uint8Array([0x23, 0xc3, 0x28]), "file-not-utf8"],
    ["lone continuation byte", new Uint8Array([0x80]), "file-not-utf8"],
    ["UTF-16 LE with BOM", new Uint8Array([0xff, 0xfe, 0x23, 0x00]), "file-not-utf8"],
    ["UTF-16 BE with BOM", new Uint8Array([0xfe, 0xff, 0x00, 0x23]), "file-not-utf8"],
  ])("rejects %s", (_name, bytes, rule) => {
    const result = decodeText(bytes, limit);
    expect(result.value).toBeNull();
    expect(result.issues.map((issue) => issue.rule)).toEqual([rule]);
    expect(result.issues[0]?.line).toBeNull();
  });

  test("a NUL byte anywhere makes the file binary, named by where it is (NUL never reaches the database)", () => {
    const bytes = new Uint8Array(9000).fill(0x61);
    bytes[8500] = 0;
    const result = decodeText(bytes, limit);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([{ rule: "file-binary", severity: "warning", line: null, message: "File looks binary (NUL byte at byte 8,500); it was not read." }]);
    expect(decodeText(new Uint8Array([0x61, 0]), limit).issues[0]?.message).toContain("in the first 8 KB");
  });

  test("over-size input is refused before decoding", () => {
    const result = decodeText(encode("x".repeat(2048)), { maxBytes: 1024 });
    expect(result.value).toBeNull();
    expect(result.issues[0]?.rule).toBe("file-too-large");
    expect(result.issues[0]?.message).toContain("2.0 KB");
  });

  test("exactly maxBytes is accepted", () => {
    expect(decodeText(encode("abcd"), { maxBytes: 4 }).value).toBe("abcd");
  });
});

describe("normaliseLineEndings", () => {
  test("returns the same string when there is no CR", () => {
    const text = "a\nb";
    expect(normaliseLineEndings(text)).toBe(text);
  });
});
