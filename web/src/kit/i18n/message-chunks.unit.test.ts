import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MESSAGE_FOLDERS, messageChunkOf } from './message-chunks.ts';

/** every English message file of the web, as paths from web/src */
const englishFiles = Object.keys(import.meta.glob('../../**/messages/en.json')).map((key) =>
  key.startsWith('./') ? `kit/i18n/${key.slice(2)}` : key.slice('../../'.length),
);

describe('message chunks', () => {
  it('puts the first screen’s files of a locale in one chunk and every other module’s in a second', () => {
    expect(messageChunkOf('/x/web/src/kit/i18n/messages/fr.json')).toBe('messages-first-fr');
    expect(messageChunkOf('/x/web/src/frame/lazy/messages/fr.json')).toBe('messages-first-fr');
    expect(messageChunkOf('/x/web/src/features/accounts/account-menu/messages/da.json')).toBe(
      'messages-first-da',
    );
    expect(messageChunkOf('/x/web/src/features/accounts/auth/messages/da.json')).toBe('messages-da');
    expect(messageChunkOf('/x/web/src/features/surveys/messages/ro.json')).toBe('messages-first-ro');
    expect(messageChunkOf('/x/web/src/features/accounts/profile/messages/da.json')).toBe('messages-da');
    expect(messageChunkOf('/x/web/src/kit/admin/messages/en.json?import')).toBe('messages-en');
  });

  it('leaves every other module to the build', () => {
    expect(messageChunkOf('/x/web/src/features/accounts/profile/profile-screen.tsx')).toBeUndefined();
    expect(messageChunkOf('/x/node_modules/some-lib/messages/en.json')).toBeUndefined();
    expect(messageChunkOf('/x/web/src/kit/i18n/messages.json')).toBeUndefined();
  });

  it('names first-screen folders that hold message files, and gives every file a chunk', () => {
    for (const folder of FIRST_SCREEN_MESSAGE_FOLDERS) expect(englishFiles).toContain(`${folder}en.json`);
    expect(englishFiles.length).toBeGreaterThan(10);
    const first = FIRST_SCREEN_MESSAGE_FOLDERS.length;
    const chunks = englishFiles.map((file) => messageChunkOf(`/x/web/src/${file}`));
    expect(chunks.filter((c) => c === 'messages-first-en')).toHaveLength(first);
    expect(chunks.filter((c) => c === 'messages-en')).toHaveLength(englishFiles.length - first);
  });
});
