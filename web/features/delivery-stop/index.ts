// The delivery-stop lifecycle (machines/delivery-stop, server/lifecycles/delivery): a rider's run
// sheet and the phone's outbox of marks, and the owner's and a manager's routes, run progress and
// pending cash.
export * from './delivery-stop.api';
export * from './delivery-stop.owner.api';
