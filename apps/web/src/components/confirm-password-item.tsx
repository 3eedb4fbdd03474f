import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmPasswordItemProps {
  /** This field's name. */
  name: string;
  label: string;
  /** The field it must equal. */
  matches: string;
  /** Message when it is empty. */
  requiredMessage: string;
}

/** "Type the password again": required, and equal to the field it confirms (re-checked when that one changes). */
export function ConfirmPasswordItem({ name, label, matches, requiredMessage }: ConfirmPasswordItemProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      dependencies={[matches]}
      rules={[
        { required: true, message: requiredMessage },
        ({ getFieldValue }) => ({
          validator: (_, value) =>
            !value || getFieldValue(matches) === value ? Promise.resolve() : Promise.reject(new Error(t('register.rule.mismatch'))),
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
