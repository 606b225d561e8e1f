/** Answered by the browser tests' server (global-setup.ts): 200 once the platform is there, 500 with its failure. */
export const READY_PATH = '/__e2e/ready';
