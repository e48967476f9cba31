// What the mock server (a separate process) says of a funding, through its own endpoints: billed
// or not (v2 Check funding code) and the in-store payments in the day summary's detail.

import { storeDay } from '../../electron/journal/store-day';
import { DaySummary, FundingInfo } from '../../shared/api/in-store';
import type { MockServer } from './processes';

export type MockState = { billed: boolean; externalRows: number[] };

export async function mockStateOf(mock: MockServer, dni: string, code: string): Promise<MockState> {
  const get = async (path: string) => {
    const response = await fetch(`${mock.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${mock.token}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const info = FundingInfo.parse(
    await get(`/pos/client/inhouse-downpayment/v2/info?dni=${dni}&funding_code=${code}`),
  );
  const { now } = (await get('/__mock/clock')) as { now: string };
  const day = storeDay(new Date(now));
  const summary = DaySummary.parse(
    await get(`/pos/client/inhouse-downpayment/v2/day-summary?day=${day}&detail=true`),
  );
  const externalRows = (summary.order_detail ?? [])
    .filter((row) => row.dni === dni && row.payment_origin === 'external')
    .map((row) => row.amount);
  return { billed: info.billed_by_ecommerce, externalRows };
}
