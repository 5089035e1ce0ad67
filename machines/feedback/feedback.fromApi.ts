// The one mapping from a feedback as the API shows it to the feedback machine's state. The server's
// store passes its row with the attachment count it read.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { FeedbackMachine } from './feedback.machine';

export type FeedbackFacts = Pick<
  components['schemas']['Feedback'],
  'status' | 'admin_response' | 'attachment_count'
> & {
  /** As stored: only `false` disables attachments. The API's field is the machine's verdict. */
  readonly can_add_attachments: boolean | null;
};

export function feedbackFromApi(record: FeedbackFacts): Persisted<FeedbackMachine> {
  return {
    value: record.status,
    context: {
      hasResponse: record.admin_response !== null && record.admin_response.trim() !== '',
      canAddAttachments: record.can_add_attachments,
      attachmentCount: record.attachment_count,
    },
  };
}
