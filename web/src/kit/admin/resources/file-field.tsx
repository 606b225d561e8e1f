import { precheckUpload } from '@platform/contracts/files/media';
import type { MediaFamily } from '@platform/contracts/resources/files';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/errors.ts';
import { endpoints } from '../../api/endpoints.ts';
import { fileLimits, fileView, uploadRefusal, type FileView } from '../../api/files.ts';
import { FileDrop, type ShownFile } from '../../ui/file-drop.tsx';
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

const shown = (view: FileView | null): ShownFile | null =>
  view ? { name: view.name, previewUrl: view.src, width: view.width, height: view.height } : null;

/**
 * A file field of the resource forms (ADR 0027): the file is uploaded as soon as it is picked or dropped
 * (POST /services/files with the field's families), with its progress; the uploaded file's id becomes the
 * relationship's value, which the record's save sends as any other. A refusal (type, size, unreadable) is said on
 * the field in the reader's language; the server's message on the relationship after a save shows there too.
 */
export function FileField({
  field,
  label,
  description,
  error,
  value,
  onChange,
  included,
}: {
  field: FormField & { relationship: { type: string; many: boolean; families?: readonly MediaFamily[] } };
  label: string;
  description?: string;
  error?: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  included: IncludedIndex;
}) {
  const t = useResourceT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const families = field.relationship.families ?? [];
  const id = relationshipIds(value)[0] ?? null;
  // files uploaded here; the one the record had comes with the form's document
  const [uploaded, setUploaded] = useState<Record<string, FileView>>({});
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  // the limits that apply to the viewer: a file the platform would refuse is refused before it is sent
  const [limits, setLimits] = useState<{ file: number; image: number } | null>(null);
  useEffect(() => {
    let live = true;
    void fileLimits(api).then((l) => live && setLimits(l));
    return () => {
      live = false;
    };
  }, [api]);

  const current = id
    ? (uploaded[id] ??
      fileView(id, includedRecord(field.relationship.type, id, included)?.attributes) ?? {
        id,
        name: id,
        description: null,
        src: null,
        width: null,
        height: null,
      })
    : null;

  const pick = (file: File) => {
    // what the server would say of an empty file, a family the field does not take, a file too large: said at once
    const refusal = precheckUpload(file, { families, limits: limits ?? { file: Infinity, image: Infinity } });
    if (refusal) {
      upload.current?.abort();
      setProgress(null);
      setRefused(t(`admin.resources.file.refused.${refusal}`, { name: file.name }));
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setRefused(null);
    setProgress({ name: file.name, percent: 0 });
    endpoints
      .uploadFile(api, file, {
        families,
        signal: controller.signal,
        onProgress: (sent, total) =>
          total > 0 &&
          setProgress({ name: file.name, percent: Math.min(100, Math.round((sent / total) * 100)) }),
      })
      .then(
        (record) => {
          const view = fileView(record.id, record.attributes);
          if (view) setUploaded((u) => ({ ...u, [record.id]: view }));
          setProgress(null);
          onChange(record.id);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setProgress(null);
          const refusal = uploadRefusal(failure);
          setRefused(
            refusal
              ? t(`admin.resources.file.refused.${refusal}`, { name: file.name })
              : failure instanceof ApiError && failure.kind === 'bad-request'
                ? failure.message
                : errorText(failure),
          );
        },
      );
  };

  return (
    <FileDrop
      label={label}
      description={description}
      errorMessage={refused ?? error}
      acceptedFileTypes={acceptedFileTypes(families)}
      file={shown(current)}
      progress={progress}
      onPick={pick}
      onRemove={() => {
        setRefused(null);
        onChange('');
      }}
      texts={{
        drop: t('admin.resources.file.drop'),
        choose: t('admin.resources.file.choose'),
        remove: t('admin.resources.file.remove'),
        uploading: (name) => t('admin.resources.file.uploading', { name }),
        preview: (name) => t('admin.resources.file.preview', { name }),
        none: t('admin.resources.file.none'),
      }}
    />
  );
}
