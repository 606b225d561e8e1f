import { COMPONENT_TYPES, isComponentType, type ComponentType } from '@platform/contracts/pages/components';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Notice, useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../../kit/ui/confirm-dialog.tsx';
import { Select } from '../../../kit/ui/select.tsx';
import { VisuallyHidden } from '../../../kit/ui/visually-hidden.tsx';
import { ComponentForm, propsNode, type ComponentValues } from './component-form.tsx';
import { componentTitle, renumbered } from './component-summary.ts';
import { usePageEditorT } from './messages.ts';
import { pagesApi, type PageComponent } from './pages-api.ts';
import { humanize } from './props-fields.tsx';
import { initialProps } from './props-model.ts';
import { focusAfterMove, moveComponent, type Direction } from './reorder.ts';
import { isStaleVersion, type PageCommand } from './use-page-editor.ts';

const Blocks = styled.ol`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Block = styled.li`
  padding: 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }
  h3:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

const NewBlock = styled.section`
  margin: 1rem 0;
  padding: 1rem;
  border-radius: 0.5rem;
  border: 2px dashed ${({ theme }) => theme.colors.border};
  min-width: 0;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.125rem;
  }
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 1rem;
  > :first-child {
    min-width: min(16rem, 100%);
  }
  button {
    margin-bottom: 1.25rem;
  }
`;

/** the focus target of the blocks' heading, after a block was added or removed */
const HEADING = 'heading';

/** the id of a block's button (`<component id>:up`), to give it the focus back after a move or an edit */
const buttonId = (key: string) => `block-${key.replace(':', '-')}`;

/** A component type's name in the editor's language. */
export function useTypeLabel() {
  const lookup = useMessageLookup();
  return (name: string) => lookup(`pageEditor.type.${name}`) ?? humanize(name);
}

interface Props {
  pageId: string;
  components: PageComponent[];
  editable: boolean;
  run: (command: PageCommand) => Promise<unknown>;
  /** shows a new order at once, before the server's answer */
  showComponents: (components: PageComponent[]) => void;
  /** reads the page again (after a refused command) */
  refresh: () => void;
}

/**
 * The page's components in order (seed 000 §2.8): each one moved up or down by keyboard (its new position
 * announced), edited with the form generated from its type's props schema, removed after a confirmation; a new
 * one of a chosen type added at the end.
 */
export function ComponentsEditor({ pageId, components, editable, run, showComponents, refresh }: Props) {
  const t = usePageEditorT();
  const api = useApi();
  const toast = useToast();
  const errorText = useAdminErrorText();
  const typeLabel = useTypeLabel();
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PageComponent | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [newType, setNewType] = useState<ComponentType>(COMPONENT_TYPES[0]!);
  const [adding, setAdding] = useState<ComponentType | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === HEADING) {
      heading.current?.focus();
      setFocusTarget(null);
      return;
    }
    const element = document.getElementById(buttonId(focusTarget));
    if (element) {
      element.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, components, editing]);

  const nameOf = (c: PageComponent) => {
    const title = componentTitle(c);
    const type = typeLabel(c.attributes.name);
    return title ? t('pageEditor.components.named', { type, title }) : type;
  };
  const failed = (error: unknown) => {
    setProblem(errorText(error));
    // the page as it is now (a move shown before the server refused it is undone), unless it changed elsewhere:
    // then the editor says so and the reader reloads
    if (!isStaleVersion(error)) refresh();
  };

  const move = (component: PageComponent, direction: Direction) => {
    const result = moveComponent(
      components.map((c) => ({ id: c.id, position: c.attributes.position, component: c })),
      component.id,
      direction,
    );
    if (!result) return;
    setProblem(null);
    showComponents(renumbered(result.components.map((entry) => entry.component)));
    const count = components.length;
    setAnnouncement(
      t('pageEditor.components.moved', { name: nameOf(component), position: result.to + 1, count }),
    );
    setFocusTarget(`${component.id}:${focusAfterMove(direction, result.to, count)}`);
    run((version) =>
      pagesApi.updateComponent(api, pageId, component.id, version, { position: result.to }),
    ).catch(failed);
  };

  const save = (component: PageComponent) => async (values: ComponentValues) => {
    await run((version) => pagesApi.updateComponent(api, pageId, component.id, version, values));
    setEditing(null);
    setFocusTarget(`${component.id}:edit`);
    toast(t('pageEditor.components.saved', { name: nameOf(component) }), 'success');
  };

  const add = (type: ComponentType) => async (values: ComponentValues) => {
    await run((version) => pagesApi.addComponent(api, pageId, version, { name: type, ...values }));
    setAdding(null);
    const message = t('pageEditor.components.added', {
      type: typeLabel(type),
      position: components.length + 1,
    });
    toast(message, 'success');
    setFocusTarget(HEADING);
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    const name = nameOf(removing);
    try {
      await run((version) => pagesApi.removeComponent(api, pageId, removing.id, version));
      setRemoving(null);
      toast(t('pageEditor.components.removed', { name }), 'success');
      setFocusTarget(HEADING);
    } catch (error) {
      setRemoving(null);
      failed(error);
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <section aria-labelledby="page-editor-blocks">
      <h2 id="page-editor-blocks" ref={heading} tabIndex={-1}>
        {t('pageEditor.components.title')}
      </h2>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {problem ? (
        <div role="alert">
          <Notice $tone="error">{problem}</Notice>
        </div>
      ) : null}
      {components.length === 0 ? <p>{t('pageEditor.components.none')}</p> : null}
      <Blocks aria-labelledby="page-editor-blocks">
        {components.map((c, index) => {
          const name = nameOf(c);
          const open = editing === c.id;
          const formId = `block-form-${c.id}`;
          const known = isComponentType(c.attributes.name);
          return (
            <Block key={c.id}>
              <h3>
                {t('pageEditor.components.position', { position: index + 1, count: components.length })}{' '}
                {name}
              </h3>
              {c.attributes.viewId ? (
                <p>{t('pageEditor.components.sectionId', { id: c.attributes.viewId })}</p>
              ) : null}
              {!known ? <p>{t('pageEditor.components.unknownType')}</p> : null}
              {editable ? (
                <div className="actions">
                  {known ? (
                    <Button
                      id={buttonId(`${c.id}:edit`)}
                      size="small"
                      variant="secondary"
                      aria-expanded={open}
                      aria-controls={open ? formId : undefined}
                      aria-label={t(
                        open ? 'pageEditor.components.closeLabel' : 'pageEditor.components.editLabel',
                        {
                          name,
                        },
                      )}
                      onPress={() => setEditing(open ? null : c.id)}
                    >
                      {open ? t('pageEditor.components.close') : t('pageEditor.components.edit')}
                    </Button>
                  ) : null}
                  <Button
                    id={buttonId(`${c.id}:up`)}
                    size="small"
                    variant="secondary"
                    isDisabled={index === 0}
                    aria-label={t('pageEditor.components.moveUpLabel', { name })}
                    onPress={() => move(c, 'up')}
                  >
                    {t('pageEditor.components.moveUp')}
                  </Button>
                  <Button
                    id={buttonId(`${c.id}:down`)}
                    size="small"
                    variant="secondary"
                    isDisabled={index === components.length - 1}
                    aria-label={t('pageEditor.components.moveDownLabel', { name })}
                    onPress={() => move(c, 'down')}
                  >
                    {t('pageEditor.components.moveDown')}
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    aria-label={t('pageEditor.components.removeLabel', { name })}
                    onPress={() => setRemoving(c)}
                  >
                    {t('pageEditor.components.remove')}
                  </Button>
                </div>
              ) : null}
              {open && known ? (
                <div id={formId}>
                  <ComponentForm
                    key={JSON.stringify([c.attributes.viewId, c.attributes.props])}
                    type={c.attributes.name as ComponentType}
                    label={t('pageEditor.components.formLabel', { name })}
                    initial={{ viewId: c.attributes.viewId, props: c.attributes.props }}
                    submitLabel={t('pageEditor.components.save')}
                    onSubmit={save(c)}
                    onCancel={() => {
                      setEditing(null);
                      setFocusTarget(`${c.id}:edit`);
                    }}
                  />
                </div>
              ) : null}
            </Block>
          );
        })}
      </Blocks>
      {editable && adding ? (
        <NewBlock aria-labelledby="page-editor-new-block">
          <h3 id="page-editor-new-block">
            {t('pageEditor.components.newTitle', { type: typeLabel(adding) })}
          </h3>
          <ComponentForm
            key={adding}
            type={adding}
            label={t('pageEditor.components.newTitle', { type: typeLabel(adding) })}
            initial={{ viewId: null, props: initialProps(propsNode(adding)) }}
            submitLabel={t('pageEditor.components.addToPage')}
            onSubmit={add(adding)}
            onCancel={() => setAdding(null)}
          />
        </NewBlock>
      ) : null}
      {editable && !adding ? (
        <AddRow>
          <Select
            label={t('pageEditor.components.newType')}
            options={COMPONENT_TYPES.map((type) => ({ id: type, label: typeLabel(type) }))}
            value={newType}
            onChange={(key) =>
              key !== null && isComponentType(String(key)) && setNewType(String(key) as ComponentType)
            }
          />
          <Button variant="secondary" onPress={() => setAdding(newType)}>
            {t('pageEditor.components.add')}
          </Button>
        </AddRow>
      ) : null}
      <ConfirmDialog
        title={t('pageEditor.components.removeTitle')}
        isOpen={removing !== null}
        cancelLabel={t('pageEditor.cancel')}
        confirmLabel={t('pageEditor.components.removeConfirm')}
        pending={removeBusy}
        onCancel={() => setRemoving(null)}
        onConfirm={remove}
      >
        <p>{removing ? t('pageEditor.components.removeBody', { name: nameOf(removing) }) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
