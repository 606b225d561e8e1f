import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium, findChromium, type ChromiumHost } from './chromium.ts';
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

describe('ensureChromium', () => {
  /** a machine with the given files, whose apt-get installs chromium when `aptWorks` */
  function machine(options: { files: string[]; isRoot: boolean; sudo?: boolean; aptWorks?: boolean }) {
    const files = new Set(options.files);
    const runs: string[] = [];
    const lines: string[] = [];
    const host: ChromiumHost = {
      exists: (path) => files.has(path),
      run(command, args, env) {
        runs.push([command, ...args].join(' ') + (env?.DEBIAN_FRONTEND ? ` (${env.DEBIAN_FRONTEND})` : ''));
        if (command === 'sudo' && args.join(' ') === '-n true') return options.sudo ?? false;
        if (args.includes('install') && options.aptWorks) files.add('/usr/bin/chromium');
        return options.aptWorks ?? false;
      },
      isRoot: options.isRoot,
      log: (line) => lines.push(line),
    };
    return { host, runs, lines };
  }

  test('uses an installed Chromium without installing anything', () => {
    const m = machine({ files: ['/usr/bin/chromium', '/usr/bin/apt-get'], isRoot: true });
    expect(ensureChromium({}, m.host)).toBe('/usr/bin/chromium');
    expect(m.runs).toEqual([]);
  });

  test("installs Debian's chromium through apt-get as root, and says so", () => {
    const m = machine({ files: ['/usr/bin/apt-get'], isRoot: true, aptWorks: true });
    expect(ensureChromium({}, m.host)).toBe('/usr/bin/chromium');
    expect(m.runs).toEqual([
      'apt-get update -qq (noninteractive)',
      'apt-get install -y -qq chromium (noninteractive)',
    ]);
    expect(m.lines[0]).toMatch(
      /installing Debian's chromium package \(apt-get update && apt-get install -y chromium\)/,
    );
  });

  test('installs through a sudo that asks no password when not root', () => {
    const m = machine({ files: ['/usr/bin/apt-get'], isRoot: false, sudo: true, aptWorks: true });
    expect(ensureChromium({}, m.host)).toBe('/usr/bin/chromium');
    expect(m.runs).toEqual([
      'sudo -n true',
      'sudo -n apt-get update -qq (noninteractive)',
      'sudo -n apt-get install -y -qq chromium (noninteractive)',
    ]);
  });

  test('fails with the one command that fixes it when it cannot install', () => {
    const fix = /sudo apt-get install -y chromium/;
    const noRoot = machine({ files: ['/usr/bin/apt-get'], isRoot: false, sudo: false });
    expect(() => ensureChromium({}, noRoot.host)).toThrow(fix);
    const noApt = machine({ files: [], isRoot: true });
    expect(() => ensureChromium({}, noApt.host)).toThrow(fix);
    const aptFails = machine({ files: ['/usr/bin/apt-get'], isRoot: true, aptWorks: false });
    expect(() => ensureChromium({}, aptFails.host)).toThrow(/apt-get could not install it/);
    const off = machine({ files: ['/usr/bin/apt-get'], isRoot: true, aptWorks: true });
    expect(() => ensureChromium({ CHROMIUM_INSTALL: 'false' }, off.host)).toThrow(fix);
    expect(off.runs).toEqual([]);
  });

  test('uses CHROMIUM_PATH, and never installs over it', () => {
    const m = machine({ files: ['/opt/chrome', '/usr/bin/apt-get'], isRoot: true, aptWorks: true });
    expect(ensureChromium({ CHROMIUM_PATH: '/opt/chrome' }, m.host)).toBe('/opt/chrome');
    expect(() => ensureChromium({ CHROMIUM_PATH: '/nowhere' }, m.host)).toThrow(/CHROMIUM_PATH/);
    expect(m.runs).toEqual([]);
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
