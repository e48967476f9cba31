export { atom, type Block, type ReceiptDocument, type TextLine } from './blocks';
export { printable } from './code-page';
export { type PrintContext, shortId } from './context';
export { type DayCloseData, dayClose, terminalCounts } from './day-close';
export { saleRecord } from './sale-record';
export { type StoreCloseData, storeClose } from './store-close';
export { testPage } from './test-page';
export { layoutText, RECEIPT_COLUMNS, type ReceiptColumns, wrapWords } from './text-layout';
export { undoRecord } from './undo-record';
