import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createRuntime } from './app/runtime';
import './theme/global.css';
import { light17Theme } from './theme/themes/light17.css';

// Module scope: made once per page load, whatever React does with effects.
const runtime = createRuntime({
  sessionStorage: window.sessionStorage,
  localStorage: window.localStorage,
  root: document.documentElement,
});
document.documentElement.classList.add(light17Theme);

const container = document.getElementById('root');
if (!container) throw new Error('index.html needs an element with id "root"');
createRoot(container).render(
  <StrictMode>
    <App runtime={runtime} />
  </StrictMode>,
);
