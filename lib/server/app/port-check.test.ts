import net from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { portProblem, StartFailureFilter, whenListening } from "./port-check";

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A port something listens on (held until the test ends). */
async function takenPort(host = "127.0.0.1"): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as net.AddressInfo).port;
}

describe("portProblem", () => {
  test("a port in use: one line naming it, the host and --port", async () => {
    const port = await takenPort();
    expect(await portProblem("127.0.0.1", port)).toBe(`port ${port} is in use on 127.0.0.1; choose another with --port`);
  });

  test("a free port: null, and it is free again afterwards", async () => {
    const port = await takenPort();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await portProblem("127.0.0.1", port)).toBeNull();
    expect(await portProblem("127.0.0.1", port)).toBeNull();
  });

  test("an address that is not this machine's", async () => {
    expect(await portProblem("192.0.2.1", 3999)).toBe("192.0.2.1 is not an address of this machine; choose another with --host");
  });
});

describe("whenListening", () => {
  test("true once something accepts connections; false when the server stopped starting first", async () => {
    const port = await takenPort();
    expect(await whenListening("127.0.0.1", port, () => true)).toBe(true);
    let polls = 0;
    const free = await takenPort();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await whenListening("127.0.0.1", free, () => ++polls < 3, 10)).toBe(false);
  });
});

describe("StartFailureFilter", () => {
  const NEXT_FAILURE = " ⨯ Failed to start server\nError: listen EADDRINUSE: address already in use 127.0.0.1:3300\n    at Server.setupListenHandle [as _listen2] (node:net:1940:16) {\n  code: 'EADDRINUSE',\n  errno: -98,\n  syscall: 'listen',\n  address: '127.0.0.1',\n  port: 3300\n}\n";

  test("Next's raw EADDRINUSE failure becomes the check's one line, whatever the chunks", () => {
    for (const cut of [1, 10, 30, 100]) {
      const filter = new StartFailureFilter();
      let written = filter.push("   ▲ Next.js 16.4.6\n");
      for (let at = 0; at < NEXT_FAILURE.length; at += cut) written += filter.push(NEXT_FAILURE.slice(at, at + cut));
      const { line, rest } = filter.finish("127.0.0.1", 3300);
      expect(written + rest).toBe("   ▲ Next.js 16.4.6\n");
      expect(line).toBe("port 3300 is in use on 127.0.0.1; choose another with --port");
    }
  });

  test("any other failure and ordinary output pass through whole", () => {
    const filter = new StartFailureFilter();
    const other = " ⨯ Failed to start server\nError: something else\n";
    const written = filter.push("warn: x\n") + filter.push(other) + filter.push("partial");
    const { line, rest } = filter.finish("127.0.0.1", 3300);
    expect(line).toBeNull();
    expect(written + rest).toBe(`warn: x\n${other}partial`);
  });
});
