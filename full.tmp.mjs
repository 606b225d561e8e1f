import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext({ viewport: { width: +(process.env.W ?? 1280), height: 900 } });
await ctx.addInitScript(() => localStorage.setItem('cookies-consent', JSON.stringify({ essentials: true, youtube: false, vimeo: false })));
const p = await ctx.newPage();
await p.goto('http://localhost:3000' + process.argv[2]);
await p.waitForTimeout(2500);
await p.screenshot({ path: `/work/scratch/full-${process.env.W ?? 1280}${process.argv[2].replace(/\W+/g, '_')}.png`, fullPage: true });
await b.close();
