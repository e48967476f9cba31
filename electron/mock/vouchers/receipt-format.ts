// docs/decisions.md "Vouchers" lists the receipt formats jpeg, png, gif, bmp, webp, raw, ico, pdf,
// tiff. The mock judges a receipt by the extension of its URL's path (it never downloads it), case
// insensitive, query and fragment ignored; `jpg` and `tif`, the usual short spellings of jpeg and
// tiff, are accepted too.
export const RECEIPT_EXTENSIONS = [
  'jpeg',
  'jpg',
  'png',
  'gif',
  'bmp',
  'webp',
  'raw',
  'ico',
  'pdf',
  'tiff',
  'tif',
] as const;

export function isSupportedReceipt(url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return false;
  }
  return RECEIPT_EXTENSIONS.some((extension) => path.endsWith(`.${extension}`));
}
