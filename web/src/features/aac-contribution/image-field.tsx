import { precheckUpload } from '@platform/contracts/files/media';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { afterPosition, fileLimits, fileView, uploadFile, uploadRefusal } from '../../kit/api/files.ts';
import { FileDrop } from '../../kit/ui/file-drop.tsx';
import type { ImageValue } from './contribution-values.ts';
import { useContributionT } from './contribution-ui.ts';

/** What the product's image takes (aacProductResource: image, a file of the image family). */
const FAMILIES = ['image'] as const;

/**
 * The product's image, as the members' forms upload a file (the training review's): uploaded as soon as it is picked
 * or dropped, with its progress, checked first against the viewer's limits; the uploaded file becomes the field's
 * value, which the save names. A refusal is said on the field; the server's word on the image after a save too.
 */
export function ImageField({
  value,
  error,
  onChange,
  onUploading,
}: {
  value: ImageValue | null;
  error?: string;
  onChange: (image: ImageValue | null) => void;
  /** while a file uploads, the form waits for it before saving */
  onUploading: (uploading: boolean) => void;
}) {
  const t = useContributionT();
  const api = useApi();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const uploading = progress !== null;
  useEffect(() => onUploading(uploading), [uploading]);

  const refusal = (reason: 'size' | 'type' | 'unreadable', name: string) =>
    t(`aacContribution.image.refused.${reason}`, { name });

  const pick = async (picked: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setRefused(null);
    const limits = (await fileLimits(api)) ?? { file: Infinity, image: Infinity };
    const before = precheckUpload(picked, { families: FAMILIES, limits });
    if (before) {
      setRefused(refusal(before, picked.name));
      return;
    }
    setProgress({ name: picked.name, percent: 0 });
    try {
      const record = await uploadFile(api, picked, {
        families: FAMILIES,
        signal: controller.signal,
        onProgress: (sent, total) =>
          total > 0 &&
          setProgress({ name: picked.name, percent: Math.min(100, Math.round((sent / total) * 100)) }),
      });
      const view = fileView(record.id, record.attributes);
      onChange({
        id: record.id,
        name: view?.name ?? picked.name,
        // the read side serves the preview once it holds the upload's event
        previewUrl: view?.src ? afterPosition(view.src, record.position) : null,
        width: view?.width ?? null,
        height: view?.height ?? null,
      });
    } catch (failure) {
      if (controller.signal.aborted) return;
      const reason = uploadRefusal(failure);
      setRefused(
        reason ? refusal(reason, picked.name) : t('aacContribution.image.failed', { name: picked.name }),
      );
    } finally {
      if (upload.current === controller) setProgress(null);
    }
  };

  return (
    <FileDrop
      label={t('aacContribution.field.image')}
      description={t('aacContribution.field.imageHelp')}
      {...((refused ?? error) ? { errorMessage: refused ?? error } : {})}
      acceptedFileTypes={['image/*']}
      file={value}
      progress={progress}
      onPick={(file) => void pick(file)}
      onRemove={() => {
        setRefused(null);
        onChange(null);
      }}
      texts={{
        drop: t('aacContribution.image.drop'),
        choose: t('aacContribution.image.choose'),
        remove: t('aacContribution.image.remove'),
        uploading: (name) => t('aacContribution.image.uploading', { name }),
        preview: (name) => t('aacContribution.image.preview', { name }),
        none: t('aacContribution.image.none'),
      }}
    />
  );
}
