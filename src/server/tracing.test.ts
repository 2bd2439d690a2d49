import { describe, expect, it } from "vitest";
import { startTracing } from "./tracing.ts";

describe("traces", () => {
  it("are off without an OTLP endpoint, and when the SDK is disabled: the work runs as it is", async () => {
    for (const env of [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: "" }, { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" }]) {
      const tracing = await startTracing(env);
      expect(tracing.enabled).toBe(false);
      const answer = new Response("ok");
      expect(await tracing.request(new Request("http://shop.test/"), "/", async () => answer)).toBe(answer);
      expect(await tracing.database("query", "select 1", async () => 1)).toBe(1);
      expect(await tracing.job("email", async () => "sent")).toBe("sent");
    }
  });
});
