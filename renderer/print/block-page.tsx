import type { z } from 'zod';
import type { BlockSchema } from '../../shared/bridge/printer';

type Block = z.infer<typeof BlockSchema>;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A document's blocks as an A4 page: the same layout the PDF and the receipt printer use. */
export function BlockPage({ blocks }: { blocks: readonly Block[] }) {
  const out: React.ReactNode[] = [];
  let rows: React.ReactNode[] = [];
  const flush = (key: number) => {
    if (rows.length === 0) return;
    out.push(
      <table key={`t${key}`} className="print-detail">
        <tbody>{rows}</tbody>
      </table>,
    );
    rows = [];
  };
  // Blocks are fixed once laid out: their place is their identity.
  for (const [index, block] of blocks.entries()) {
    if (block.kind === 'entry' || block.kind === 'columns') {
      const [first = '', ...rest] = block.cells.map(plain);
      const head = block.kind === 'columns';
      const Cell = head ? 'th' : 'td';
      rows.push(
        <tr
          key={index}
          className={block.kind === 'entry' && block.subtotal ? 'print-subtotal' : undefined}
        >
          <Cell>{first}</Cell>
          <Cell>{rest.join('   ')}</Cell>
          <Cell className="num">{plain(block.amount)}</Cell>
        </tr>,
      );
      continue;
    }
    flush(index);
    switch (block.kind) {
      case 'title':
        out.push(<h1 key={index}>{plain(block.text)}</h1>);
        break;
      case 'heading':
        out.push(<h2 key={index}>{plain(block.text)}</h2>);
        break;
      case 'text':
        out.push(
          <p
            key={index}
            className={`print-text${block.align === 'center' ? ' center' : ''}${block.bold ? ' strong' : ''}${block.keepWithNext ? ' keep-with-next' : ''}`}
          >
            {plain(block.text)}
          </p>,
        );
        break;
      case 'field':
        out.push(
          <p key={index} className={`print-field${block.bold ? ' strong' : ''}`}>
            <span>{plain(block.label)}</span>
            <span className="num">{plain(block.value)}</span>
          </p>,
        );
        break;
      case 'rule':
        out.push(<hr key={index} />);
        break;
      case 'blank':
        out.push(<br key={index} />);
        break;
      case 'signature':
        out.push(
          <p key={index} className="print-signature">
            {plain(block.label)}
          </p>,
        );
        break;
      case 'mark':
        out.push(
          <p key={index} className="print-training-mark" data-testid="training-mark">
            {plain(block.text)}
          </p>,
        );
        break;
    }
  }
  flush(blocks.length);
  return <div className="block-page">{out}</div>;
}
