// Feedback for the owner: list, show one, respond and mark it resolved or closed.
import type { components, operations } from '../../generated/api';
import { feedbackFromApi, feedbackMachine } from '@machines/feedback';
import { decide, type Decision } from '@machines/shared';
import type { Api } from './api';
import { byId, unwrap } from './api';
import { allPages } from './paging';

export type Feedback = components['schemas']['Feedback'];
export type FeedbackFilters = Pick<
  NonNullable<operations['adminListFeedback']['parameters']['query']>,
  'status' | 'priority' | 'feedback_type' | 'search'
>;
export type FinalStatus = 'resolved' | 'closed';

export async function listFeedback(api: Api, filters: FeedbackFilters = {}): Promise<Feedback[]> {
  return allPages(api, 'The feedback', (page) =>
    api.client.GET('/feedback/admin/feedback/', { params: { query: { ...filters, ...page } } }),
  );
}

export async function unansweredFeedback(api: Api): Promise<Feedback[]> {
  return unwrap(
    api,
    api.client.GET('/feedback/admin/feedback/pending_responses/'),
    'The unanswered feedback',
  );
}

export async function getFeedback(api: Api, id: number): Promise<Feedback> {
  return unwrap(api, api.client.GET('/feedback/admin/feedback/{id}/', byId(id)), `Feedback ${id}`);
}

/** What the feedback machine says about responding with `status`, without changing anything. */
export function previewResponse(
  feedback: Feedback,
  message: string,
  status: FinalStatus,
): Decision<typeof feedbackMachine> {
  return decide(feedbackMachine, feedbackFromApi(feedback), {
    type: 'feedback.set_status',
    status,
    response: message,
  });
}

export async function respondToFeedback(
  api: Api,
  id: number,
  message: string,
  status: FinalStatus,
): Promise<Feedback> {
  return unwrap(
    api,
    api.client.POST('/feedback/admin/feedback/{id}/respond/', {
      params: { path: { id } },
      body: { admin_response: message, status },
    }),
    `Feedback ${id}`,
    'feedback.set_status',
  );
}
