// Plans for the owner: list (with inactive ones), create, edit and archive.
import type { components } from '../../generated/api';
import type { Api } from './api';
import { byId, unwrap } from './api';

export type Plan = components['schemas']['Plan'];
export type PlanInput = components['schemas']['PlanInput'];
export type PlanPatch = components['schemas']['PlanPatch'];

export async function listPlans(
  api: Api,
  options: { includeInactive: boolean; service?: Plan['service_type'] },
): Promise<Plan[]> {
  return unwrap(
    api,
    api.client.GET('/subscriptions/plans/', {
      params: {
        query: {
          include_inactive: options.includeInactive,
          ...(options.service ? { service_type: options.service } : {}),
        },
      },
    }),
    'The plans',
  );
}

export async function getPlan(api: Api, id: number): Promise<Plan> {
  return unwrap(api, api.client.GET('/subscriptions/plans/{id}/', byId(id)), `Plan ${id}`);
}

export async function createPlan(api: Api, input: PlanInput): Promise<Plan> {
  return unwrap(api, api.client.POST('/subscriptions/plans/', { body: input }), 'The new plan');
}

export async function updatePlan(api: Api, id: number, patch: PlanPatch): Promise<Plan> {
  return unwrap(
    api,
    api.client.PATCH('/subscriptions/plans/{id}/', { params: { path: { id } }, body: patch }),
    `Plan ${id}`,
  );
}

/** Deletes a plan nobody subscribed to, archives (deactivates) one with subscriptions. */
export async function archivePlan(api: Api, id: number): Promise<void> {
  await unwrap(api, api.client.DELETE('/subscriptions/plans/{id}/', byId(id)), `Plan ${id}`);
}
