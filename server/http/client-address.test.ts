import Fastify from "fastify";
import { Agent, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  clientLimitKey,
  normaliseAddress,
  parseTrustedProxies,
  registerClientAddress,
  resolveClientAddress,
} from "./client-address.js";

describe("client address", () => {
  const proxies = parseTrustedProxies("10.0.0.0/8, ::1");

  it("is the socket's address without TRUST_PROXY, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", undefined)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:203.0.113.9", undefined, undefined)).toBe("203.0.113.9");
    expect(resolveClientAddress(undefined, undefined, undefined)).toBe("0.0.0.0");
  });

  it("believes X-Forwarded-For only from a listed proxy", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.1.2.3", "198.51.100.1", proxies)).toBe("198.51.100.1");
  });

  it("takes the right-most entry not added by a listed proxy; a client's own entries are ignored", () => {
    // The client wrote "1.1.1.1, 10.9.9.9"; proxy 10.0.0.5 appended 198.51.100.1.
    const header = "1.1.1.1, 10.9.9.9, 198.51.100.1, 10.0.0.7";
    expect(resolveClientAddress("10.0.0.5", header, proxies)).toBe("198.51.100.1");
    expect(resolveClientAddress("10.0.0.5", ["1.1.1.1", "198.51.100.1"], proxies)).toBe(
      "198.51.100.1",
    );
  });

  it("never turns garbage or an over-long entry into an identity", () => {
    for (const header of [
      "garbage",
      "x".repeat(5000),
      "1.1.1.1, ",
      "999.1.1.1",
      "1.1.1.1\u0000",
      `${"1".repeat(70)}`,
      "[::1]:80",
    ]) {
      expect(resolveClientAddress("10.0.0.5", header, proxies)).toBe("10.0.0.5");
    }
    // Through a chain of listed proxies, the walk stops at the last valid hop.
    expect(resolveClientAddress("10.0.0.5", "junk, 10.0.0.6", proxies)).toBe("10.0.0.6");
  });

  it("reads IPv6 proxies and clients, zones and IPv4-mapped forms", () => {
    expect(resolveClientAddress("::1", "2001:DB8::7", proxies)).toBe("2001:db8::7");
    expect(resolveClientAddress("::ffff:10.0.0.1", "::ffff:198.51.100.2", proxies)).toBe(
      "198.51.100.2",
    );
    expect(normaliseAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normaliseAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normaliseAddress("1.2.3")).toBeNull();
  });

  it("counts IPv6 by its /64 and IPv4 by the address", () => {
    expect(clientLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientLimitKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(clientLimitKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(clientLimitKey("64:ff9b::1.2.3.4")).toBe("64:ff9b:0:0::/64");
    expect(clientLimitKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    const longest = clientLimitKey("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
    expect(longest).toBe("ffff:ffff:ffff:ffff::/64");
    expect(longest.length).toBeLessThanOrEqual(24);
  });

  it("refuses TRUST_PROXY entries that are not addresses or ranges", () => {
    for (const bad of ["true", "*", "10.0.0.0/33", "::/129", "a.b.c.d", "10.0.0.1/-1", ","]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow();
    }
    expect(parseTrustedProxies("10.0.0.0/8,::1").entries).toEqual(["10.0.0.0/8", "::1"]);
  });
});

describe("the client address of each request on one connection", () => {
  it("is the proxy's X-Forwarded-For entry of that request, not one kept from the connection", async () => {
    const app = Fastify();
    registerClientAddress(app, parseTrustedProxies("127.0.0.1"));
    app.get("/who", async (request) => ({
      address: request.clientAddress,
      key: request.ip,
      port: request.raw.socket.remotePort,
    }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (forwardedFor?: string) =>
      new Promise<{ address: string; key: string; port: number }>((resolve, reject) => {
        const headers: Record<string, string> = forwardedFor
          ? { "x-forwarded-for": forwardedFor }
          : {};
        httpRequest({ port, host: "127.0.0.1", path: "/who", agent, headers }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve(JSON.parse(body) as never));
        })
          .on("error", reject)
          .end();
      });
    try {
      const answers = [
        await ask("198.51.100.1"),
        await ask("2001:db8:1:2:3:4:5:6"),
        await ask(),
        await ask("not an address"),
      ];
      expect(new Set(answers.map((answer) => answer.port)).size).toBe(1);
      expect(answers.map(({ address, key }) => ({ address, key }))).toEqual([
        { address: "198.51.100.1", key: "198.51.100.1" },
        { address: "2001:db8:1:2:3:4:5:6", key: "2001:db8:1:2::/64" },
        { address: "127.0.0.1", key: "127.0.0.1" },
        { address: "127.0.0.1", key: "127.0.0.1" },
      ]);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
