/** `/epc/order/add`: a new order from the customer form (`./stage`'s `CustomerForm`); on create, the order's detail. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { detailPath, ORDER_LIST, useOrderRefresh } from './api';
import { CustomerForm } from './stage/stage-panel';

export function OrderAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useOrderRefresh();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('epc.route.add')}</h2>}>
      <CustomerForm
        onCreated={(id) => {
          void refresh();
          void navigate(detailPath(id), { replace: true });
        }}
        onCancel={() => void navigate(ORDER_LIST)}
      />
    </Card>
  );
}
