import { describe, expect, it } from "vitest";
import { mailboxAccess } from "./mailbox.ts";

describe("mailboxAccess", () => {
  it("opens the mailbox to everyone outside production", () => {
    expect(mailboxAccess({ HOST: "0.0.0.0", NODE_ENV: "development" })).toBe("everyone");
    expect(mailboxAccess({ HOST: "127.0.0.1", NODE_ENV: "test" })).toBe("everyone");
  });

  it("in production, opens it to this machine only when the shop listens on loopback", () => {
    for (const HOST of ["127.0.0.1", "localhost", "LOCALHOST", "::1", "[::1]", "127.0.0.2"]) expect(mailboxAccess({ HOST, NODE_ENV: "production" })).toBe("this-machine");
  });

  it("in production on any other address, serves it to nobody", () => {
    for (const HOST of ["0.0.0.0", "::", "192.168.1.10", "shop.example", "localhost.shop.example", "127.0.0.1.nip.io"]) {
      expect(mailboxAccess({ HOST, NODE_ENV: "production" })).toBe("nobody");
    }
  });
});
