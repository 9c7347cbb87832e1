import { statusIconPaths, SvgIcon } from './StatusIcon';

/** Outline icons drawn on a 24 px grid with the current text colour (stroke paths). */
const paths = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: statusIconPaths.close,
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13a6.5 6.5 0 1 1 0-13zM15.5 15.5L20 20',
  star: 'M12 3.5l2.6 5.3l5.9.9l-4.3 4.1l1 5.8L12 16.9l-5.2 2.7l1-5.8L3.5 9.7l5.9-.9z',
  fullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  fullscreenExit: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  store: 'M4 10h16l-1.5-5h-13zM5 10v9h14v-9M10 19v-5h4v5',
  pin: 'M9 4h6l-1 6l3 3H7l3-3zM12 13v7',
  chevronDown: 'M6 9l6 6l6-6',
  chevronEnd: 'M9 6l6 6l-6 6',
  language: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  user: 'M12 4a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM4 20c0-4 4-6 8-6s8 2 8 6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  logout: 'M14 4h5v16h-5M10 8l-4 4l4 4M6 12h10',
  login: 'M14 4h5v16h-5M10 8l4 4l-4 4M4 12h10',
  register: 'M10 4a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM3 20c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6',
  inbox: 'M4 4h16v16H4zM4 14h5l1 2h4l1-2h5',
  info: statusIconPaths.info,
  success: statusIconPaths.success,
  warning: statusIconPaths.warning,
  error: statusIconPaths.error,
  history: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4M12 8v4l3 2',
  eye: 'M2 12s3.5-6.5 10-6.5S22 12 22 12s-3.5 6.5-10 6.5S2 12 2 12zM12 9a3 3 0 1 1 0 6a3 3 0 1 1 0-6z',
  // The navigation's icons, by the Material names the navigation table uses.
  point_of_sale: 'M4 13h16v7H4zM6 13V9h12v4M9 9V4h6v5M8 16.5h1M11.5 16.5h1M15 16.5h1',
  people: 'M9 5a3 3 0 1 1 0 6a3 3 0 1 1 0-6zM3 19c0-3 2.7-5 6-5s6 2 6 5M16 5.5a3 3 0 0 1 0 5.5M18 14c2 .5 3 2.3 3 5',
  receipt: 'M6 3h12v18l-3-2l-3 2l-3-2l-3 2zM9 8h6M9 12h6M9 16h3',
  receipt_long: 'M5 3h14v18l-2.5-1.5L14 21l-2-1.5L10 21l-2.5-1.5L5 21zM8 7h8M8 10.5h8M8 14h8M8 17.5h4',
  today: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 13.5h3v3H8z',
  balance: 'M12 4v16M7 20h10M4 8h16M4 8l-2.5 6a2.5 2.5 0 0 0 5 0zM20 8l-2.5 6a2.5 2.5 0 0 0 5 0z',
  science: 'M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3M7.5 14h9',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 15v2',
  description: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  work: 'M3 8h18v12H3zM9 8V5h6v3M3 13h18',
  mail: 'M3 6h18v12H3zM3 6l9 7l9-7',
  email: 'M3 6h18v12H3zM3 6l9 7l9-7',
  sms: 'M4 5h16v11H9l-5 4zM8 10.5h.5M12 10.5h.5M16 10.5h.5',
  settings: 'M4 7h10M18 7h2M4 17h2M10 17h10M16 5v4M8 15v4',
  person: 'M12 4a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM4 20c0-4 4-6 8-6s8 2 8 6',
  person_add: 'M10 4a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM3 20c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6',
  visibility: 'M2 12s3.5-6.5 10-6.5S22 12 22 12s-3.5 6.5-10 6.5S2 12 2 12zM12 9a3 3 0 1 1 0 6a3 3 0 1 1 0-6z',
  event: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  notifications: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  local_shipping: 'M3 6h11v10H3zM14 10h4l3 3v3h-7M7 17a1.5 1.5 0 1 1 0 3a1.5 1.5 0 1 1 0-3zM17 17a1.5 1.5 0 1 1 0 3a1.5 1.5 0 1 1 0-3z',
  map: 'M9 4L3 6v14l6-2l6 2l6-2V4l-6 2zM9 4v14M15 6v14',
  dot: 'M12 10.5a1.5 1.5 0 1 1 0 3a1.5 1.5 0 1 1 0-3z',
  more: 'M12 5.5h.01M12 12h.01M12 18.5h.01M11 5.5a1 1 0 1 0 2 0a1 1 0 1 0-2 0M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M11 18.5a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4',
  palette: 'M12 3a9 9 0 1 0 0 18c1.2 0 1.8-.8 1.8-1.7c0-1.3-1.1-1.6-1.1-2.7c0-.9.7-1.6 1.6-1.6H17a4 4 0 0 0 4-4c0-4.4-4-8-9-8zM7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01',
} as const;

export type IconName = keyof typeof paths;
export const isIconName = (name: string | undefined): name is IconName =>
  name !== undefined && Object.hasOwn(paths, name);

/**
 * Decorative: the control around it carries the accessible name. `mirrored` icons point the other way in
 * right-to-left layouts (arrows, chevrons).
 */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return <SvgIcon d={paths[name]} size={size} mirrored={name === 'chevronEnd'} />;
}
