import { Suspense, type ReactNode } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import {
  TrainingResourceRequestsContent,
  TrainingResourcesContent,
  TrainingResourcesSearch,
  TrainingsContent,
  type TrainingsMessages,
} from '../../../trainings/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * The trainings' blocks (seed 000 §2.8): each with its title above its list; at its sub-route (§2.6) the record's
 * page in place of the list and the title.
 */
function TrainingsSection({
  title,
  children,
}: {
  title: string;
  children: (where: { basePath: string; segment: string | null; headingLevel: 2 | 3 }) => ReactNode;
}) {
  const t = useT<TrainingsMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  return (
    <Inner>
      {title && !segment ? <BlockTitle>{title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('trainings.loading')} />}>
        {children({ basePath, segment, headingLevel: title ? 3 : 2 })}
      </Suspense>
    </Inner>
  );
}

/** training resources: the list with search, theme, type and tag filters; {path}/{resource}, {path}/reviews/{review}. */
export function TrainingResourcesBlock({ props }: { props: ComponentProps<'training-resources'> }) {
  return (
    <TrainingsSection title={props.title}>
      {(where) => <TrainingResourcesContent {...where} theme={props.theme} />}
    </TrainingsSection>
  );
}

/** selected resources: those an editor picked, in their order; the same sub-routes. */
export function SelectedTrainingResourcesBlock({
  props,
}: {
  props: ComponentProps<'selected-training-resources'>;
}) {
  return (
    <TrainingsSection title={props.title}>
      {(where) => <TrainingResourcesContent {...where} ids={props.resources} />}
    </TrainingsSection>
  );
}

/** training resources search: a search box and a theme filter; at another component's sub-route it steps aside. */
export function TrainingResourcesSearchBlock({
  props,
}: {
  props: ComponentProps<'training-resources-search'>;
}) {
  const [location] = useLocation();
  const { segment } = useCmsSubRoute(location);
  if (segment) return null;
  return (
    <TrainingsSection title={props.title}>
      {({ headingLevel }) => (
        <TrainingResourcesSearch presetTheme={props.theme} headingLevel={headingLevel} />
      )}
    </TrainingsSection>
  );
}

/** training resource requests: the requests and a member's new one; {path}/{request}. */
export function TrainingResourceRequestsBlock({
  props,
}: {
  props: ComponentProps<'training-resource-requests'>;
}) {
  return (
    <TrainingsSection title={props.title}>
      {(where) => <TrainingResourceRequestsContent {...where} />}
    </TrainingsSection>
  );
}

/** selected requests: those an editor picked, in their order; {path}/{request}. */
export function SelectedTrainingResourceRequestsBlock({
  props,
}: {
  props: ComponentProps<'selected-training-resource-requests'>;
}) {
  return (
    <TrainingsSection title={props.title}>
      {(where) => <TrainingResourceRequestsContent {...where} ids={props.requests} />}
    </TrainingsSection>
  );
}

/** trainings: the published trainings; a training with its sessions at {path}/{id}. */
export function TrainingsBlock({ props }: { props: ComponentProps<'trainings'> }) {
  return (
    <TrainingsSection title={props.title}>{(where) => <TrainingsContent {...where} />}</TrainingsSection>
  );
}

/** selected trainings: those an editor picked, in their order; {path}/{id}. */
export function SelectedTrainingsBlock({ props }: { props: ComponentProps<'selected-trainings'> }) {
  return (
    <TrainingsSection title={props.title}>
      {(where) => <TrainingsContent {...where} ids={props.trainings} />}
    </TrainingsSection>
  );
}
