// The feedback lifecycle's reads and writes: the customer's feedback, its photos and counts, and
// sending one; the owner's list, responses, counts and recent activity.
import type { components } from '@generated/api';
import { apiFetch, type ApiPath } from '@web/api/call';
import { PAGE_SIZE, statusFilter } from '@web/api/paging';
import { byId, useApiMutation, useApiPage, useApiQuery } from '@web/api/query';
import { CUSTOMER_READ, OWNER_READ, useApiScope } from '@web/api/scope';

type Schemas = components['schemas'];
export type Feedback = Schemas['Feedback'];
export type AdminFeedback = Schemas['Feedback'];
export type FeedbackStatus = AdminFeedback['status'];

const FEEDBACK = '/feedback/' satisfies ApiPath<'get'>;

// ---- the customer's ----

export const useFeedbackList = () => useApiQuery('/feedback/', undefined, CUSTOMER_READ);

/**
 * An attachment's image. The file needs the bearer token, so it is fetched as a Blob and shown
 * through an object URL (web/lib/useObjectUrl.ts) rather than a plain <img src>.
 */
export const useAttachmentImage = (id: number) =>
  useApiQuery(
    '/feedback/attachments/{id}/file/',
    { params: { path: { id } }, parseAs: 'blob' },
    // A stored photo never changes: a new one gets a new id.
    { staleTime: Infinity },
  );

/** A 404 counts as total_feedbacks 0, not as an error. */
export const useFeedbackStats = () =>
  useApiQuery('/feedback/my_stats/', undefined, {
    ...CUSTOMER_READ,
    notFound: {
      total_feedbacks: 0,
      open_feedbacks: 0,
      resolved_feedbacks: 0,
      closed_feedbacks: 0,
      average_rating: null,
    },
  });

export const useCreateFeedback = () =>
  useApiMutation('post', '/feedback/', {
    init: (body: Schemas['FeedbackCreate']) => ({ body }),
    refreshes: [FEEDBACK],
  });

export const useUploadAttachment = () =>
  useApiMutation('post', '/feedback/{id}/add_attachment/', {
    init: ({ id, file }: { id: number; file: File }) => ({
      ...byId(id),
      // The contract types the file as a string; the browser sends the File itself.
      body: { file: file as unknown as string },
      bodySerializer: (body: { file: string }) => {
        const form = new FormData();
        form.append('file', body.file as unknown as File);
        return form;
      },
    }),
    refreshes: [FEEDBACK],
  });

// ---- the owner's ----

export const useFeedbackDashboardStats = () =>
  useApiQuery('/feedback/admin/feedback/dashboard_stats/', undefined, OWNER_READ);

export const useRecentActivity = () =>
  useApiQuery('/feedback/admin/feedback/recent_activity/', undefined, OWNER_READ);

export const useAdminFeedback = (status: FeedbackStatus | 'all', offset: number) =>
  useApiPage(
    '/feedback/admin/feedback/',
    { params: { query: { ...statusFilter(status, 'all'), limit: PAGE_SIZE, offset } } },
    OWNER_READ,
  );

export const useRespondFeedback = () =>
  useApiMutation('post', '/feedback/admin/feedback/{id}/respond/', {
    init: ({
      id,
      response,
      status,
    }: {
      id: number;
      response: string;
      status: 'resolved' | 'closed';
    }) => ({ ...byId(id), body: { admin_response: response, status } }),
    refreshes: 'all',
  });

/** An attachment's image as a blob: URL (the file needs the bearer token, so no plain <img src>). */
export function useAttachmentBlob() {
  const { api } = useApiScope();
  return async (id: number): Promise<string> =>
    URL.createObjectURL(
      await apiFetch(api, 'get', '/feedback/attachments/{id}/file/', {
        ...byId(id),
        parseAs: 'blob',
      }),
    );
}
