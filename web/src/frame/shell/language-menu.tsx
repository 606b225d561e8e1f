import { LOCALES, type Locale } from '@platform/contracts/enums';
import { useAtomValue } from 'jotai';
import { LANGUAGE_NAMES } from '../../kit/i18n/load-messages.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { changeLocale, localeAtom } from '../../kit/state/settings.ts';
import { GlobeIcon } from '../../kit/ui/icons.tsx';
import { Menu, MenuItem } from '../../kit/ui/menu.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';

/** Lists every language in its own name; choosing one reloads every open tab in it (seed 000 §4). */
export function LanguageMenu({ variant = 'text' }: { variant?: 'text' | 'secondary' }) {
  const t = useT();
  const locale = useAtomValue(localeAtom);
  return (
    <Menu
      aria-label={t('language.label')}
      selectionMode="single"
      selectedKeys={[locale]}
      onAction={(key) => changeLocale(String(key) as Locale)}
      trigger={{
        variant,
        size: 'small',
        children: (
          <>
            <GlobeIcon />
            {/* the visible code starts the accessible name (WCAG 2.5.3, label in name) */}
            <span>{locale.toUpperCase()}</span>
            <VisuallyHidden>, {t('language.current', { language: LANGUAGE_NAMES[locale] })}</VisuallyHidden>
          </>
        ),
      }}
    >
      {LOCALES.map((l) => (
        <MenuItem key={l} id={l} lang={l} textValue={LANGUAGE_NAMES[l]}>
          {LANGUAGE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
