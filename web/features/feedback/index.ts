// The feedback lifecycle (machines/feedback, server/lifecycles/feedback): the customer's form, a
// photo's dialog and thumbnail, and the data hooks of the customer's feedback and the owner's
// responses.
export * from './feedback.api';
export { AttachmentDialog, canAddAttachment } from './AttachmentDialog';
export { AttachmentPhoto } from './AttachmentPhoto';
export { FeedbackForm } from './FeedbackForm';
