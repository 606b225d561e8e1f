import { Button as AriaButton, Tag, TagGroup, TagList, type TagGroupProps } from 'react-aria-components';
import styled from 'styled-components';
import { CloseIcon } from './icons.tsx';

export interface TagItem {
  id: string;
  label: string;
}

export interface RemovableTagsProps extends Omit<TagGroupProps, 'children' | 'onRemove'> {
  /** the accessible name of the group: what the tags are */
  'aria-label': string;
  tags: readonly TagItem[];
  onRemove: (ids: string[]) => void;
  /** the remove button's name; react-aria adds the tag's label after it ("Remove Ada Lovelace") */
  removeLabel: string;
  /** said when there is no tag */
  emptyText: string;
}

const Group = styled(TagGroup)`
  margin-bottom: 1.25rem;
  .list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .empty {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const Chip = styled(Tag)`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.125rem 0.25rem 0.125rem 0.75rem;
  border-radius: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  outline: none;
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Remove = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.75rem;
  min-height: 1.75rem;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &[data-hovered],
  &[data-focus-visible] {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/**
 * Chosen values shown as tags (react-aria TagGroup), each with a remove button; from the keyboard the arrows move
 * between tags and Delete or Backspace removes the focused one.
 */
export function RemovableTags({ tags, onRemove, removeLabel, emptyText, ...props }: RemovableTagsProps) {
  return (
    <Group {...props} onRemove={(keys) => onRemove([...keys].map(String))}>
      <TagList
        className="list"
        items={tags}
        renderEmptyState={() => <span className="empty">{emptyText}</span>}
      >
        {(tag) => (
          <Chip id={tag.id} textValue={tag.label}>
            {tag.label}
            <Remove slot="remove" aria-label={removeLabel}>
              <CloseIcon />
            </Remove>
          </Chip>
        )}
      </TagList>
    </Group>
  );
}
