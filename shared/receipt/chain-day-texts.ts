// The printed chain's day's words (shared/receipt/chain-day.ts), Spanish (Peru) and English:
// kept apart from texts.ts, which the store's own documents share.
import type { Language } from '../bridge/settings';

const ES = {
  title: 'Oficina central: día de la cadena',
  readFrom: 'Leído de',
  database: 'la base de datos de la cadena',
  practice: 'la cadena de práctica (entrenamiento)',
  asOf: 'Leído a las',
  filter: 'Filtro',
  filterRegion: 'región {region}',
  filterText: '«{text}»',
  stores: 'Tiendas',
  closed: 'Cerradas',
  closedOf: '{closed} de {stores}',
  withExceptions: 'Cerradas con excepciones',
  atStake: 'Dinero en juego',
  notClosed: 'Sin cerrar (el día terminó)',
  silent: 'Con una caja en silencio',
  afterClose: 'Con líneas después del cierre',
  noActivity: 'Sin actividad',
  collected: 'Cobrado en tienda',
  billed: 'Ventas facturadas',
  undone: 'Deshechas',
  attention: 'Tiendas que piden atención ({count})',
  colStore: 'Tienda',
  colState: 'Estado',
  colAmount: 'En juego / cobrado',
  more: '… y {count} tiendas más: véalas en la página o en el CSV.',
  balanced: 'Cerradas y cuadradas ({count})',
  none: 'Ninguna.',
  moreNames: 'y {count} más',
  footnote:
    'Oficina central lee los cierres y las cifras del día en la base de la cadena; no consulta el servicio de financiamiento ni muestra el DNI de ningún cliente.',
  mark: 'ENTRENAMIENTO - NO VÁLIDO',
  'state.exceptions': 'Cerrada con {count} excepciones',
  'state.exceptionsOne': 'Cerrada con 1 excepción',
  'state.after-close': 'Cerrada; llegaron líneas después del cierre',
  'state.silent': 'Una caja en silencio',
  'state.silentClosed': 'Cerrada con una caja en silencio',
  'state.off': 'Cerrada; una caja fuera del día',
  'state.balanced': 'Cerrada y cuadrada',
  'state.not-closed': 'Sin cerrar',
  'state.notClosedOpen': 'Sin cerrar; {count} sin respuesta',
  'state.today': 'En curso',
  'state.no-activity': 'Sin actividad',
  'state.absent': '—',
} as const;

export type ChainDayTextKey = keyof typeof ES;

const EN: Record<ChainDayTextKey, string> = {
  title: "Head office: the chain's day",
  readFrom: 'Read from',
  database: "the chain's store database",
  practice: 'the practice chain (training)',
  asOf: 'Read at',
  filter: 'Filter',
  filterRegion: 'region {region}',
  filterText: '“{text}”',
  stores: 'Stores',
  closed: 'Closed',
  closedOf: '{closed} of {stores}',
  withExceptions: 'Closed with exceptions',
  atStake: 'Money at stake',
  notClosed: 'Not closed (the day has ended)',
  silent: 'With a silent counter',
  afterClose: 'With lines after the close',
  noActivity: 'No activity',
  collected: 'Collected in store',
  billed: 'Sales billed',
  undone: 'Undone',
  attention: 'Stores that need head office ({count})',
  colStore: 'Store',
  colState: 'State',
  colAmount: 'At stake / collected',
  more: '… and {count} more stores: see them on the page or in the CSV.',
  balanced: 'Closed and balanced ({count})',
  none: 'None.',
  moreNames: 'and {count} more',
  footnote:
    "Head office reads the closes and the day's figures in the chain's database; it does not call the financing service and shows no customer's DNI.",
  mark: 'ENTRENAMIENTO - NO VÁLIDO / TRAINING - NOT VALID',
  'state.exceptions': 'Closed with {count} exceptions',
  'state.exceptionsOne': 'Closed with 1 exception',
  'state.after-close': 'Closed; lines arrived after the close',
  'state.silent': 'A counter is silent',
  'state.silentClosed': 'Closed with a silent counter',
  'state.off': 'Closed; a counter marked off',
  'state.balanced': 'Closed and balanced',
  'state.not-closed': 'Not closed',
  'state.notClosedOpen': 'Not closed; {count} without an answer',
  'state.today': 'In progress',
  'state.no-activity': 'No activity',
  'state.absent': '—',
};

export type ChainDayT = (key: ChainDayTextKey, params?: Record<string, string | number>) => string;

export function chainDayTexts(language: Language): ChainDayT {
  const table: Record<ChainDayTextKey, string> = language === 'en' ? EN : ES;
  return (key, params) =>
    table[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      params?.[name] === undefined ? whole : String(params[name]),
    );
}
