export * from './onboarding.machine';
export * from './onboarding.messages';
export * from './onboarding.routes';
export * from './onboarding.rules';
export * from './onboarding.types';
