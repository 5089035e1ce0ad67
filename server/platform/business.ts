// The Business of openapi.yaml: the profile GET /api/business/ answers and the web page carries
// (server/platform/web.ts), from the configuration: GET /api/business/ (resources/meta) serves it.
import type { components } from '@generated/api.js';
import type { Config } from '@server/config.js';

export function businessProfile(config: Config): components['schemas']['Business'] {
  const business = config.business;
  return {
    name: business.name,
    email: business.email,
    phone: business.phone,
    address: business.address,
    gstin: business.gstin,
    fssai: business.fssai,
    instagram: business.instagram,
    map_url: business.mapUrl,
    time_zone: config.businessTz,
  };
}
