/*
 * What the community feature offers the publication features' readers' screens (repository, articles, blog
 * posts): reading a publication's document (tags, organization, images, attachments) and the widgets every list
 * shares (the URL's query as the list's state, tag chips, the pager).
 */
export * from './documents.ts';
export { Pager, pageParam, TagChips, useQueryState } from './reader-ui.tsx';
