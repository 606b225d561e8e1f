import { CreateSubject } from './create-subject.tsx';
import { ForumList } from './forum-list.tsx';
import { SubjectPage } from './subject-page.tsx';

export type { ForumMessages } from './forum-ui.tsx';

/** The segment of {path}/create, where a member opens a subject (seed 001 §2). */
export const CREATE_SEGMENT = 'create';

/**
 * The forum component (seed 000 §2.8): the categories and subjects at the page's path, a subject at {path}/{id},
 * and the new subject's form at {path}/create.
 */
export function ForumContent({
  basePath,
  segment,
  category = null,
  headingLevel = 2,
}: {
  basePath: string;
  segment?: string | null;
  category?: string | null;
  headingLevel?: 2 | 3;
}) {
  if (segment === CREATE_SEGMENT) return <CreateSubject basePath={basePath} />;
  if (segment) return <SubjectPage key={segment} basePath={basePath} subjectId={segment} />;
  return <ForumList basePath={basePath} presetCategory={category} headingLevel={headingLevel} />;
}
