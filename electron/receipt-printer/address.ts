// A printer address from settings or the command line, parsed once.
import { PrinterAddress } from '../../shared/bridge/printer';

export const DEFAULT_RAW_PORT = 9100;

export type ParsedAddress =
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'queue'; name: string };

export function parseAddress(text: string): ParsedAddress | null {
  const checked = PrinterAddress.safeParse(text);
  if (!checked.success) return null;
  const value = checked.data;
  if (value.startsWith('queue:')) return { kind: 'queue', name: value.slice('queue:'.length) };
  const [host = '', port] = value.slice('tcp://'.length).split(':');
  const number = port === undefined ? DEFAULT_RAW_PORT : Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) return null;
  return { kind: 'tcp', host, port: number };
}
