// The dialog of a change that needs re-authentication first (mobile, email): 验证身份, then the change with the
// re-authentication ticket, then its result. A refused ticket (expired) goes back to the first step.
import { ACCOUNT_CODE, MSG } from '@uc/shared';
import { Modal, Steps } from 'antd';
import { type ReactNode, useState } from 'react';
import { toastError } from '../../../lib/ui/feedback';
import { businessCode } from '../model/failure';
import { ReauthForm } from './reauth-form';

/** What the change step gets: the ticket, how to finish with a result, how to start again. */
export interface ReauthChange<Result> {
  ticket: string;
  done: (result: Result) => void;
  /** Whether the change failed for its ticket (expired): then it says so and goes back to 验证身份. */
  restartOnLostTicket: (error: unknown) => boolean;
}

/** The props of a dialog built on the wizard (修改手机, 绑定邮箱). */
export interface ReauthDialogProps {
  open: boolean;
  onClose: () => void;
  userId: number;
  /** The key of the re-authentication captcha (the username). */
  captchaKey: string;
  /** The current mobile, masked ('' for none): where the re-authentication code goes. */
  mobile: string;
  /** Whether the mobile or email was bound when the dialog opened: 修改…, else 绑定…. */
  bound: boolean;
}

export interface ReauthWizardProps<Result> extends Omit<ReauthDialogProps, 'userId' | 'bound'> {
  title: string;
  /** The titles of the second and third steps. */
  steps: readonly [string, string];
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
  const restartOnLostTicket = (error: unknown) => {
    if (businessCode(error) !== ACCOUNT_CODE.reauthRequired) return false;
    toastError(MSG.reauthRequired);
    setTicket('');
    return true;
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
      {step === 1 && change({ ticket, done: (value) => setOutcome({ value }), restartOnLostTicket })}
      {outcome && result(outcome.value, close)}
    </Modal>
  );
}
