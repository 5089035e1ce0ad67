// The product's lifecycles and their rules, shared by the server, the web app and the CLI.
export * from './shared';
export * from './session';
export * from './onboarding';
export * from './subscription';
export * from './payment';
export * from './order';
export * from './leave';
export * from './feedback';
export * from './refund';
export * from './settings';
export * from './meal-skip';
export * from './closed-day';
export * from './payment-link';
export * from './export';
export * from './menu';
export * from './kitchen';
export * from './status-labels';
