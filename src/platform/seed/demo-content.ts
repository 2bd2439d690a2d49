/** The demo shop's written content: its pages, the journal and the policies. */
import { demoArticles } from "./demo-journal.ts";
import { demoPages } from "./demo-pages.ts";
import { demoPolicies } from "./demo-policies.ts";
import { frenchContent } from "./fr-FR/content.ts";
import { frenchSettings } from "./fr-FR/settings.ts";
import type { SeedContent } from "./types.ts";

export const demoContent: SeedContent = {
  pages: demoPages,
  blog: {
    handle: "journal",
    title: "The Journal",
    description: "Notes from the studio: ingredients explained, routines that work, and what we have learned making skincare in Cornwall.",
    articles: demoArticles,
  },
  policies: demoPolicies,
  translations: { "fr-FR": { ...frenchContent, settings: frenchSettings } },
};
