// antd's message and modal context holders, handing their APIs to lib/feedback (loaded on first need).
import { Modal, message } from 'antd';
import { useEffect } from 'react';
import { registerMessage, registerModal } from '../lib/ui/feedback';

export function MessageHost() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => registerMessage(api), [api]);
  return holder;
}

export function ModalHost() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => registerModal(modal), [modal]);
  return holder;
}
