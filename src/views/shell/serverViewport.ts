import { createContext, useContext } from 'react';

const ServerViewportContext = createContext(true);

/**
 * On the server (src/firstPaint/render.tsx): whether the reader's screen is probably wide (a desktop browser), for
 * the shell's layout queries, which have no screen to ask there. Browsers answer from the screen itself.
 */
export const ServerViewportProvider = ServerViewportContext.Provider;

export const useServerWide = () => useContext(ServerViewportContext);
