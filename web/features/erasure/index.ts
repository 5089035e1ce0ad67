// The erasure lifecycle (machines/erasure, server/lifecycles/erasure): the customer's request to
// erase the account and the owner's erasure requests, their data hooks.
export * from './erasure.api';
