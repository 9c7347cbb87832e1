import { vars } from './contract.css';

/**
 * A list's selected row: the company's 'General|Selected row' back colour (general settings, set on the document
 * by useSelectedRowColour) with a text colour that reads on it, else the theme's selected colours.
 */
export const selectedRowVars = { back: '--selected-row-back', text: '--selected-row-text' } as const;
export const selectedRow = {
  background: `var(${selectedRowVars.back}, ${vars.color.selected})`,
  color: `var(${selectedRowVars.text}, ${vars.color.selectedText})`,
};
