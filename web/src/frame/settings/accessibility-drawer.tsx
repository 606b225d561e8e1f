import { useAtom } from 'jotai';
import styled from 'styled-components';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useT, type MessageId } from '../../kit/i18n/use-t.ts';
import {
  FONT_FAMILIES,
  FONT_SIZE,
  LETTER_SPACING,
  LINE_HEIGHT,
  TOAST_TIMEOUTS,
  parseAccessibility,
  restoredAccessibility,
  sliderValue,
  type AccessibilityParameters,
  type FontFamilyChoice,
} from '../../kit/state/accessibility.ts';
import { accessibilityAtom, darkThemeAtom } from '../../kit/state/settings.ts';
import { CONFIGURED_FONT } from '../../kit/theme/theme.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Drawer } from '../../kit/ui/drawer.tsx';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { Slider } from '../../kit/ui/slider.tsx';
import { Switch } from '../../kit/ui/switch.tsx';

const FONT_PREVIEW: Record<FontFamilyChoice, string> = {
  configured: '"Roboto", system-ui, sans-serif',
  andika: '"Andika", system-ui, sans-serif',
  luciole: '"Luciole", "Andika", system-ui, sans-serif',
  'open-dyslexic': '"OpenDyslexic", system-ui, sans-serif',
};

const FONT_LABEL: Record<FontFamilyChoice, MessageId> = {
  configured: 'accessibility.font.configured',
  andika: 'accessibility.font.andika',
  luciole: 'accessibility.font.luciole',
  'open-dyslexic': 'accessibility.font.openDyslexic',
};

const Section = styled.div`
  margin-bottom: 1.5rem;
`;

/**
 * The accessibility drawer (seed 000 §3, §5): every change applies to the whole page at once, is remembered
 * and reaches the other open tabs (settings.ts).
 */
export function AccessibilityDrawer({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const toast = useToast();
  const [params, setParams] = useAtom(accessibilityAtom);
  const [dark, setDark] = useAtom(darkThemeAtom);
  const update = (patch: Partial<AccessibilityParameters>) =>
    setParams((p) => parseAccessibility({ ...p, ...patch }));

  return (
    <Drawer
      title={t('accessibility.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      side="right"
      width={380}
    >
      <Section>
        <Switch isSelected={dark} onChange={setDark}>
          {t('accessibility.darkTheme')}
        </Switch>
      </Section>
      <Slider
        label={t('accessibility.fontSize')}
        minValue={FONT_SIZE.min}
        maxValue={FONT_SIZE.max}
        step={FONT_SIZE.step}
        value={params.fontSize}
        onChange={(v) => update({ fontSize: sliderValue(v, FONT_SIZE) })}
      />
      <Slider
        label={t('accessibility.lineHeight')}
        minValue={LINE_HEIGHT.min}
        maxValue={LINE_HEIGHT.max}
        step={LINE_HEIGHT.step}
        value={params.lineHeight}
        onChange={(v) => update({ lineHeight: sliderValue(v, LINE_HEIGHT) })}
        formatOptions={{ minimumFractionDigits: 2 }}
      />
      <Slider
        label={t('accessibility.letterSpacing')}
        minValue={LETTER_SPACING.min}
        maxValue={LETTER_SPACING.max}
        step={LETTER_SPACING.step}
        value={params.letterSpacing}
        onChange={(v) => update({ letterSpacing: sliderValue(v, LETTER_SPACING) })}
        formatOptions={{ minimumFractionDigits: 2 }}
      />
      <RadioGroup
        label={t('accessibility.fontFamily')}
        value={params.fontFamily}
        onChange={(v) => update({ fontFamily: v as FontFamilyChoice })}
        options={FONT_FAMILIES.map((f) => ({
          id: f,
          label: t(FONT_LABEL[f], { font: CONFIGURED_FONT }),
          style: { fontFamily: FONT_PREVIEW[f] },
        }))}
      />
      <Section>
        <Switch isSelected={params.grayscaleImages} onChange={(v) => update({ grayscaleImages: v })}>
          {t('accessibility.grayscaleImages')}
        </Switch>
      </Section>
      <RadioGroup
        label={t('accessibility.toastTimeout')}
        value={String(params.toastTimeout)}
        onChange={(v) => update({ toastTimeout: Number(v) as AccessibilityParameters['toastTimeout'] })}
        options={[
          { id: String(TOAST_TIMEOUTS.default), label: t('accessibility.toastTimeout.default') },
          { id: String(TOAST_TIMEOUTS.long), label: t('accessibility.toastTimeout.long') },
          { id: String(TOAST_TIMEOUTS.none), label: t('accessibility.toastTimeout.none') },
        ]}
      />
      <Button
        variant="secondary"
        onPress={() => {
          setParams(restoredAccessibility());
          toast(t('accessibility.restored'), 'success');
        }}
      >
        {t('accessibility.restore')}
      </Button>
    </Drawer>
  );
}
