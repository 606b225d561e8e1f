import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { isDevelopmentBuild, webBuildIsFresh } from './web-build.ts';

describe('findChromium', () => {
  test('uses CHROMIUM_PATH when it exists', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  test('fails with the install instruction when the browser is missing', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(/apt-get install -y chromium/);
  });

  test('runs headless without a sandbox, GPU or background traffic', () => {
    expect(CHROMIUM_ARGS).toEqual(
      expect.arrayContaining(['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic']),
    );
  });
});

describe('webBuildIsFresh', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** a checkout with one source file and, optionally, a build, each with its own modification time (s) */
  function checkout(sourceAt: number, builtAt?: number): string {
    const root = mkdtempSync(join(tmpdir(), 'web-build-'));
    dirs.push(root);
    mkdirSync(join(root, 'web/src'), { recursive: true });
    const source = join(root, 'web/src/main.tsx');
    writeFileSync(source, 'export {};');
    utimesSync(source, sourceAt, sourceAt);
    utimesSync(join(root, 'web/src'), sourceAt, sourceAt);
    utimesSync(join(root, 'web'), sourceAt, sourceAt);
    if (builtAt !== undefined) {
      mkdirSync(join(root, 'web/dist'));
      writeFileSync(join(root, 'web/dist/index.html'), '<!doctype html>');
      utimesSync(join(root, 'web/dist/index.html'), builtAt, builtAt);
    }
    return root;
  }

  test('no build yet: not fresh', () => {
    expect(webBuildIsFresh(checkout(1_000))).toBe(false);
  });

  test('a build newer than every source is fresh', () => {
    expect(webBuildIsFresh(checkout(1_000, 2_000))).toBe(true);
  });

  test('a source edited after the build makes it stale', () => {
    expect(webBuildIsFresh(checkout(3_000, 2_000))).toBe(false);
  });

  test('a changed contract the web imports makes it stale too', () => {
    const root = checkout(1_000, 2_000);
    mkdirSync(join(root, 'contracts/src'), { recursive: true });
    writeFileSync(join(root, 'contracts/src/pages.ts'), 'export {};');
    expect(webBuildIsFresh(root)).toBe(false);
  });
});

describe('isDevelopmentBuild', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function build(bundle: string): string {
    const root = mkdtempSync(join(tmpdir(), 'web-build-'));
    dirs.push(root);
    mkdirSync(join(root, 'web/dist/assets'), { recursive: true });
    writeFileSync(join(root, 'web/dist/assets/index-abc.js'), bundle);
    return root;
  }

  test('tells a development bundle (React dev JSX) from a production one', () => {
    expect(isDevelopmentBuild(build('p.jsxDEV(App,{},void 0,!1,{fileName:"app.tsx"})'))).toBe(true);
    expect(isDevelopmentBuild(build('p.jsx(App,{})'))).toBe(false);
  });
});
