import { Button, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { languageNames, languages } from '../../i18n/appI18n';
import { Icon } from '../ui/Icon';
import * as menuStyles from '../ui/menu.css';
import { userMenuPaths } from './UserMenu';
import * as styles from './toolbar.css';

/** English, Turkish, Arabic, and 'Learn More'. Arabic turns the page right-to-left (i18n sets dir on <html>). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <MenuTrigger>
      <TooltipTrigger delay={600}>
        <Button aria-label={t('shell.language.menu')} className={menuStyles.iconButton}>
          <Icon name="language" />
          {/* Drawn by CSS, not as text: the button's name, 'Language', is all its text (WCAG 2.5.3). */}
          <span className={styles.languageCode} aria-hidden="true" data-code={i18n.language} />
        </Button>
        <Tooltip offset={6} className={menuStyles.tooltip}>
          {t('shell.language.menu')}
        </Tooltip>
      </TooltipTrigger>
      <Popover placement="bottom end" className={menuStyles.popover}>
        <Menu className={menuStyles.menu}>
          <MenuSection
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[i18n.language]}
            onSelectionChange={(keys) => {
              const [language] = keys === 'all' ? [] : [...keys];
              if (typeof language === 'string') void i18n.changeLanguage(language);
            }}
          >
            {languages.map((language) => (
              <MenuItem key={language} id={language} textValue={languageNames[language]} className={menuStyles.item}>
                {({ isSelected }) => (
                  <>
                    <span lang={language}>{languageNames[language]}</span>
                    <span className={menuStyles.check} aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                  </>
                )}
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className={menuStyles.separator} />
          <MenuItem id="learnMore" href={userMenuPaths.multiLanguage} className={menuStyles.item}>
            {t('shell.language.learnMore')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
