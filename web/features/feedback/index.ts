// The feedback lifecycle (machines/feedback, server/lifecycles/feedback): the customer's feedback
// and photos and the owner's responses, their data hooks.
export * from './feedback.api';
