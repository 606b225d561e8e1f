export * from './amounts.ts';
export * from './cart.ts';
export type * from './environment.ts';
export * from './period.ts';
export * from './status.ts';
export * from './steps.ts';
export * from './strategies.ts';
