// The dialog of a change that needs re-authentication first (mobile, email): 验证身份, then the change with the
// re-authentication ticket, then its result. A refused ticket (expired) goes back to the first step.
import { Modal, Steps } from 'antd';
import { type ReactNode, useState } from 'react';
import { ReauthForm } from './reauth-form';

/** What the change step gets: the ticket, how to finish with a result, how to start again. */
export interface ReauthChange<Result> {
  ticket: string;
  done: (result: Result) => void;
  ticketLost: () => void;
}

export interface ReauthWizardProps<Result> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The titles of the second and third steps. */
  steps: readonly [string, string];
  captchaKey: string;
  /** The current mobile, masked ('' for none): where the re-authentication code goes. */
  mobile: string;
  change: (step: ReauthChange<Result>) => ReactNode;
  result: (result: Result, close: () => void) => ReactNode;
}

export function ReauthWizard<Result>({
  open,
  onClose,
  title,
  steps,
  captchaKey,
  mobile,
  change,
  result,
}: ReauthWizardProps<Result>) {
  const [ticket, setTicket] = useState('');
  const [outcome, setOutcome] = useState<{ value: Result } | null>(null);
  const step = outcome ? 2 : ticket ? 1 : 0;

  const close = () => {
    onClose();
    setTicket('');
    setOutcome(null);
  };

  return (
    <Modal open={open} title={title} onCancel={close} footer={null} destroyOnHidden width={460}>
      <Steps
        size="small"
        current={step}
        items={[{ title: '验证身份' }, { title: steps[0] }, { title: steps[1] }]}
        style={{ margin: '8px 0 24px' }}
        responsive={false}
      />
      {step === 0 && <ReauthForm mobile={mobile} captchaKey={captchaKey} onPassed={setTicket} />}
      {step === 1 &&
        change({ ticket, done: (value) => setOutcome({ value }), ticketLost: () => setTicket('') })}
      {outcome && result(outcome.value, close)}
    </Modal>
  );
}
