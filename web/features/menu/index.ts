// The menu (machines/menu): the week's menu anyone reads, the owner's edits and a customer's diet,
// and the last menu kept on the device for offline use.
export * from './menu.api';
