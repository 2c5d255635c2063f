// /cards/buy?product=&count= (购买礼品卡): the order page of gift cards, paid by the same checkout as a plan; once
// paid the member is on 购买卡 with the order's card numbers and secrets.
import { useSearchParams } from 'react-router';
import { useAccess } from '../../lib/access';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { BadOrderLink } from './components/bad-order-link';
import { Checkout } from './components/checkout';
import { SubAccountResult } from './components/sub-account-result';
import { parseGiftOrderParams } from './model/order-params';
import './commerce.css';

export function GiftOrderPage({ title }: { title?: string }) {
  useDocumentTitle(title || '购买礼品卡');
  const [search] = useSearchParams();
  const access = useAccess();
  const params = parseGiftOrderParams(search);
  if (access.isSub) return <SubAccountResult />;
  if (!params) return <BadOrderLink />;
  return <Checkout key={params.gift} params={params} kind="gift" />;
}
