// The head-office page's entry (renderer/head-office.html): served by `npm run head-office`, by
// browser mode at /head-office.html, and in the desktop app from the menu ("Oficina central").
// Its bridge methods and texts load with it, not with the counter's page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { headOfficeMethods } from '../../shared/bridge/head-office';
import { registerBridgeMethods } from '../bridge/call';
import '../styles/base.css';
import '../styles/screens.css';
import '../styles/head-office.css';
import { OfficeApp } from './office-app';
import { loadOfficeTexts } from './office-language';

registerBridgeMethods(headOfficeMethods);

const root = document.getElementById('root');
if (root) {
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <OfficeApp />
      </StrictMode>,
    );
  // Its words first (a failed load reads as Spanish keys' fallback: never a blank page).
  loadOfficeTexts().then(render, render);
}
