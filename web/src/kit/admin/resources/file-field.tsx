import { precheckUpload } from '@platform/contracts/files/media';
import type { MediaFamily } from '@platform/contracts/resources/files';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/errors.ts';
import {
  afterPosition,
  fileLimits,
  fileView,
  uploadFile,
  uploadRefusal,
  type FileView,
} from '../../api/files.ts';
import { FileDrop, FileListDrop, type ShownFile } from '../../ui/file-drop.tsx';
import { useAdminErrorText } from '../admin-ui.tsx';
import { relationshipIds, type FormField, type FormValue } from './form-model.ts';
import { includedRecord, type IncludedIndex } from './record-title.ts';
import { useResourceT } from './resource-ui.tsx';

/** What the file chooser offers for a field's families (the server decides from the content in the end). */
const ACCEPTED: Readonly<Record<MediaFamily, readonly string[]>> = {
  image: ['image/*'],
  svg: ['image/svg+xml', '.svg'],
  video: ['video/*'],
  audio: ['audio/*'],
  doc: [],
  '3d': [],
  lcc: [],
};

export function acceptedFileTypes(families: readonly MediaFamily[]): string[] | undefined {
  const types = families.map((f) => ACCEPTED[f]);
  // a family the chooser cannot name by type (documents, 3d models): every file is offered
  if (types.some((t) => t.length === 0)) return undefined;
  return [...new Set(types.flat())];
}

const shown = (view: FileView): ShownFile => ({
  name: view.name,
  previewUrl: view.src,
  width: view.width,
  height: view.height,
});

type FileFieldProps = {
  field: FormField & {
    relationship: { type: string; many: boolean; families?: readonly MediaFamily[]; private?: boolean };
  };
  label: string;
  description?: string;
  error?: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  included: IncludedIndex;
};

/**
 * What both file fields share: the viewer's limits (a file the platform would refuse is refused before it is sent),
 * the upload of one file with its progress, the refusal said in the reader's language, the files uploaded here
 * (the ones the record had come with the form's document), and how a file id shows.
 */
function useFileUploads(
  families: readonly MediaFamily[],
  included: IncludedIndex,
  type: string,
  /** a private field's files are uploaded not public */
  isPrivate = false,
) {
  const t = useResourceT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const [uploaded, setUploaded] = useState<Record<string, FileView>>({});
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const [limits, setLimits] = useState<{ file: number; image: number } | null>(null);
  useEffect(() => {
    let live = true;
    void fileLimits(api).then((l) => live && setLimits(l));
    return () => {
      live = false;
    };
  }, [api]);

  const viewOf = (id: string): FileView =>
    uploaded[id] ??
    fileView(id, includedRecord(type, id, included)?.attributes) ?? {
      id,
      name: id,
      description: null,
      src: null,
      width: null,
      height: null,
    };

  /** Uploads one file: its record's view, or the reason it was refused (in the reader's language). */
  const send = async (file: File): Promise<{ view: FileView } | { refused: string }> => {
    const refusal = precheckUpload(file, { families, limits: limits ?? { file: Infinity, image: Infinity } });
    if (refusal) return { refused: t(`admin.resources.file.refused.${refusal}`, { name: file.name }) };
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ name: file.name, percent: 0 });
    try {
      const record = await uploadFile(api, file, {
        families,
        ...(isPrivate ? { isPublic: false } : {}),
        signal: controller.signal,
        onProgress: (sent, total) =>
          total > 0 &&
          setProgress({ name: file.name, percent: Math.min(100, Math.round((sent / total) * 100)) }),
      });
      const read = fileView(record.id, record.attributes) ?? viewOf(record.id);
      // its preview is asked for at once: the read side waits for the upload's event to serve it
      const view = read.src ? { ...read, src: afterPosition(read.src, record.position) } : read;
      setUploaded((u) => ({ ...u, [record.id]: view }));
      return { view };
    } catch (failure) {
      if (controller.signal.aborted) throw failure;
      const refusal = uploadRefusal(failure);
      return {
        refused: refusal
          ? t(`admin.resources.file.refused.${refusal}`, { name: file.name })
          : failure instanceof ApiError && failure.kind === 'bad-request'
            ? failure.message
            : errorText(failure),
      };
    } finally {
      if (upload.current === controller) setProgress(null);
    }
  };
  const cancel = () => {
    upload.current?.abort();
    setProgress(null);
  };

  const texts = {
    drop: t('admin.resources.file.drop'),
    choose: t('admin.resources.file.choose'),
    remove: t('admin.resources.file.remove'),
    uploading: (name: string) => t('admin.resources.file.uploading', { name }),
    preview: (name: string) => t('admin.resources.file.preview', { name }),
    none: t('admin.resources.file.none'),
  };
  return { progress, send, cancel, viewOf, texts, t };
}

/**
 * A file field of the resource forms (ADR 0027): the file is uploaded as soon as it is picked or dropped
 * (POST /services/files with the field's families), with its progress; the uploaded file's id becomes the
 * relationship's value, which the record's save sends as any other. A refusal (type, size, unreadable) is said on
 * the field in the reader's language; the server's message on the relationship after a save shows there too.
 */
export function FileField({ field, label, description, error, value, onChange, included }: FileFieldProps) {
  const families = field.relationship.families ?? [];
  const id = relationshipIds(value)[0] ?? null;
  const [refused, setRefused] = useState<string | null>(null);
  const { progress, send, cancel, viewOf, texts } = useFileUploads(
    families,
    included,
    field.relationship.type,
    field.relationship.private,
  );

  const pick = (file: File) => {
    cancel();
    setRefused(null);
    send(file).then(
      (sent) => {
        if ('refused' in sent) setRefused(sent.refused);
        else onChange(sent.view.id);
      },
      // replaced by a newer pick: that one speaks
      () => undefined,
    );
  };

  return (
    <FileDrop
      label={label}
      description={description}
      errorMessage={refused ?? error}
      acceptedFileTypes={acceptedFileTypes(families)}
      file={id ? shown(viewOf(id)) : null}
      progress={progress}
      onPick={pick}
      onRemove={() => {
        setRefused(null);
        onChange('');
      }}
      texts={texts}
    />
  );
}

/**
 * A to-many file field (a rental model's images, a repository item's attachments): every file dropped or chosen at
 * once is uploaded in turn, each with its progress, and added to the field's files as it arrives; each file held
 * is listed with its preview and a remove button. The files refused are said together on the field.
 */
export function FileListField({
  field,
  label,
  description,
  error,
  value,
  onChange,
  included,
}: FileFieldProps) {
  const families = field.relationship.families ?? [];
  const ids = relationshipIds(value);
  // the value as it stands when an upload of several ends (the reader may remove a file meanwhile)
  const latest = useRef(ids);
  latest.current = ids;
  const [refused, setRefused] = useState<string[]>([]);
  const { progress, send, viewOf, texts, t } = useFileUploads(
    families,
    included,
    field.relationship.type,
    field.relationship.private,
  );

  const pick = async (files: File[]) => {
    setRefused([]);
    const problems: string[] = [];
    for (const file of files) {
      let sent: Awaited<ReturnType<typeof send>>;
      try {
        sent = await send(file);
      } catch {
        return; // the form went away
      }
      if ('refused' in sent) problems.push(sent.refused);
      else if (!latest.current.includes(sent.view.id)) {
        latest.current = [...latest.current, sent.view.id];
        onChange(latest.current.join('\n'));
      }
    }
    setRefused(problems);
  };

  return (
    <FileListDrop
      label={label}
      description={description}
      errorMessage={refused.length ? refused.join(' ') : error}
      acceptedFileTypes={acceptedFileTypes(families)}
      files={ids.map((id) => ({ key: id, ...shown(viewOf(id)) }))}
      progress={progress}
      onPick={(files) => void pick(files)}
      onRemove={(key) => {
        setRefused([]);
        onChange(ids.filter((id) => id !== key).join('\n'));
      }}
      texts={{ ...texts, choose: t('admin.resources.file.chooseMany') }}
    />
  );
}
