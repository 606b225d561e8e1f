import { useId } from 'react';
import { DropZone, FileTrigger, ProgressBar, type DropItem, type FileDropItem } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from './button.tsx';

/** The file a field holds, as it shows it: its name and, for an image, its preview with its own width and height. */
export interface ShownFile {
  name: string;
  previewUrl: string | null;
  width: number | null;
  height: number | null;
}

export interface FileDropTexts {
  /** the drop zone's name, for screen readers and the hint shown inside it */
  drop: string;
  choose: string;
  remove: string;
  /** the progress bar's name while `name` uploads */
  uploading: (name: string) => string;
  preview: (name: string) => string;
  none: string;
}

const Root = styled.div`
  margin-bottom: 1.25rem;
  .label {
    display: block;
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
  .help,
  .error {
    display: block;
    font-size: 0.875rem;
    margin-top: 0.25rem;
  }
  .help {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .error {
    color: ${({ theme }) => theme.colors.error};
  }
`;

const Zone = styled(DropZone)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
  padding: 1rem;
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[data-drop-target] {
    border-color: ${({ theme }) => theme.colors.primary};
    border-style: solid;
  }
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &[data-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  .hint {
    flex: 1 1 12rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Shown = styled.figure`
  flex: 1 1 16rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin: 0;
  img {
    display: block;
    max-width: min(240px, 100%);
    height: auto;
    border-radius: 0.25rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  figcaption {
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Progress = styled(ProgressBar)`
  flex: 1 1 100%;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.25rem 0.5rem;
  .track {
    grid-column: 1 / -1;
    height: 0.5rem;
    border-radius: 0.25rem;
    background: ${({ theme }) => theme.colors.border};
    overflow: hidden;
  }
  .fill {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const isFile = (item: DropItem): item is FileDropItem => item.kind === 'file';

/**
 * A file field: a drop zone (reachable by keyboard, where a file can be pasted too) holding a button that opens the
 * file chooser, a progress bar while the file uploads, then its preview (width and height set, so nothing shifts)
 * and name with a button that removes it. The help and the error describe the controls; the field is labelled.
 */
/** An upload's progress bar: its file named, the percentage read out. */
function UploadProgress({
  percent,
  label,
  describedBy,
}: {
  percent: number;
  label: string;
  describedBy: string | undefined;
}) {
  return (
    <Progress value={percent} aria-label={label} aria-describedby={describedBy}>
      {({ valueText }) => (
        <>
          <span>{label}</span>
          <span>{valueText}</span>
          <div className="track">
            <div className="fill" style={{ width: `${percent}%` }} />
          </div>
        </>
      )}
    </Progress>
  );
}

export function FileDrop({
  label,
  description,
  errorMessage,
  acceptedFileTypes,
  file,
  progress,
  onPick,
  onRemove,
  texts,
}: {
  label: string;
  description?: string;
  errorMessage?: string;
  acceptedFileTypes?: readonly string[];
  file: ShownFile | null;
  /** the percentage sent while a file uploads (null: nothing uploading) */
  progress: { name: string; percent: number } | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  texts: FileDropTexts;
}) {
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const describedBy =
    [description ? helpId : null, errorMessage ? errorId : null].filter(Boolean).join(' ') || undefined;
  const accepts = (type: string) =>
    !acceptedFileTypes?.length ||
    acceptedFileTypes.some((a) => (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type));

  return (
    <Root role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <span className="label" id={labelId}>
        {label}
      </span>
      <Zone
        aria-label={`${label}: ${texts.drop}`}
        data-invalid={errorMessage ? 'true' : undefined}
        // the server decides what it takes (the field's families); nothing is taken while a file uploads
        getDropOperation={() => (progress ? 'cancel' : 'copy')}
        onDrop={async (event) => {
          const item = event.items.filter(isFile).find((i) => accepts(i.type)) ?? event.items.find(isFile);
          if (item) onPick(await item.getFile());
        }}
      >
        {file && !progress ? (
          <Shown>
            {file.previewUrl ? (
              <img
                src={file.previewUrl}
                alt={texts.preview(file.name)}
                {...(file.width ? { width: file.width } : {})}
                {...(file.height ? { height: file.height } : {})}
              />
            ) : null}
            <figcaption>{file.name}</figcaption>
          </Shown>
        ) : (
          <span className="hint">{progress ? null : `${texts.none} ${texts.drop}`}</span>
        )}
        {progress ? (
          <UploadProgress
            percent={progress.percent}
            label={texts.uploading(progress.name)}
            describedBy={describedBy}
          />
        ) : (
          <Actions>
            <FileTrigger
              {...(acceptedFileTypes?.length ? { acceptedFileTypes: [...acceptedFileTypes] } : {})}
              onSelect={(list) => {
                const picked = list?.[0];
                if (picked) onPick(picked);
              }}
            >
              <Button variant="secondary" aria-describedby={describedBy}>
                {texts.choose}
              </Button>
            </FileTrigger>
            {file ? (
              <Button
                variant="text"
                aria-label={`${texts.remove} ${file.name}`}
                aria-describedby={describedBy}
                onPress={onRemove}
              >
                {texts.remove}
              </Button>
            ) : null}
          </Actions>
        )}
      </Zone>
      {description ? (
        <span className="help" id={helpId}>
          {description}
        </span>
      ) : null}
      <span className="error" id={errorId} aria-live="polite">
        {errorMessage ?? ''}
      </span>
    </Root>
  );
}

/** A file of a list field, with the key its remove button names it by (the file's id). */
export interface ListedFile extends ShownFile {
  key: string;
}

const Listed = styled.ul`
  flex: 1 1 100%;
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
  }
`;

/**
 * A field of several files (a to-many file field): the same drop zone as FileDrop, taking every file dropped or
 * chosen at once, the files held listed with their previews (width and height set) and a remove button each, and a
 * progress bar while one of them uploads. Labelled as a group, described by its help and its error.
 */
export function FileListDrop({
  label,
  description,
  errorMessage,
  acceptedFileTypes,
  files,
  progress,
  onPick,
  onRemove,
  texts,
}: {
  label: string;
  description?: string;
  errorMessage?: string;
  acceptedFileTypes?: readonly string[];
  files: readonly ListedFile[];
  progress: { name: string; percent: number } | null;
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
  texts: FileDropTexts;
}) {
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const describedBy =
    [description ? helpId : null, errorMessage ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Root role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <span className="label" id={labelId}>
        {label}
      </span>
      <Zone
        aria-label={`${label}: ${texts.drop}`}
        data-invalid={errorMessage ? 'true' : undefined}
        getDropOperation={() => (progress ? 'cancel' : 'copy')}
        onDrop={async (event) => {
          const dropped = await Promise.all(event.items.filter(isFile).map((item) => item.getFile()));
          if (dropped.length) onPick(dropped);
        }}
      >
        {files.length ? (
          <Listed aria-labelledby={labelId}>
            {files.map((file) => (
              <li key={file.key}>
                <Shown>
                  {file.previewUrl ? (
                    <img
                      src={file.previewUrl}
                      alt={texts.preview(file.name)}
                      {...(file.width ? { width: file.width } : {})}
                      {...(file.height ? { height: file.height } : {})}
                    />
                  ) : null}
                  <figcaption>{file.name}</figcaption>
                </Shown>
                <Button
                  variant="text"
                  aria-label={`${texts.remove} ${file.name}`}
                  aria-describedby={describedBy}
                  isDisabled={progress !== null}
                  onPress={() => onRemove(file.key)}
                >
                  {texts.remove}
                </Button>
              </li>
            ))}
          </Listed>
        ) : progress ? null : (
          <span className="hint">{`${texts.none} ${texts.drop}`}</span>
        )}
        {progress ? (
          <UploadProgress
            percent={progress.percent}
            label={texts.uploading(progress.name)}
            describedBy={describedBy}
          />
        ) : (
          <Actions>
            <FileTrigger
              allowsMultiple
              {...(acceptedFileTypes?.length ? { acceptedFileTypes: [...acceptedFileTypes] } : {})}
              onSelect={(list) => {
                const picked = list ? Array.from(list) : [];
                if (picked.length) onPick(picked);
              }}
            >
              <Button variant="secondary" aria-describedby={describedBy}>
                {texts.choose}
              </Button>
            </FileTrigger>
          </Actions>
        )}
      </Zone>
      {description ? (
        <span className="help" id={helpId}>
          {description}
        </span>
      ) : null}
      <span className="error" id={errorId} aria-live="polite">
        {errorMessage ?? ''}
      </span>
    </Root>
  );
}
