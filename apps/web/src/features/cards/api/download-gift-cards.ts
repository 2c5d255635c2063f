// GET /saastools/shoppaycard/cards.xlsx (blob): a paid gift order's cards as .xlsx, downloadable once.
import { CARDS_API, endpoint, type GiftOrderQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob, GiftOrderQuery>()('GET', CARDS_API.giftCardsXlsx, { answer: 'file' });

export function downloadGiftCards(outTradeNo: string): Promise<string> {
  return call(ENDPOINT, { input: { out_trade_no: outTradeNo }, fallbackName: `礼品卡-${outTradeNo}.xlsx` });
}
