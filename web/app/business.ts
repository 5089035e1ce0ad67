// The business profile the server writes into the page (server/platform/web.ts), the same as
// GET /api/business/ answers: the footer shows it in the first paint, with no request and nothing
// moving once it arrives. Absent (the Vite dev server), the footer asks the API instead.
import type { components } from '@generated/api';

export type Business = components['schemas']['Business'];

/** The id of the page's `<script type="application/json">` (a data block: CSP never runs it). */
const BUSINESS_ELEMENT_ID = 'dabba-business';

let cached: Business | null | undefined;

export function injectedBusiness(): Business | null {
  if (cached !== undefined) return cached;
  cached = null;
  const text = document.getElementById(BUSINESS_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      cached = JSON.parse(text) as Business;
    } catch {
      // A damaged block: the footer falls back to the API.
    }
  }
  return cached;
}
