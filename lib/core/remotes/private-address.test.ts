import { describe, expect, test } from "vitest";
import { isBlockedAddress, parseIPv6 } from "./private-address";

describe("isBlockedAddress", () => {
  test.each([
    "127.0.0.1", "127.255.0.9", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "0.0.0.0", "100.64.0.1",
    "224.0.0.1", "255.255.255.255", "127.1", "2130706433", "::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "fe80::1%eth0", "[::1]",
    "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:7f00:1", "64:ff9b::a00:1", "2002:c0a8:101::1", "ff02::1",
  ])("%s is blocked", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  test.each(["8.8.8.8", "140.82.112.3", "172.32.0.1", "172.15.255.255", "192.169.0.1", "11.0.0.1", "2606:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  test("names are not addresses", () => {
    expect(isBlockedAddress("example.com")).toBe(false);
  });

  test("parseIPv6 expands zero runs and embedded IPv4", () => {
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(parseIPv6("1::2::3")).toBeNull();
  });
});
