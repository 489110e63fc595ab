import { authApi } from './auth-api';
import { AUTH_LABELS } from './labels';
import { PhoneCodeForm } from './phone-code-form';
import { useCompleteSignIn } from './use-complete-sign-in';

const TEST_IDS = {
  form: 'code-login-form',
  phone: 'sms-phone',
  code: 'sms-code',
  send: 'sms-send',
  submit: 'sms-submit',
};

/** 验证码登录: phone and SMS code (spec 2.3). */
export function CodeLoginForm() {
  const completeSignIn = useCompleteSignIn();
  return (
    <PhoneCodeForm
      send={authApi.sendLoginCode}
      submit={authApi.codeLogin}
      onDone={completeSignIn}
      submitLabel={AUTH_LABELS.signIn}
      testIds={TEST_IDS}
    />
  );
}
