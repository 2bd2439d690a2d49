/**
 * The house's import rules, checked in CI (`npm run deps`): no import loops,
 * type imports included, and no layer importing one above it. The layers,
 * from the bottom: core (the shop's rules, no I/O), platform (services and
 * SQL), theme (React), server (HTTP process and composition).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import loop ties modules together so that none can be read, tested or loaded alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-stays-pure",
      severity: "error",
      comment: "The shop's rules import nothing from the layers that use them.",
      from: { path: "^src/core/" },
      to: { path: "^src/(platform|theme|server)/" },
    },
    {
      name: "platform-below-theme",
      severity: "error",
      comment: "The platform serves the theme and knows nothing of it or of the process around it.",
      from: { path: "^src/platform/" },
      to: { path: "^src/(theme|server)/" },
    },
    {
      name: "http-at-the-edge",
      severity: "error",
      comment: "Services answer with reasons; only the HTTP routes and the in-process storefront turn them into statuses, cookies and redirects.",
      from: { path: "^src/platform/", pathNot: "^src/platform/(http|storefront)/" },
      to: { path: "^src/platform/http/" },
    },
    {
      name: "statuses-at-the-edge",
      severity: "error",
      comment: "A refusal's reason becomes an HTTP status only at the edge: the platform's HTTP routes, the in-process storefront and the theme's routes.",
      from: { path: "^src/(core|platform)/", pathNot: "^src/platform/(http|storefront)/" },
      to: { path: "^src/core/contract/refusal-status\\.ts$" },
    },
    {
      name: "theme-below-server",
      severity: "error",
      comment: "The theme renders pages; the server process composes it, not the other way round.",
      from: { path: "^src/theme/" },
      to: { path: "^src/server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(build|\\.react-router)/" },
    // Type-only imports count: a loop through types is still a loop for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
