import { ipv6Network } from "@/lib/auth/client-ip";
import { applyTrustedForwarding, clientAddressOf } from "@/lib/http/forwarding";

describe("clientAddressOf", () => {
  it("uses the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("198.51.100.7", "203.0.113.1, 203.0.113.2", 0)).toBe("198.51.100.7");
    expect(clientAddressOf("::ffff:198.51.100.7", undefined, 0)).toBe("198.51.100.7");
  });

  it("believes one entry per trusted hop, counted from the right", () => {
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7");
    // Fewer entries than hops: the leftmost there is (a misconfiguration, never a client's choice beyond it).
    expect(clientAddressOf("10.0.0.2", undefined, 3)).toBe("10.0.0.2");
  });

  it("drops every forwarding header a client wrote when no proxy is trusted", () => {
    const headers = {
      "x-forwarded-for": "6.6.6.6",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-real-ip": "6.6.6.6",
      forwarded: "for=6.6.6.6",
    };
    applyTrustedForwarding(headers, "198.51.100.7", 0);
    expect(headers).toEqual({ "x-forwarded-for": "198.51.100.7" });
  });
});

describe("ipv6Network", () => {
  it.each([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0db8:0001:0002::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("puts %s in %s", (address, network) => {
    expect(ipv6Network(address)).toBe(network);
  });
});
