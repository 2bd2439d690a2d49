import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Both cores: test files run two at a time (the default keeps one core free, which on two cores is one file at a time).
    maxWorkers: 2,
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
