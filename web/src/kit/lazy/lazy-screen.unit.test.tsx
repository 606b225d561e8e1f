import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, preloadScreensIn } from './lazy-screen.ts';

function Frame({ children }: { children: React.ReactNode }) {
  return <section>{children}</section>;
}

describe('lazyScreen', () => {
  it('starts the code of the screens a route’s tree names, once, without rendering them', async () => {
    let loads = 0;
    const Screen = lazyScreen(() => {
      loads += 1;
      return Promise.resolve({ default: () => <h1>Profile</h1> });
    });
    preloadScreensIn(
      <Frame>
        <Screen />
      </Frame>,
    );
    expect(loads).toBe(1);
    render(
      <Suspense fallback="loading">
        <Frame>
          <Screen />
        </Frame>
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const Screen = lazyScreen(() => {
      loads += 1;
      return loads === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ default: () => <h1>Back</h1> });
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    preloadScreensIn(<Screen />);
    expect(loads).toBe(2);
    render(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Back' })).toBeTruthy();
    expect(loads).toBe(2);
  });

  it('leaves text, functions and plain elements alone', () => {
    expect(() => preloadScreensIn(['text', null, <p key="p">plain</p>, 3])).not.toThrow();
  });
});
