import { describe, expect, it } from "vitest";
import { addressGroup } from "./rate-limits.ts";

describe("the address a limit counts", () => {
  it("counts an IPv4 address whole, and an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as that /64, however it is written", () => {
    const group = "2001:db8:ab:cd::/64";
    expect(addressGroup("2001:db8:ab:cd::1")).toBe(group);
    expect(addressGroup("2001:0db8:00ab:00cd:ffff:ffff:ffff:fffe")).toBe(group);
    expect(addressGroup("[2001:DB8:AB:CD:1:2:3:4]")).toBe(group);
    expect(addressGroup("2001:db8:ab:cd:0:0:1.2.3.4")).toBe(group);
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("2001:db8:ab:ce::1")).not.toBe(group);
  });

  it("answers a group unchanged, and anything that is no address as given", () => {
    expect(addressGroup(addressGroup("2001:db8:ab:cd::9"))).toBe("2001:db8:ab:cd::/64");
    expect(addressGroup("unknown")).toBe("unknown");
    expect(addressGroup("2001:db8::zz")).toBe("2001:db8::zz");
  });
});
