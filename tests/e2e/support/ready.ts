import { beforeAll, inject } from 'vitest';
import { READY_PATH } from './ready-path.ts';

/**
 * Every browser test file first waits for the platform its global setup builds in the background (the web build,
 * the migrations, the demo seed): the server holds each question until it is there, for 30 s at a time. A setup
 * that failed fails the file with its reason.
 */
beforeAll(async () => {
  const url = `${inject('e2eBaseUrl')}${READY_PATH}`;
  for (;;) {
    const answer = await fetch(url);
    if (answer.status === 200) return;
    if (answer.status === 500)
      throw new Error(`The platform of the browser tests did not start:\n${await answer.text()}`);
  }
  // a bound for a hung setup: the web build and the seed take a few minutes on a loaded two-core machine
}, 20 * 60_000);
