import styled from 'styled-components';
import { z } from 'zod/v4';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { endpoints } from '../../../../kit/api/endpoints.ts';
import { useApi } from '../../../../kit/api/api-context.tsx';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { useLoaded } from '../../../../kit/loading/use-loaded.ts';
import { ButtonLink, Link } from '../../../../kit/ui/link.tsx';
import { BlockTitle, Inner } from './block.tsx';
import { RichText } from '../../../../kit/rich-text/rich-text.tsx';

/** The charter settings of the app environment (seed 000 §3): where the charter is, and who translated it. */
const CharterSettings = z.object({
  rlCharterUrl: z.string().url().nullish(),
  rlCharterTranslatorName: z.string().nullish(),
  rlCharterTranslatorUrl: z.string().url().nullish(),
});
type CharterSettings = z.infer<typeof CharterSettings>;

const Body = styled.div`
  max-width: 48rem;
  margin: 0 auto;
  text-align: center;
  .actions {
    margin-top: 1.5rem;
  }
  .credit {
    margin-top: 1rem;
    font-size: 0.9375rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** charter: the editor's text, with the link to the full charter and its translator from the environment. */
export function Charter({ props }: { props: ComponentProps<'charter'> }) {
  const t = useT();
  const api = useApi();
  // the charter text stands on its own: the link and the credit come when the environment is read
  const { state } = useLoaded(
    (signal) =>
      endpoints.environment(api, signal).then((doc) => {
        const parsed = CharterSettings.safeParse(doc.data.attributes);
        return parsed.success ? parsed.data : {};
      }),
    [api],
  );
  const settings: CharterSettings = state.status === 'ready' ? state.value : {};
  const {
    rlCharterUrl: url,
    rlCharterTranslatorName: translator,
    rlCharterTranslatorUrl: translatorUrl,
  } = settings;
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Body>
        <RichText html={props.description} />
        {url ? (
          <div className="actions">
            <ButtonLink href={url} external>
              {t('cms.readCharter')}
            </ButtonLink>
          </div>
        ) : null}
        {translator ? (
          <p className="credit">
            {t('cms.charterTranslatedBy')}{' '}
            {translatorUrl ? (
              <Link href={translatorUrl} external>
                {translator}
              </Link>
            ) : (
              translator
            )}
          </p>
        ) : null}
      </Body>
    </Inner>
  );
}
