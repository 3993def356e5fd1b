/**
 * Which addresses a fetch may not reach unless the host is on `BATON_GIT_ALLOWED_HOSTS`: loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved and "this network" ranges, in IPv4 and
 * IPv6 (including IPv4 addresses carried inside IPv6: mapped, NAT64, 6to4). A server that fetches any
 * URL a user types would otherwise reach the services beside it (cloud metadata at 169.254.169.254, an
 * admin panel on 127.0.0.1). Pure: callers resolve names and pass the addresses.
 */

/** An IPv4 address in any form WHATWG URL and getaddrinfo accept (`127.1`, `0x7f.0.0.1`, `2130706433`) as 4 bytes, or null. */
export function parseIPv4(text: string): [number, number, number, number] | null {
  if (!/^[0-9a-fx.]+$/i.test(text)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
  const match = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hostname);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/** An IPv6 address (brackets allowed, zone id dropped) as 8 16-bit groups, or null. */
export function parseIPv6(text: string): number[] | null {
  let value = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  value = value.replace(/%.*$/, "");
  if (!value.includes(":") || !/^[0-9a-f:.]+$/i.test(value)) return null;
  let tail: number[] = [];
  const lastColon = value.lastIndexOf(":");
  const last = value.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last);
    if (!v4) return null;
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    tail = [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!];
    value = value.slice(0, lastColon + 1) + "0";
    // "::1.2.3.4" → "::0" stands for the two groups replaced below.
    value = value.replace(/:0$/, ":0:0");
  }
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16) : NaN)));
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if ([...head, ...rest].some((group) => Number.isNaN(group))) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else groups = head;
  if (groups.length !== 8) return null;
  if (tail.length === 2) groups.splice(6, 2, tail[0]!, tail[1]!);
  return groups;
}

function isBlockedIPv4([a, b]: [number, number, number, number]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments (192.0.0/24) and TEST-NET-1 (192.0.2/24)
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

function embeddedIPv4(groups: number[]): [number, number, number, number] | null {
  const v4 = (high: number, low: number): [number, number, number, number] => [high >> 8, high & 255, low >> 8, low & 255];
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 6) && !(groups[6] === 0 && groups[7]! <= 1)) return v4(groups[6]!, groups[7]!); // ::a.b.c.d (compatible)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!); // NAT64
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!); // 6to4
  return null;
}

/** Whether an address (IPv4 or IPv6 literal) is one a fetch may not reach without the allow-list. */
export function isBlockedAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return isBlockedIPv4(v4);
  const v6 = parseIPv6(address);
  if (!v6) return false;
  const embedded = embeddedIPv4(v6);
  if (embedded) return isBlockedIPv4(embedded);
  const first = v6[0]!;
  if (v6.every((group) => group === 0)) return true; // ::
  if (v6.slice(0, 7).every((group) => group === 0) && v6[7] === 1) return true; // ::1
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated, still routed by some)
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && v6[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether `host` is an address literal (IPv4 in any form, or IPv6), as opposed to a name to resolve. */
export function isAddressLiteral(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}

/** Names that mean this machine without any DNS: `localhost` and anything under `.localhost`. */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}
