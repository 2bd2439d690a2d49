import { createContext } from "react-router";
import type { AdminClient } from "../../core/admin/admin.ts";

/** The back office's client for the request being rendered, bound to the staff member's session; set by the server for every page request. */
export const adminContext = createContext<AdminClient>();
