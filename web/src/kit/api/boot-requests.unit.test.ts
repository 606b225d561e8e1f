import { afterEach, describe, expect, test } from 'vitest';
import {
  BOOT_ANSWERS_ELEMENT_ID,
  bootRequestUrls,
  clearBootRequests,
  startBootRequests,
  withBootRequests,
} from './boot-requests.ts';

const MENU = '/api/v1/services/app-menu';

function recordingFetch() {
  const asked: string[] = [];
  const fetchFn: typeof fetch = (input) => {
    asked.push(String(input));
    return Promise.resolve(new Response(JSON.stringify({ from: 'network' }), { status: 200 }));
  };
  return { asked, fetchFn };
}

function pageWithAnswers(inline: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_ANSWERS_ELEMENT_ID;
  script.textContent = JSON.stringify(inline);
  doc.body.appendChild(script);
  return doc;
}

afterEach(() => clearBootRequests());

describe('boot requests', () => {
  test('every boot read starts at once; a CMS path adds its route, an application screen does not', () => {
    const { asked, fetchFn } = recordingFetch();
    startBootRequests({ locale: 'en', pathname: '/about', search: '' }, fetchFn, undefined);
    expect(asked).toEqual(bootRequestUrls('/about', ''));
    expect(asked.at(-1)).toBe('/api/v1/services/routes/resolve?path=%2Fabout');
    expect(bootRequestUrls('/auth/sign-in', '')).not.toContainEqual(expect.stringContaining('resolve'));
    // an organization's public page is a screen; /organizations itself may still be a CMS page
    expect(bootRequestUrls('/organizations/demo-fab-lab', '')).not.toContainEqual(
      expect.stringContaining('resolve'),
    );
    expect(bootRequestUrls('/organizations', '')).toContainEqual(expect.stringContaining('resolve'));
  });

  test("the answers the server wrote into the page are taken instead of the network's, once", async () => {
    const { asked, fetchFn } = recordingFetch();
    const doc = pageWithAnswers({
      locale: 'en',
      answers: { [MENU]: { status: 200, body: { data: ['painted'] } } },
    });
    startBootRequests({ locale: 'en', pathname: '/about', search: '' }, fetchFn, doc);
    expect(asked).not.toContain(MENU);
    const client = withBootRequests(fetchFn);
    const first = await client(MENU);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: ['painted'] });
    // a later read is the network's
    expect(await (await client(MENU)).json()).toEqual({ from: 'network' });
  });

  test('answers written for another locale are not used', () => {
    const { asked, fetchFn } = recordingFetch();
    const doc = pageWithAnswers({ locale: 'fr', answers: { [MENU]: { status: 200, body: {} } } });
    startBootRequests({ locale: 'en', pathname: '/', search: '' }, fetchFn, doc);
    expect(asked).toContain(MENU);
  });

  test('an unreadable element is ignored: the network answers', () => {
    const { asked, fetchFn } = recordingFetch();
    const doc = pageWithAnswers('x');
    doc.getElementById(BOOT_ANSWERS_ELEMENT_ID)!.textContent = '{broken';
    startBootRequests({ locale: 'en', pathname: '/', search: '' }, fetchFn, doc);
    expect(asked).toContain(MENU);
  });
});
