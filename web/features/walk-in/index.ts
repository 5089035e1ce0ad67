// The walk-in lifecycle (machines/walk-in, server/lifecycles/walk-in): the owner's dialog that
// enrols a customer at the counter, the claim hooks a walk-in uses to take over the account
// (web/pages/claim), the owner's view of a walk-in's claim link (and a new one), and how an e-mail
// address (or a walk-in's none) shows in the owner's tables.
export * from './walk-in.api';
export { ClaimLink } from './ClaimLink';
export { EmailAddress } from './EmailAddress';
export { WalkInDialog } from './WalkInDialog';
