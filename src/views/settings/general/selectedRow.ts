import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { selectedRowColour, textOn } from '../../../contract/selectedRow';
import { selectedRowVars } from '../../../theme/selectedRow';
import { useSessionActor } from '../../ui/session';

/** Puts a selected-row colour on the document (null: the theme's). */
export function applySelectedRowColour(colour: string | null) {
  const style = document.documentElement.style;
  if (colour) {
    style.setProperty(selectedRowVars.back, colour);
    style.setProperty(selectedRowVars.text, textOn(colour));
  } else {
    style.removeProperty(selectedRowVars.back);
    style.removeProperty(selectedRowVars.text);
  }
}

/** The signed-in user's 'General|Selected row' (the company's general settings) on every list's selected row. */
export function useSelectedRowColour() {
  const session = useSessionActor();
  const colour = useSelector(session, (snapshot) => selectedRowColour(snapshot.context.session?.user.systempref));
  useEffect(() => {
    applySelectedRowColour(colour);
    return () => applySelectedRowColour(null);
  }, [colour]);
}
