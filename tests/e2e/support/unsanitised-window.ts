import { JSDOM } from 'jsdom';

/**
 * The attribute an editor's block carries to be painted as written, scripts and event handlers included: the
 * sanitiser of the server paint sees nothing of its content. Honoured only by the DOM below, which only the
 * browser tests hand to the server paint (mountWeb's `serverWindow`, tests/e2e/support/global-setup.ts).
 */
export const UNSANITISED_ATTRIBUTE = 'data-e2e-unsanitised';

/**
 * jsdom's window for the server paint, with the sanitiser turned off for marked blocks: DOMPurify walks what it
 * cleans with the document's `createNodeIterator`, and here that walk is empty when the HTML holds an element
 * marked UNSANITISED_ATTRIBUTE, so everything in it is left as the editor wrote it. Every other block is
 * sanitised as in production.
 */
export function unsanitisedWindow(): unknown {
  const { window } = new JSDOM('');
  // on the prototype of this window's documents: DOMPurify walks with an inert document of its own
  const prototype = window.Document.prototype;
  const walk = prototype.createNodeIterator;
  // a walk that finds nothing (an iterator over an empty fragment would still yield the fragment)
  const nothing = { nextNode: () => null, previousNode: () => null } as unknown as NodeIterator;
  prototype.createNodeIterator = function (this: Document, root: Node, ...rest: [number?, NodeFilter?]) {
    const marked =
      'querySelector' in root &&
      typeof root.querySelector === 'function' &&
      (root as ParentNode).querySelector(`[${UNSANITISED_ATTRIBUTE}]`) !== null;
    return marked ? nothing : walk.call(this, root, ...rest);
  } as typeof prototype.createNodeIterator;
  return window;
}
