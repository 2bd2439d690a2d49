import { describe, expect, it } from "vitest";
import { answeringOutages } from "./outage.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("the storefront client during an outage", () => {
  const client = answeringOutages({
    shop: async () => {
      throw refused();
    },
    account: {
      customer: async () => {
        throw refused();
      },
      name: () => "sync",
    },
    broken: async () => {
      throw new Error("a fault in the request");
    },
    fine: async () => 42,
  });

  it("answers a call the database could not serve with a 503 response carrying Retry-After, at any depth", async () => {
    for (const call of [() => client.shop(), () => client.account.customer()]) {
      const thrown = await call().catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(503);
      expect((thrown as Response).headers.get("retry-after")).toBe("5");
    }
  });

  it("leaves other failures and answers as they are", async () => {
    await expect(client.broken()).rejects.toThrow("a fault in the request");
    expect(await client.fine()).toBe(42);
    expect(client.account.name()).toBe("sync");
    // The same nested object each time, so identity checks in the theme hold.
    expect(client.account).toBe(client.account);
  });
});
