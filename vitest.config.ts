import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Test files run at least two at a time: the default keeps one core free, which on two cores is one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: ["src/**/*.integration.test.ts"],
          environment: "node",
          // Property tests run hundreds of cases: a loaded machine must not fail them on time alone.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["src/**/*.integration.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ["tests/integration/global-setup.ts"],
        },
      },
    ],
  },
});
