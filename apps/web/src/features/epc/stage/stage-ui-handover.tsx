/**
 * The handover stages' additions to the stage panel (issue 19; stage-ui.ts): above the FAC sign audit form, the
 * buttons that download the FAC template (PDF, Chinese or English) to print, sign and scan back.
 */
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import * as api from '@helio/contracts/modules/epc/order.handover.api';
import { downloadFile } from '@/core/http/download';
import { endpointOf } from '../process';
import type { OrderDetail, StageUi } from './stage-ui-types';

function FacTemplate({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const download = (language: 'zh-CN' | 'en-US') =>
    void downloadFile(endpointOf(detail.order.process, api.facTemplateExport).url, { orderId: detail.order.id, language }, `FAC-${detail.order.orderNumber}.pdf`).catch(() => undefined);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('epc-handover.fac.hint')}
      // Below the hint, not beside it: on a phone the buttons beside it left the hint a column of single characters.
      description={
        <Space wrap>
          <Button size="small" data-testid="fac-template-zh" onClick={() => download('zh-CN')}>
            {t('epc-handover.fac.downloadZh')}
          </Button>
          <Button size="small" data-testid="fac-template-en" onClick={() => download('en-US')}>
            {t('epc-handover.fac.downloadEn')}
          </Button>
        </Space>
      }
    />
  );
}

export const HANDOVER_UI: Record<string, StageUi> = {
  fac_sign_audit: { Extra: FacTemplate },
};
