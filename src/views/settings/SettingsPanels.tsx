import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Dialog,
  Heading,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Switch,
} from 'react-aria-components';
import type { ThemeSettings } from '../../contract/settings';
import { themeSlots } from '../../machines/settings.machine';
import type { SettingsChange, ThemeSlot } from '../../machines/settings.machine';
import { palettes, themeOrder } from '../../theme/palettes';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { useSettingsActor } from './settingsActor';
import * as styles from './settings.css';

type Panel = 'settings' | 'schemes' | null;

/**
 * The "Theme Settings" and "Theme Color Schemes" sheets with the fixed tabs that open them. Shown only when the
 * signed-in user's settings flag is set. Open state, changes and saving are the settings machine's.
 * `announceInPanel`: the save's outcome shows inside the sheet (role=status). Pass false once the shell's
 * snackbar shows the machine's settings.saved / settings.saveFailed instead. `tabs`: false when the sheets open from
 * elsewhere (the shell's user menu: fixed tabs at the screen's edge would cover the page's content).
 */
export function SettingsPanels({ announceInPanel = true, tabs = true }: { announceInPanel?: boolean; tabs?: boolean }) {
  const session = useSessionActor();
  const enabled = useSelector(session, (snapshot) => snapshot.context.session?.user.data.settingsPanel === true);
  const actor = useSettingsActor();
  const panel = useSelector(actor, (snapshot): Panel =>
    snapshot.matches({ panel: 'settings' }) ? 'settings' : snapshot.matches({ panel: 'schemes' }) ? 'schemes' : null,
  );
  const { t } = useTranslation();
  if (!enabled) return null;

  return (
    <>
      {tabs && <div className={styles.tabs}>
        <AriaButton className={styles.tab} aria-label={t('settings.openSettings')} onPress={() => actor.send({ type: 'settings.open' })}>
          <TabIcon path="M12 8.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7zM12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
        </AriaButton>
        <AriaButton className={styles.tab} aria-label={t('settings.openSchemes')} onPress={() => actor.send({ type: 'settings.openSchemes' })}>
          <TabIcon path="M12 3a9 9 0 1 0 0 18c1.2 0 1.8-.8 1.8-1.7c0-1.3-1.1-1.6-1.1-2.7c0-.9.7-1.6 1.6-1.6H17a4 4 0 0 0 4-4c0-4.4-4-8-9-8zM7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01" />
        </AriaButton>
      </div>}
      <Sheet isOpen={panel === 'settings'} title={t('settings.title')} announce={announceInPanel}>
        <SettingsForm />
      </Sheet>
      <Sheet isOpen={panel === 'schemes'} title={t('settings.schemesTitle')} announce={announceInPanel}>
        <SchemeGrid />
      </Sheet>
    </>
  );
}

function TabIcon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={22} height={22} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}

/** A sheet from the inline end; Escape or a click outside closes it (the machine's settings.close). */
function Sheet({ isOpen, title, announce, children }: { isOpen: boolean; title: string; announce: boolean; children: ReactNode }) {
  const actor = useSettingsActor();
  const { t } = useTranslation();
  const close = () => actor.send({ type: 'settings.close' });
  return (
    <ModalOverlay isOpen={isOpen} isDismissable onOpenChange={(open) => !open && close()} className={styles.overlay}>
      <Modal className={styles.sheet}>
        <Dialog className={styles.dialog}>
          <header className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <Button variant="secondary" onPress={close}>
              {t('settings.close')}
            </Button>
          </header>
          {children}
          <SaveBar announce={announce} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function SaveBar({ announce }: { announce: boolean }) {
  const actor = useSettingsActor();
  const { t } = useTranslation();
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const message = useSelector(actor, (snapshot) => snapshot.context.message);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return (
    <div className={styles.footer}>
      <Button onPress={() => actor.send({ type: 'settings.save' })} isPending={saving}>
        {t('settings.save')}
      </Button>
      {announce && (
        <p role="status" className={styles.status}>
          {/* The spec's text, which the server also answers with, in the reader's language. */}
          {message && t('settings.saved')}
        </p>
      )}
      {announce && error && (
        <p role="alert" className={styles.statusError}>
          {t('settings.saveFailed')}
        </p>
      )}
    </div>
  );
}

function useSettingsState() {
  const actor = useSettingsActor();
  const settings = useSelector(actor, (snapshot) => snapshot.context.settings);
  const change = (value: SettingsChange) => actor.send({ type: 'settings.change', change: value });
  return { settings, change };
}

function SettingsForm() {
  const { t } = useTranslation();
  const { settings, change } = useSettingsState();
  const { style, config } = settings.layout;
  const vertical = style === 'vertical';
  return (
    <div className={styles.body}>
      <section className={styles.section} aria-labelledby="settings-layout">
        <h3 id="settings-layout" className={styles.sectionTitle}>
          {t('settings.layout')}
        </h3>
        <Choice
          label={t('settings.layoutStyle')}
          value={style === 'kiosk' ? 'vertical' : style}
          options={['vertical', 'horizontal']}
          onChange={(value) => change({ layout: { style: value } })}
        />
        <Choice
          label={t('settings.mode')}
          value={config.mode ?? 'fullwidth'}
          options={['fullwidth', 'boxed']}
          onChange={(value) => change({ layout: { config: { mode: value } } })}
        />
        <BarOptions bar="navbar" settings={settings} positions={vertical ? ['left', 'right'] : []} foldable={vertical} />
        <BarOptions bar="toolbar" settings={settings} positions={['above', 'below']} styled />
        <BarOptions bar="footer" settings={settings} positions={['above', 'below']} styled />
        <Choice
          label={t('settings.scroll')}
          value={config.scroll ?? 'content'}
          options={['content', 'body']}
          onChange={(value) => change({ layout: { config: { scroll: value } } })}
        />
      </section>

      <section className={styles.section} aria-labelledby="settings-theme">
        <h3 id="settings-theme" className={styles.sectionTitle}>
          {t('settings.theme')}
        </h3>
        {themeSlots.map((slot) => (
          <ThemePicker key={slot} slot={slot} value={settings.theme[slot]} onChange={(name) => change({ theme: { [slot]: name } })} />
        ))}
      </section>

      <section className={styles.section}>
        <Toggle label={t('settings.customScrollbars')} value={settings.customScrollbars} onChange={(value) => change({ customScrollbars: value })} />
        <Toggle label={t('settings.animations')} value={settings.animations} onChange={(value) => change({ animations: value })} />
        <Choice
          label={t('settings.direction')}
          value={settings.direction}
          options={['ltr', 'rtl']}
          onChange={(value) => change({ direction: value })}
        />
      </section>
    </div>
  );
}

type BarName = 'navbar' | 'toolbar' | 'footer';

function BarOptions(props: {
  bar: BarName;
  settings: ThemeSettings;
  positions: ('left' | 'right' | 'above' | 'below')[];
  foldable?: boolean;
  styled?: boolean;
}) {
  const { bar, settings, positions, foldable, styled } = props;
  const { t } = useTranslation();
  const { change } = useSettingsState();
  const current = settings.layout.config[bar];
  const set = (value: Partial<NonNullable<typeof current>>) => change({ layout: { config: { [bar]: value } } });
  const headingId = `settings-${bar}`;
  return (
    <div role="group" aria-labelledby={headingId} className={styles.group}>
      <h4 id={headingId} className={styles.groupTitle}>
        {t(`settings.${bar}`)}
      </h4>
      <Toggle label={t('settings.display')} value={current?.display ?? true} onChange={(display) => set({ display })} />
      {styled && (
        <Choice
          label={t('settings.style')}
          value={current?.style ?? 'fixed'}
          options={['fixed', 'static']}
          onChange={(value) => set({ style: value })}
        />
      )}
      {positions.length > 0 && (
        <Choice
          label={t('settings.position')}
          value={current?.position ?? positions[0]!}
          options={positions}
          onChange={(value) => set({ position: value })}
        />
      )}
      {foldable && <Toggle label={t('settings.folded')} value={current?.folded ?? false} onChange={(folded) => set({ folded })} />}
    </div>
  );
}

/** A radio group whose option labels are the translations settings.option.<value>. */
function Choice<Value extends string>(props: { label: string; value: Value; options: readonly Value[]; onChange: (value: Value) => void }) {
  const { label, value, options, onChange } = props;
  const { t } = useTranslation();
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as Value)}
      orientation="horizontal"
      className={styles.radioGroup}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.radios}>
        {options.map((option) => (
          <Radio key={option} value={option} className={styles.radio}>
            <span className={styles.radioMark} aria-hidden="true" />
            {t(`settings.option.${option}`)}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

function Toggle({ label, value, onChange }: { label: string; value: boolean; onChange: (value: boolean) => void }) {
  return (
    <Switch isSelected={value} onChange={onChange} className={styles.switchRow}>
      {label}
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </Switch>
  );
}

/** "Light 3", "Dark 12" in the reader's language. */
function useThemeLabel() {
  const { t } = useTranslation();
  return (name: string) => {
    const [, type, number] = /^(light|dark)(\d+)$/.exec(name) ?? [];
    return type ? t(`settings.themeName.${type}`, { number }) : name;
  };
}

function Swatches({ name }: { name: string }) {
  const palette = palettes[name];
  if (!palette) return null;
  const colours = [palette.primary.main, palette.secondary.main, palette.background.paper, palette.background.default];
  return (
    <span className={styles.swatches} aria-hidden="true">
      {colours.map((colour, index) => (
        <span key={index} className={styles.swatch} style={{ background: colour }} />
      ))}
    </span>
  );
}

function ThemePicker({ slot, value, onChange }: { slot: ThemeSlot; value: string; onChange: (name: string) => void }) {
  const { t } = useTranslation();
  const label = useThemeLabel();
  return (
    <Select value={value} onChange={(key) => key !== null && onChange(String(key))} className={styles.select}>
      <Label className={styles.label}>{t(`settings.slot.${slot}`)}</Label>
      <AriaButton className={styles.selectButton}>
        <SelectValue className={styles.selectValue} />
        <svg aria-hidden="true" viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M6 9l6 6l6-6" />
        </svg>
      </AriaButton>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox}>
          {themeOrder.map((name) => (
            <ListBoxItem key={name} id={name} textValue={label(name)} className={styles.option}>
              <Swatches name={name} />
              {label(name)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** Choosing a card sets all four slots to that theme. */
function SchemeGrid() {
  const { t } = useTranslation();
  const actor = useSettingsActor();
  const label = useThemeLabel();
  const theme = useSelector(actor, (snapshot) => snapshot.context.settings.theme);
  const shared = theme.navbar === theme.main && theme.toolbar === theme.main && theme.footer === theme.main ? theme.main : null;
  return (
    <div className={styles.body}>
      <RadioGroup
        aria-label={t('settings.schemesTitle')}
        value={shared}
        onChange={(name) => actor.send({ type: 'settings.chooseScheme', theme: name })}
        className={styles.schemeGrid}
      >
        {themeOrder.map((name) => (
          <Radio key={name} value={name} className={styles.schemeCard}>
            <SchemePreview name={name} />
            <span className={styles.schemeName}>{label(name)}</span>
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}

function SchemePreview({ name }: { name: string }) {
  const palette = palettes[name];
  if (!palette) return null;
  return (
    <span className={styles.preview} aria-hidden="true" style={{ background: palette.background.default }}>
      <span className={styles.previewNavbar} style={{ background: palette.background.default, borderInlineEnd: `1px solid ${palette.divider}` }}>
        <span className={styles.previewBar} style={{ background: palette.secondary.main }} />
        <span className={styles.previewBar} style={{ background: palette.text.secondary }} />
        <span className={styles.previewBar} style={{ background: palette.text.secondary }} />
      </span>
      <span className={styles.previewToolbar} style={{ background: palette.background.paper }}>
        <span className={styles.previewDot} style={{ background: palette.primary.main }} />
      </span>
      <span className={styles.previewContent}>
        <span className={styles.previewBar} style={{ background: palette.background.paper, blockSize: '1.25rem' }} />
        <span className={styles.previewBar} style={{ background: palette.accent.main, inlineSize: '40%' }} />
      </span>
    </span>
  );
}
