import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/theme",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
