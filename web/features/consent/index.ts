// The consent lifecycle (machines/consent, server/lifecycles/consent): the customer page's card of
// a customer's consents, which the owner records and withdraws, and its hooks.
export * from './consent.api';
export { ConsentCard } from './ConsentCard';
