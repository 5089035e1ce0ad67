// Health and the business profile shown in the web footer and contact page.
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { Handlers } from '../http.js';

export function metaHandlers(ctx: AppContext): Handlers {
  return {
    async getHealth() {
      try {
        await sql`select 1`.execute(ctx.db.kysely);
      } catch {
        throw new ApiError(503, { detail: 'The database is unavailable.', code: 'unavailable' });
      }
      return { status: 'ok', database: ctx.db.dialect, version: '1.0.0' };
    },
    async getBusiness() {
      const business = ctx.config.business;
      return {
        name: business.name,
        email: business.email,
        phone: business.phone,
        address: business.address,
        gstin: business.gstin,
        instagram: business.instagram,
        map_url: business.mapUrl,
        description:
          'We provide mess and tiffin services with flexible subscription plans: fresh, home-style meals at the mess or delivered to your door.',
      };
    },
  };
}
