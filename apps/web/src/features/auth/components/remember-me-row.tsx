// Under both login tabs: 一周内自动登录 (remember-me) and the way to recover a password.
import { Checkbox, Form } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../paths';

export function RememberMeRow() {
  return (
    <div className="uc-auth-row" style={{ marginBottom: 20 }}>
      <Form.Item name="rememberMe" valuePropName="checked" noStyle>
        <Checkbox>一周内自动登录</Checkbox>
      </Form.Item>
      <Link to={paths.findpwd}>忘记密码？</Link>
    </div>
  );
}
