import { useRef } from 'react';
import type { ShowActionsProps } from '../../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../../kit/admin/resources/paths.ts';
import { includedRecord, relatedTitle } from '../../../kit/admin/resources/record-title.ts';
import { ActionBar } from '../../../kit/admin/resources/resource-ui.tsx';
import { ButtonLink } from '../../../kit/ui/link.tsx';
import { DecisionButtons } from './decision-buttons.tsx';
import { useDeskT } from './desk-ui.ts';
import { focusSoon, itemOfRequest, requestDecisions } from './publication-facts.ts';

/**
 * On a publication request's screen: the way to its item and to the item's full history (where the request and its
 * decision are told beside every change), and, for the publishers while it is pending, Accept and Refuse.
 */
export function RequestActions({ record, included, viewer, reload, onError }: ShowActionsProps) {
  const t = useDeskT();
  const heading = useRef<HTMLHeadingElement>(null);
  const item = itemOfRequest(record);
  if (!item) return null;
  const found = includedRecord(item.type, item.id, included);
  const itemTitle = relatedTitle(item.type, item.id, found?.attributes);
  const decisions = requestDecisions(record, found?.attributes, viewer);
  return (
    <section aria-labelledby="publication-request-item">
      <h2 id="publication-request-item" ref={heading} tabIndex={-1}>
        {t('publications.desk.request.heading')}
      </h2>
      <ActionBar>
        <ButtonLink variant="secondary" href={resourcePaths.show(item.type, item.id)}>
          {t('publications.desk.openItem', { title: itemTitle })}
        </ButtonLink>
        <ButtonLink variant="secondary" href={resourcePaths.history(item.type, item.id)}>
          {t('publications.desk.itemHistory', { title: itemTitle })}
        </ButtonLink>
        {decisions.length ? (
          <DecisionButtons
            item={item}
            itemTitle={itemTitle}
            requestId={record.id}
            decisions={decisions}
            reload={reload}
            onError={onError}
            onDecided={() => focusSoon(heading.current)}
          />
        ) : null}
      </ActionBar>
    </section>
  );
}
