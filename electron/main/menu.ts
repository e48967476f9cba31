// The app menu: the screens with their F-keys (the same keys the renderer shows on screen), so
// a cashier can work without the mouse.
import type { MenuItemConstructorOptions } from 'electron';

export type MenuLabels = { app: string; screens: string; view: string; quit: string };

export const SCREEN_SHORTCUTS = [
  { key: 'F2', route: '#/sale', label: { 'es-PE': 'Venta', en: 'Sale' } },
  { key: 'F3', route: '#/check', label: { 'es-PE': 'Consulta v2', en: 'v2 check' } },
  { key: 'F4', route: '#/undo', label: { 'es-PE': 'Deshacer facturación', en: 'Undo billing' } },
  { key: 'F6', route: '#/summary', label: { 'es-PE': 'Resumen del día', en: 'Day summary' } },
  { key: 'F7', route: '#/training', label: { 'es-PE': 'Entrenamiento', en: 'Training' } },
  { key: 'F8', route: '#/settings', label: { 'es-PE': 'Configuración', en: 'Settings' } },
  { key: 'F9', route: '#/orders', label: { 'es-PE': 'Pedidos', en: 'Orders' } },
] as const;

/** The head-office page's menu item (docs/head-office.md), offered where it can be read. */
export const HEAD_OFFICE_LABEL = { 'es-PE': 'Oficina central', en: 'Head office' } as const;

export function buildMenuTemplate(
  language: 'es-PE' | 'en',
  navigate: (route: string) => void,
  options: {
    devTools: boolean;
    /** Opens the head-office page; absent where this terminal cannot read head office. */
    headOffice?: (() => void) | undefined;
  },
): MenuItemConstructorOptions[] {
  const es = language === 'es-PE';
  const headOffice = options.headOffice;
  return [
    {
      label: 'Mostrador',
      submenu: [{ role: 'quit', label: es ? 'Salir' : 'Quit' }],
    },
    {
      label: es ? 'Pantallas' : 'Screens',
      submenu: [
        ...SCREEN_SHORTCUTS.map(
          (s): MenuItemConstructorOptions => ({
            label: s.label[language],
            accelerator: s.key,
            click: () => navigate(s.route),
          }),
        ),
        ...(headOffice
          ? [
              { type: 'separator' } as const,
              { label: HEAD_OFFICE_LABEL[language], click: () => headOffice() },
            ]
          : []),
      ],
    },
    {
      label: es ? 'Ver' : 'View',
      submenu: [
        { role: 'zoomIn', label: es ? 'Acercar' : 'Zoom in' },
        { role: 'zoomOut', label: es ? 'Alejar' : 'Zoom out' },
        { role: 'resetZoom', label: es ? 'Tamaño real' : 'Actual size' },
        { role: 'togglefullscreen', label: es ? 'Pantalla completa' : 'Full screen' },
        ...(options.devTools ? [{ role: 'toggleDevTools' as const }] : []),
      ],
    },
  ];
}
